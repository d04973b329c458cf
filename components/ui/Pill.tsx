import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** A status word on a tinted background (已公开, 生效中, 在售, 已支付); `className` gives the tint. */
export function Pill({ className, children, testId }: { className: string; children: ReactNode; testId?: string }) {
  return <span data-testid={testId} className={cn("inline-block whitespace-nowrap rounded px-1.5 py-px text-xs font-medium", className)}>{children}</span>;
}
