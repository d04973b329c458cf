import { BASE_Z_INDEX } from "@/lib/domain/constants";
import { cn } from "./cn";

/**
 * Props of a radix menu's or popover's content: a white card beside its trigger, kept 8 px inside the screen and
 * above the page's sticky bars (the account menu, the phone's navigation menu, the date picker).
 */
export function floatingCard({ align, sideOffset = 8, zIndex = BASE_Z_INDEX, className }: {
  align: "start" | "end";
  sideOffset?: number;
  zIndex?: number;
  /** the card's size and padding */
  className: string;
}) {
  return {
    align,
    sideOffset,
    collisionPadding: 8,
    style: { zIndex },
    className: cn("rounded-xl border border-slate-200 bg-white shadow-xl outline-none", className),
  };
}
