import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** The level an article asks for (VIP, SVIP), with a lock while the viewer may read only its lead-in. */
export function LevelTag({ locked, children, className }: { locked: boolean; children: ReactNode; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-0.5 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800", className)}>
      {locked ? <Lock aria-hidden className="h-3 w-3" /> : null}
      {children}
    </span>
  );
}
