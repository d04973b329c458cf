"use client";

import { Dialog as RadixDialog } from "radix-ui";
import { BASE_Z_INDEX } from "@/lib/domain/constants";
import type { InAppShareHost } from "@/lib/domain/in-app-browser";

export const SHARE_GUIDE_TITLE = "点击右上角「···」分享";

/** What the app's 「···」 menu offers, in its own words. */
export const SHARE_GUIDE_HINTS: Record<InAppShareHost, string> = {
  wechat: "在弹出的菜单中选择「发送给朋友」或「分享到朋友圈」",
  qq: "在弹出的菜单中选择「发送给好友」或「分享到QQ空间」",
};

/**
 * Inside WeChat or QQ a QR code would have to be scanned by the phone showing it: instead the page is dimmed and an
 * arrow points at the app's own 「···」 button at the top right (ADR 0038). A tap anywhere closes it.
 */
export function ShareGuide({ open, host, onClose }: { open: boolean; host: InAppShareHost; onClose: () => void }) {
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 bg-slate-950/80" style={{ zIndex: BASE_Z_INDEX }} />
        <RadixDialog.Content
          style={{ zIndex: BASE_Z_INDEX }}
          className="fixed inset-0 flex flex-col items-end px-5 pt-[max(8px,env(safe-area-inset-top))] text-white outline-none"
          onClick={onClose}
        >
          <svg
            aria-hidden="true"
            data-testid="share-guide-arrow"
            viewBox="0 0 120 120"
            className="mr-1 size-28 shrink-0 text-white"
            fill="none"
            stroke="currentColor"
            strokeWidth={5}
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M18 112 C 30 60, 60 30, 104 14" />
            <path d="M80 10 L 106 13 L 94 36" />
          </svg>
          <div className="mt-2 w-full text-right">
            <RadixDialog.Title className="text-2xl leading-snug font-semibold">{SHARE_GUIDE_TITLE}</RadixDialog.Title>
            <RadixDialog.Description className="mt-2 text-base leading-relaxed text-white/85">{SHARE_GUIDE_HINTS[host]}</RadixDialog.Description>
            <p className="mt-1 text-sm text-white/70">分享出去的链接已带上你的邀请码</p>
          </div>
          <RadixDialog.Close className="mx-auto mt-auto mb-[max(32px,env(safe-area-inset-bottom))] min-h-11 rounded-full border border-white/70 px-8 text-base font-medium hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white">
            我知道了
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
