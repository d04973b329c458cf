import { Fragment, type ReactNode } from "react";
import { cn } from "./cn";

/**
 * Two (or more) figures stacked in one table cell — 同花顺-style rows: 方向 over 数量, 价格 over 金额 — so a trade's
 * every figure fits a 375 px phone without swiping. The first line is the figure, the next ones smaller and grey;
 * empty lines are left out. Screen readers hear the lines apart (a hidden separator between them).
 */
export function Lines({ children, align = "left", className }: { children: ReactNode[]; align?: "left" | "right"; className?: string }) {
  const lines = children.filter((line) => line !== null && line !== undefined && line !== false && line !== "");
  return (
    <span className={cn("flex flex-col gap-0.5 leading-tight whitespace-nowrap", align === "right" && "items-end text-right", className)}>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? <span className="sr-only"> · </span> : null}
          <span className={i > 0 ? "text-xs text-slate-500" : undefined}>{line}</span>
        </Fragment>
      ))}
    </span>
  );
}
