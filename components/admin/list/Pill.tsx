import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** A status word on a tinted background (已公开, 生效中, 在售); `className` gives the tint. */
export function Pill({ className, children, testId }: { className: string; children: ReactNode; testId?: string }) {
  return <span data-testid={testId} className={cn("inline-block whitespace-nowrap rounded px-1.5 py-px text-xs font-medium", className)}>{children}</span>;
}

/** 演示数据 beside the name of a master, strategy or article the demo seed made. */
export function DemoBadge() {
  return <span className="ml-1.5 whitespace-nowrap rounded bg-amber-50 px-1.5 py-px text-xs text-amber-800">演示数据</span>;
}
