"use client";

import { getCookie, setCookie } from "cookies-next/client";
import { expiresAfterDays } from "@/lib/client/cookie-attributes";
import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { CSSProperties, ReactNode } from "react";
import { lighten } from "@/lib/domain/color";
import { BASE_Z_INDEX, POPUP_DEFAULT_COOKIE_DAYS, POPUP_GRADIENT_LIGHTEN } from "@/lib/domain/constants";
import { overlayClass } from "@/components/ui/Dialog";
import { Spinner } from "@/components/ui/Spinner";
import { cn } from "@/components/ui/cn";

export const POPUP_DEFAULT_COOKIE = "popup_shown";
export const POPUP_DEFAULT_THEME = "#1d4ed8";

export interface PopupProps {
  /** Visible or hidden: the parent controls it (SPEC §4). */
  open: boolean;
  title?: string;
  subtitle?: string;
  primaryText?: string;
  secondaryText?: string;
  /** Hex colour of the header and the primary button; their gradient ends 10% lighter. */
  themeColor?: string;
  /** Cookie set to 1 when the popup is closed or an action is taken, so a parent can skip showing it again. */
  cookieName?: string;
  cookieDays?: number;
  /** While true the buttons show a loader and do nothing. */
  disabled?: boolean;
  /** Overlay click, the close control or Escape. */
  onClose?: () => void;
  onPrimary?: () => void;
  onSecondary?: () => void;
  /** The body of the popup: the recommendation itself. */
  children?: ReactNode;
}

/** True unless the popup with this cookie was closed or answered within its cookie lifetime. */
export function shouldShowPopup(cookieName: string = POPUP_DEFAULT_COOKIE): boolean {
  return getCookie(cookieName) !== "1";
}

function remember(cookieName: string, cookieDays: number) {
  setCookie(cookieName, "1", { expires: expiresAfterDays(cookieDays), path: "/", sameSite: "lax" });
}

const actionClass =
  "inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-full px-4 text-[15px] font-medium transition-opacity aria-disabled:cursor-not-allowed aria-disabled:opacity-70";

/** One of the popup's two buttons; while `busy` it shows a spinner and ignores presses (aria-disabled, still focusable). */
function PopupAction({ busy, onClick, className, style, children }: {
  busy: boolean;
  onClick: () => void;
  className: string;
  style: CSSProperties;
  children: ReactNode;
}) {
  return (
    <button type="button" aria-disabled={busy || undefined} aria-busy={busy || undefined} onClick={onClick} className={cn(actionClass, className)} style={style}>
      {busy ? <Spinner size={16} label="" /> : null}
      {children}
    </button>
  );
}

/** The reusable recommendation popup of SPEC §2. */
export function Popup({
  open,
  title = "通知",
  subtitle,
  primaryText = "确认",
  secondaryText = "取消",
  themeColor = POPUP_DEFAULT_THEME,
  cookieName = POPUP_DEFAULT_COOKIE,
  cookieDays = POPUP_DEFAULT_COOKIE_DAYS,
  disabled = false,
  onClose,
  onPrimary,
  onSecondary,
  children,
}: PopupProps) {
  const gradient = `linear-gradient(135deg, ${themeColor}, ${lighten(themeColor, POPUP_GRADIENT_LIGHTEN)})`;

  const close = () => {
    remember(cookieName, cookieDays);
    onClose?.();
  };
  const act = (handler?: () => void) => () => {
    if (disabled) return;
    remember(cookieName, cookieDays);
    handler?.();
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClass} style={{ zIndex: BASE_Z_INDEX }} data-testid="popup-overlay" />
        <RadixDialog.Content
          {...(subtitle ? {} : { "aria-describedby": undefined })}
          style={{ zIndex: BASE_Z_INDEX }}
          className="fixed top-1/2 left-1/2 flex max-h-[calc(100dvh-48px)] w-[calc(100vw-48px)] max-w-[360px] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-white shadow-2xl outline-none motion-safe:data-[state=open]:animate-pop-in"
        >
          <div className="relative shrink-0 px-5 pt-6 pb-5 text-center text-white" style={{ background: gradient }} data-testid="popup-header">
            <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
            {subtitle ? (
              <RadixDialog.Description className="mt-1 text-sm text-white/90">{subtitle}</RadixDialog.Description>
            ) : null}
            <RadixDialog.Close
              aria-label="关闭"
              className="absolute top-1 right-1 inline-flex size-10 items-center justify-center rounded-full text-white/90 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
            >
              <X aria-hidden="true" size={20} />
            </RadixDialog.Close>
          </div>
          {children ? (
            <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4 text-[15px] leading-relaxed text-slate-700">{children}</div>
          ) : null}
          <div className="flex shrink-0 gap-3 px-5 pt-2 pb-5">
            <PopupAction busy={disabled} onClick={act(onSecondary)} className="border bg-white" style={{ borderColor: themeColor, color: themeColor }}>
              {secondaryText}
            </PopupAction>
            <PopupAction busy={disabled} onClick={act(onPrimary)} className="text-white shadow-sm" style={{ background: gradient }}>
              {primaryText}
            </PopupAction>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
