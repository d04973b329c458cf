"use client";

import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";
import { BASE_Z_INDEX } from "@/lib/domain/constants";
import { cn } from "./cn";

export interface DialogProps {
  open: boolean;
  /** Called with false when the user closes it: the close control, an overlay click or Escape. */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** A line under the title, also the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Sticky footer, e.g. the action buttons. */
  footer?: ReactNode;
  /** Extra controls left of the close control in the header (e.g. a back button before the title goes there). */
  headerStart?: ReactNode;
  /** Max width in px on large screens; on phones the dialog is the screen width minus 24 px. */
  width?: number;
  className?: string;
  /** Label of the close control; 关闭 by default. */
  closeLabel?: string;
}

/** Classes shared by every overlay (also used by the popup). */
export const overlayClass = "fixed inset-0 bg-slate-900/55 backdrop-blur-[1px] motion-safe:data-[state=open]:animate-fade-in";

/** A centred modal dialog on Radix: title, close control, overlay click and Escape close it, focus is trapped. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  headerStart,
  width = 440,
  className,
  closeLabel = "关闭",
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClass} style={{ zIndex: BASE_Z_INDEX }} data-testid="dialog-overlay" />
        <RadixDialog.Content
          {...(description ? {} : { "aria-describedby": undefined })}
          style={{ zIndex: BASE_Z_INDEX, maxWidth: width }}
          className={cn(
            "fixed top-1/2 left-1/2 flex max-h-[calc(100dvh-48px)] w-[calc(100vw-24px)] -translate-x-1/2 -translate-y-1/2 flex-col",
            "overflow-hidden rounded-2xl bg-white shadow-2xl outline-none motion-safe:data-[state=open]:animate-pop-in",
            className,
          )}
        >
          <div className="flex min-h-14 shrink-0 items-center gap-1 border-b border-slate-100 py-2 pr-2 pl-4">
            {headerStart}
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="truncate text-base font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="text-xs text-slate-500">{description}</RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              aria-label={closeLabel}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand"
            >
              <X aria-hidden="true" size={20} />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4">{children}</div>
          {footer ? (
            <div className="flex shrink-0 gap-3 border-t border-slate-100 px-4 py-3 pb-[max(12px,env(safe-area-inset-bottom))]">
              {footer}
            </div>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
