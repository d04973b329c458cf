"use client";

import Link from "@/components/ui/Link";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type ReactNode } from "react";
import { Panel } from "@/components/statements/Panel";
import { Spinner } from "@/components/ui/Spinner";
import { cn } from "@/components/ui/cn";
import { notify } from "@/lib/client/toast";
import { postFollow } from "./follow-api";

export interface NotifyPrefsItem {
  strategyGuid: string;
  name: string;
  /** e-mail on new signals */
  email: boolean;
  href?: string | null;
}

export interface NotifyPrefsProps {
  /** the followed strategies */
  items: NotifyPrefsItem[];
  /** where the e-mails go (shown masked as given); null when the member has no e-mail: the boxes are disabled */
  emailAddress?: string | null;
  /** where to add an e-mail address (with emailAddress null) */
  bindEmailHref?: string;
  title?: ReactNode;
}

function Row({ item, disabled }: { item: NotifyPrefsItem; disabled: boolean }) {
  const router = useRouter();
  const id = useId();
  const [email, setEmail] = useState(item.email);
  const [seen, setSeen] = useState(item.email);
  const [sending, setSending] = useState(false);
  const [, startRefresh] = useTransition();
  if (seen !== item.email) {
    setSeen(item.email);
    setEmail(item.email);
  }

  async function change(next: boolean) {
    setEmail(next);
    setSending(true);
    const result = await postFollow({ strategyGuid: item.strategyGuid, follow: true, email: next });
    setSending(false);
    if (!result.ok) {
      setEmail(!next);
      notify({ type: "error", message: result.message });
      return;
    }
    const saved = typeof result.body.emailSignals === "boolean" ? result.body.emailSignals : next;
    setEmail(saved);
    notify({ type: "success", message: saved ? `「${item.name}」有新信号时会发邮件提醒你` : `「${item.name}」不再发邮件提醒` });
    startRefresh(() => router.refresh());
  }

  return (
    <li data-guid={item.strategyGuid} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2.5 sm:px-4">
      {item.href ? (
        <Link href={item.href} className="min-w-0 font-medium break-words text-slate-900 hover:text-brand hover:underline">
          {item.name}
        </Link>
      ) : (
        <span className="min-w-0 font-medium break-words text-slate-900">{item.name}</span>
      )}
      <label htmlFor={id} className={cn("inline-flex min-h-10 items-center gap-2 text-sm", disabled ? "text-slate-500" : "cursor-pointer text-slate-700")}>
        <input
          id={id}
          type="checkbox"
          checked={email}
          disabled={disabled || sending}
          onChange={(e) => void change(e.target.checked)}
          className="h-4 w-4 accent-brand"
          aria-label={`${item.name}：新信号时发邮件提醒`}
        />
        新信号时发邮件提醒
        {sending ? <Spinner size={14} label="" /> : null}
      </label>
    </li>
  );
}

/**
 * How a member is told about new signals: site notifications are always on; per followed strategy a check box turns
 * the e-mail on or off (POST /api/quant/follow `{strategyGuid, follow: true, email}`).
 */
export function NotifyPrefs({ items, emailAddress, bindEmailHref, title = "信号提醒" }: NotifyPrefsProps) {
  const noEmail = emailAddress === null;
  return (
    <Panel title={title} bodyClassName="p-0" testId="notify-prefs">
      <div className="space-y-1 border-b border-slate-100 px-3 py-2.5 text-xs leading-5 text-slate-500 sm:px-4">
        <p>
          <span className="mr-1 inline-flex rounded bg-brand-soft px-1.5 text-[11px] font-medium text-brand">站内通知 始终开启</span>
          关注的策略有新信号时，都会在「消息」里提醒你。
        </p>
        {noEmail ? (
          <p className="text-amber-800">
            尚未绑定邮箱，无法发邮件提醒
            {bindEmailHref ? (
              <>
                ，
                <Link href={bindEmailHref} className="text-brand underline underline-offset-2">
                  去绑定邮箱
                </Link>
              </>
            ) : null}
            。
          </p>
        ) : emailAddress ? (
          <p>邮件将发送到 {emailAddress}。</p>
        ) : null}
      </div>
      {items.length ? (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <Row key={item.strategyGuid} item={item} disabled={noEmail} />
          ))}
        </ul>
      ) : (
        <p className="px-3 py-6 text-center text-sm text-slate-500">还没有关注策略，关注后可在这里设置提醒方式</p>
      )}
    </Panel>
  );
}
