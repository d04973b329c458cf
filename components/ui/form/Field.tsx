"use client";

import { useId, type ReactNode } from "react";

export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

/**
 * A labelled control: the label names only the control (an action button beside it and the hint stay outside the
 * label, so they do not join its accessible name); the hint describes the control, and `invalid` marks it for
 * assistive technology (the message itself is the form's FeedbackLine).
 */
export function Field({
  label,
  hint,
  action,
  invalid,
  compact = false,
  className,
  children,
}: {
  label: string;
  hint?: ReactNode;
  /** A button beside the control (e.g. 获取验证码). */
  action?: ReactNode;
  invalid?: boolean;
  /** The small grey label of a field inside a table row. */
  compact?: boolean;
  /** The wrapper's place in the form's layout (width, grid span). */
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const control = children({ id, ...(hint ? { "aria-describedby": hintId } : {}), ...(invalid ? { "aria-invalid": true } : {}) });
  return (
    <div className={className}>
      <label htmlFor={id} className={compact ? "mb-0.5 block text-xs text-slate-500" : "mb-1 block text-sm text-slate-600"}>
        {label}
      </label>
      {action ? (
        <div className="flex gap-2">
          <div className="min-w-0 flex-1">{control}</div>
          {action}
        </div>
      ) : (
        control
      )}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
