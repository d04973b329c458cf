"use client";

import type { ReactNode } from "react";
import { BADGE_MAX, type BadgeType } from "@/lib/domain/constants";
import { cn } from "./cn";

export interface BadgeProps {
  /** The count; negative or fractional values are shown as whole numbers ≥ 0. */
  value: number;
  /** Above this the badge shows `{max}+`; 99 by default (SPEC §9). */
  max?: number;
  type?: BadgeType;
  /** Show the badge at 0 (hidden by default). */
  showZero?: boolean;
  /** With children the badge sits on their top-right corner (e.g. an avatar or an icon). */
  children?: ReactNode;
  className?: string;
  /** Screen-reader text, e.g. "5条未读消息"; the visible count is used when absent. */
  label?: string;
}

// White text on each fill passes WCAG AA (≥ 4.5:1).
const TYPES: Record<BadgeType, string> = {
  primary: "bg-brand",
  success: "bg-green-700",
  warning: "bg-amber-700",
  info: "bg-slate-500",
  danger: "bg-red-600",
};

/** "99+" above max, the whole number otherwise. */
export function badgeText(value: number, max = BADGE_MAX): string {
  const n = Math.max(0, Math.floor(Number.isFinite(value) ? value : 0));
  return n > max ? `${max}+` : String(n);
}

export function Badge({ value, max = BADGE_MAX, type = "danger", showZero = false, children, className, label }: BadgeProps) {
  const text = badgeText(value, max);
  const visible = text !== "0" || showZero;
  const pill = visible ? (
    <span
      data-badge-type={type}
      aria-label={label}
      className={cn(
        "inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full px-1.5 text-[11px] leading-none font-semibold text-white tabular-nums",
        TYPES[type],
        children ? "absolute -top-1.5 -right-1.5 ring-2 ring-white" : undefined,
        className,
      )}
    >
      {text}
    </span>
  ) : null;
  if (children === undefined) return pill;
  return (
    <span className="relative inline-flex">
      {children}
      {pill}
    </span>
  );
}
