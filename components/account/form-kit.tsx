"use client";

import { useEffect, useId, useState, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { postFormData, type AuthResult } from "@/components/dialogs/auth-fetch";

/** The same field look as the login dialog. */
export const inputClass =
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand focus:ring-2 focus:ring-brand/20 focus:outline-none";

export type Feedback = { tone: "error" | "success"; text: string } | null;

export function FeedbackLine({ feedback, testId }: { feedback: Feedback; testId?: string }) {
  if (!feedback) return null;
  return (
    <p
      role={feedback.tone === "error" ? "alert" : "status"}
      data-testid={testId}
      className={cn("rounded-lg px-3 py-2 text-sm", feedback.tone === "error" ? "bg-red-50 text-red-700" : "bg-green-50 text-green-800")}
    >
      {feedback.text}
    </p>
  );
}

export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
}

/**
 * A labelled control: the label names only the control (an action button beside it and the hint stay outside the
 * label, so they do not join its accessible name); the hint describes the control.
 */
export function Field({
  label,
  hint,
  action,
  children,
}: {
  label: string;
  hint?: ReactNode;
  /** A button beside the control (e.g. 获取验证码). */
  action?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const control = children({ id, ...(hint ? { "aria-describedby": hintId } : {}) });
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-slate-600">
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

export const RESEND_SECONDS = 60;

/** Seconds left before a code may be asked for again; `start()` begins the count. */
export function useCooldown(seconds = RESEND_SECONDS): { left: number; start: () => void } {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return { left, start: () => setLeft(seconds) };
}

/** Characters as the reader counts them (an emoji or a CJK character is one). */
export function charCount(value: string): number {
  return Array.from(value).length;
}

export const CODE_PATTERN = /^\d{6}$/;

/** The avatar upload's own word for 413; the rest as every form says it. */
function uploadFallback(status: number): string {
  if (status === 413) return "头像图片不能超过 2 MB";
  if (status === 404) return "请求地址不存在";
  if (status >= 500) return "服务器内部错误，请稍后再试";
  return "网络异常，请稍后再试";
}

/** POSTs form data (a file upload) and reads the JSON answer like postJson; never throws. */
export function postForm(path: string, form: FormData): Promise<AuthResult> {
  return postFormData(path, form, uploadFallback);
}
