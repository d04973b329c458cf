"use client";

import { ArrowLeft, Check, Copy, Link2, MessageCircle, Send, Share2 } from "lucide-react";
import QRCode from "qrcode";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { notify } from "@/lib/client/toast";
import { COPY_SUCCESS_MS, QR_ERROR_CORRECTION, QR_SIZE, SHARE_TOAST_MS } from "@/lib/domain/constants";
import {
  buildShareLinks,
  SHARE_LINK_KEYS,
  shareCopyText,
  shortLinkText,
  weiboShareUrl,
  type ShareLink,
  type ShareLinkKey,
} from "@/lib/domain/share-links";
import { inAppShareHost, type InAppShareHost } from "@/lib/domain/in-app-browser";
import { Dialog } from "@/components/ui/Dialog";
import { Spinner } from "@/components/ui/Spinner";
import { cn } from "@/components/ui/cn";
import { copyToClipboard, selectAll } from "./clipboard";
import { ShareGuide } from "./ShareGuide";
import { useShareState, type ShareChannel } from "./share-state";

export const SHARE_TITLE = "分享 - 邀请好友得SVIP";

export const QR_TITLES: Record<ShareChannel, string> = {
  wechat: "分享到微信",
  qq: "分享到QQ",
  weibo: "分享到微博",
};

export const QR_INSTRUCTIONS: Record<ShareChannel | "other", string> = {
  wechat: "打开微信扫一扫，点击右上角“···”，选择分享到朋友圈或发送给朋友",
  qq: "打开QQ扫一扫，点击右上角“···”，选择分享到QQ空间或发送给好友",
  weibo: "扫码登录微博后，分享到你的微博",
  other: "扫描二维码分享",
};

const CHANNELS: { channel: ShareChannel; name: string; icon: ReactNode; color: string }[] = [
  { channel: "wechat", name: "微信", icon: <MessageCircle aria-hidden="true" size={24} />, color: "bg-[#07c160]" },
  { channel: "qq", name: "QQ", icon: <Send aria-hidden="true" size={22} />, color: "bg-[#1677ff]" },
  { channel: "weibo", name: "微博", icon: <Share2 aria-hidden="true" size={22} />, color: "bg-[#e6162d]" },
];

export interface ShareDialogProps {
  /** Canonical origin, e.g. https://www.example.com. */
  siteUrl: string;
  /** Overrides the member's invitation code read from the user info when the dialog opened. */
  invitationCode?: string;
  siteName?: string;
}

/** Per-button "copied" flags that switch themselves off after COPY_SUCCESS_MS. */
function useTransientFlags() {
  const [flags, setFlags] = useState<Record<string, boolean>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => clearTimeout(t));
  }, []);
  const raise = useCallback((id: string) => {
    setFlags((f) => ({ ...f, [id]: true }));
    clearTimeout(timers.current.get(id));
    timers.current.set(
      id,
      setTimeout(() => setFlags((f) => ({ ...f, [id]: false })), COPY_SUCCESS_MS),
    );
  }, []);
  return [flags, raise] as const;
}

/** WeChat or QQ when the page runs in their in-app browser (read once: the dialog renders only in the browser). */
function useInAppHost(): InAppShareHost | null {
  const [host] = useState(() => (typeof navigator === "undefined" ? null : inAppShareHost(navigator.userAgent)));
  return host;
}

/**
 * The share dialog of SPEC §2/§4 and its QR-code dialog. Open it with useShare().openShare(). Inside WeChat and QQ
 * their channels show the guide to the app's own 「···」 menu instead of a QR code (ADR 0038).
 */
export function ShareDialog({ siteUrl, invitationCode, siteName }: ShareDialogProps) {
  const share = useShareState();
  const { view, showQr, showGuide, showMain, closeShare } = share;
  const links = buildShareLinks(siteUrl, share.currentUrl, invitationCode ?? share.invitationCode, siteName);
  const [copied, markCopied] = useTransientFlags();
  const [fullShown, setFullShown] = useState<Partial<Record<ShareLinkKey, boolean>>>({});
  const inputs = useRef<Partial<Record<ShareLinkKey, HTMLInputElement | null>>>({});
  const host = useInAppHost();

  const copy = async (key: ShareLinkKey, link: ShareLink, linkOnly: boolean) => {
    const ok = await copyToClipboard(linkOnly ? link.url : shareCopyText(link));
    if (ok) {
      markCopied(`${key}:${linkOnly ? "link" : "text"}`);
      notify({ type: "success", message: linkOnly ? "链接复制成功" : "复制成功", duration: SHARE_TOAST_MS });
    } else {
      // The whole link in a field, selected, to copy by hand (it selects itself when it appears).
      const input = inputs.current[key];
      if (input) selectAll(input);
      else setFullShown((shown) => ({ ...shown, [key]: true }));
      notify({ type: "error", message: "复制失败，请手动复制", duration: SHARE_TOAST_MS });
    }
  };

  const choose = (channel: ShareChannel) => {
    if (channel !== "weibo" && host) {
      // The app shares the address in the location bar: give it the invitation code first.
      try {
        if (new URL(links.current.url).origin === window.location.origin) window.history.replaceState(null, "", links.current.url);
      } catch {
        // Not a URL of this page: the guide still shows, the shared address stays as it is.
      }
      showGuide(channel);
      return;
    }
    if (channel !== "weibo") {
      showQr(channel, links.current.url);
      return;
    }
    const target = weiboShareUrl(links.current);
    const opened = window.open(target, "_blank");
    if (opened) opened.opener = null;
    // A blocked pop-up (some in-app browsers): offer Weibo's share page as a QR code instead.
    else showQr("weibo", target);
  };

  const qr = view.kind === "qr" ? view : null;

  return (
    <>
      <Dialog open={view.kind === "main"} onOpenChange={(open) => (open ? undefined : closeShare())} title={SHARE_TITLE} width={460}>
        <div className="grid grid-cols-3 gap-2">
          {CHANNELS.map(({ channel, name, icon, color }) => (
            <button
              key={channel}
              type="button"
              onClick={() => choose(channel)}
              className="flex min-h-20 flex-col items-center justify-center gap-1.5 rounded-xl py-2 text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand"
            >
              <span className={cn("flex size-11 items-center justify-center rounded-full text-white", color)}>{icon}</span>
              {name}
            </button>
          ))}
        </div>
        <ul className="mt-3 space-y-3 border-t border-slate-100 pt-3">
          {SHARE_LINK_KEYS.map((key) => {
            const link = links[key];
            const textCopied = copied[`${key}:text`];
            const linkCopied = copied[`${key}:link`];
            return (
              <li key={key}>
                <div className="flex items-center gap-2">
                  <span id={`share-${key}-label`} className="min-w-0 flex-1 truncate text-sm font-medium text-slate-800">
                    {link.label}
                  </span>
                  <CopyButton done={textCopied} onClick={() => copy(key, link, false)} icon={<Copy aria-hidden="true" size={14} />}>
                    复制
                  </CopyButton>
                  <CopyButton done={linkCopied} onClick={() => copy(key, link, true)} icon={<Link2 aria-hidden="true" size={14} />}>
                    仅复制链接
                  </CopyButton>
                </div>
                {fullShown[key] ? (
                  <FullLinkField
                    url={link.url}
                    labelledBy={`share-${key}-label`}
                    inputRef={(el) => {
                      inputs.current[key] = el;
                    }}
                  />
                ) : (
                  <button
                    type="button"
                    title={link.url}
                    aria-label={`显示${link.label}的完整链接`}
                    data-testid={`share-link-${key}`}
                    onClick={() => setFullShown((shown) => ({ ...shown, [key]: true }))}
                    className="mt-1.5 flex h-10 w-full items-center rounded-lg border border-slate-200 bg-slate-50 px-3 text-left text-[15px] whitespace-nowrap text-slate-600 hover:border-slate-300 focus-visible:outline-2 focus-visible:outline-brand"
                  >
                    {shortLinkText(link.url)}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </Dialog>

      <Dialog
        open={qr !== null}
        onOpenChange={(open) => (open ? undefined : closeShare())}
        title={qr?.channel ? QR_TITLES[qr.channel] : "分享"}
        width={360}
        headerStart={
          <button
            type="button"
            onClick={showMain}
            aria-label="返回"
            className="-ml-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand"
          >
            <ArrowLeft aria-hidden="true" size={20} />
          </button>
        }
      >
        {qr ? <QrCode text={qr.text} instructions={QR_INSTRUCTIONS[qr.channel ?? "other"]} /> : null}
      </Dialog>

      {host ? <ShareGuide open={view.kind === "guide"} host={host} onClose={closeShare} /> : null}
    </>
  );
}

/** The whole link in a read-only field, focused and selected when it appears (to copy by hand). */
function FullLinkField({ url, labelledBy, inputRef }: { url: string; labelledBy: string; inputRef: (el: HTMLInputElement | null) => void }) {
  const own = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    const input = own.current;
    if (!input) return;
    input.focus();
    selectAll(input);
  }, []);
  return (
    <input
      ref={(el) => {
        own.current = el;
        inputRef(el);
      }}
      readOnly
      value={url}
      aria-labelledby={labelledBy}
      onFocus={(e) => selectAll(e.currentTarget)}
      onClick={(e) => selectAll(e.currentTarget)}
      className="mt-1.5 block h-10 w-full rounded-lg border border-slate-200 bg-slate-50 px-3 text-base text-slate-600 focus:border-brand focus:outline-none"
    />
  );
}

function CopyButton({ done, onClick, icon, children }: { done?: boolean; onClick: () => void; icon: ReactNode; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-live="polite"
      className={cn(
        "inline-flex min-h-10 shrink-0 items-center gap-1 rounded-lg border px-2.5 text-[13px] transition-colors focus-visible:outline-2 focus-visible:outline-brand",
        done ? "border-green-600 bg-green-50 text-green-800" : "border-slate-300 bg-white text-slate-700 hover:border-brand hover:text-brand",
      )}
    >
      {done ? <Check aria-hidden="true" size={14} /> : icon}
      {done ? "已复制" : children}
    </button>
  );
}

function QrCode({ text, instructions }: { text: string; instructions: string }) {
  const [image, setImage] = useState<{ text: string; src: string } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { width: QR_SIZE, errorCorrectionLevel: QR_ERROR_CORRECTION, margin: 1 })
      .then((src) => live && setImage({ text, src }))
      .catch(() => live && setFailed(text));
    return () => {
      live = false;
    };
  }, [text]);

  const src = image?.text === text ? image.src : null;
  return (
    <div className="flex flex-col items-center gap-3 pb-2">
      <div className="flex items-center justify-center rounded-xl border border-slate-200 bg-white p-2" style={{ width: QR_SIZE + 18, height: QR_SIZE + 18 }}>
        {src ? (
          // A data: URL made in the browser; next/image has nothing to optimise here.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={src} width={QR_SIZE} height={QR_SIZE} alt="分享二维码" className="block" />
        ) : failed === text ? (
          <p className="px-4 text-center text-sm text-slate-500">二维码生成失败，请复制链接分享</p>
        ) : (
          <Spinner size={24} label="二维码生成中" />
        )}
      </div>
      <p className="max-w-[280px] text-center text-sm leading-6 text-slate-600">{instructions}</p>
    </div>
  );
}
