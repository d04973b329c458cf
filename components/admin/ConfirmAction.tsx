"use client";

import { useState, type ReactNode } from "react";
import { Button, type ButtonVariant } from "@/components/ui/Button";
import { LazyDialog } from "@/components/ui/LazyDialog";
import { useAdminAction } from "./admin-action";

export interface ConfirmActionProps {
  /** The button's text, e.g. 结束 or 通过. */
  label: string;
  /** Accessible name of the button when the text alone is ambiguous in a list. */
  ariaLabel?: string;
  title: string;
  children: ReactNode;
  confirmText: string;
  endpoint: string;
  payload: unknown;
  /** Toast text after success. */
  success: string;
  variant?: ButtonVariant;
  danger?: boolean;
}

/** A button that asks for confirmation in a dialog, then POSTs the action and re-renders the page. */
export function ConfirmAction({ label, ariaLabel, title, children, confirmText, endpoint, payload, success, variant = "secondary", danger }: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useAdminAction();
  return (
    <>
      <Button variant={variant} size="sm" aria-label={ariaLabel} disabled={pending} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <LazyDialog
        open={open}
        onOpenChange={(next) => (pending ? undefined : setOpen(next))}
        title={title}
        footer={
          <>
            <Button variant="secondary" block disabled={pending} onClick={() => setOpen(false)}>
              取消
            </Button>
            <Button
              block
              loading={pending}
              className={danger ? "bg-red-600 hover:bg-red-700 active:bg-red-700" : undefined}
              onClick={async () => {
                const result = await run(endpoint, payload, success);
                if (result.ok || result.status === 409 || result.status === 404) setOpen(false);
              }}
            >
              {confirmText}
            </Button>
          </>
        }
      >
        <div className="text-[15px] leading-relaxed text-slate-700">{children}</div>
      </LazyDialog>
    </>
  );
}
