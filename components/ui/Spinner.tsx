"use client";

import { LoaderCircle } from "lucide-react";
import { cn } from "./cn";

export interface SpinnerProps {
  /** Pixel size of the icon; 16 by default. */
  size?: number;
  className?: string;
  /** Read by screen readers; 加载中 by default. Pass "" when the surrounding control already says it is busy. */
  label?: string;
}

/** A rotating loader. */
export function Spinner({ size = 16, className, label = "加载中" }: SpinnerProps) {
  return (
    <span role={label ? "status" : undefined} className={cn("inline-flex shrink-0 items-center", className)}>
      <LoaderCircle aria-hidden="true" width={size} height={size} className="animate-spin" data-testid="spinner" />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
