"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { submitJson } from "@/lib/client/request";
import { parseAccount } from "@/lib/domain/account";
import { maskMobile } from "@/lib/domain/mask";
import { Field, FeedbackLine, inputClass, useCooldown, type Feedback } from "@/components/ui/form";
import { CODE_PATTERN } from "./account-inputs";
import { useProfileSaved } from "./use-profile-saved";

export type BindKind = "email" | "mobile";

const LABEL: Record<BindKind, string> = { email: "邮箱", mobile: "手机号" };
const INVALID: Record<BindKind, string> = { email: "请输入正确的邮箱", mobile: "请输入正确的手机号" };

/**
 * An e-mail or mobile row: the bound value (or 未绑定) with 绑定/更换. Binding takes two steps: a code is sent to the
 * new address, then the 6-digit code confirms it.
 */
export function BindAccountForm({ kind, value }: { kind: BindKind; value: string | null }) {
  const [current, setCurrent] = useState(value);
  const [editing, setEditing] = useState(false);
  const [account, setAccount] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState<"send" | "confirm" | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const cooldown = useCooldown();
  const saved = useProfileSaved();
  const label = LABEL[kind];

  const close = () => {
    setEditing(false);
    setAccount("");
    setSentTo(null);
    setCode("");
    setFeedback(null);
  };

  const send = async () => {
    const parsed = parseAccount(account);
    if (!parsed || parsed.kind !== kind) return setFeedback({ tone: "error", text: INVALID[kind] });
    if (parsed.value === current) return setFeedback({ tone: "error", text: `该${label}已绑定到你的账号` });
    setBusy("send");
    setFeedback(null);
    const result = await submitJson("/api/user/bind", { step: "send", kind, account: parsed.value });
    setBusy(null);
    if (!result.ok) return setFeedback({ tone: "error", text: result.message });
    setSentTo(parsed.value);
    setCode("");
    cooldown.start();
    setFeedback({ tone: "success", text: result.message || "验证码已发送" });
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return send();
    const digits = code.trim();
    if (!CODE_PATTERN.test(digits)) return setFeedback({ tone: "error", text: "请输入 6 位数字验证码" });
    setBusy("confirm");
    setFeedback(null);
    const result = await submitJson("/api/user/bind", { step: "confirm", kind, account: sentTo, code: digits });
    setBusy(null);
    if (!result.ok) return setFeedback({ tone: "error", text: result.message });
    setCurrent(sentTo);
    close();
    saved(result.message || `${label}已绑定`);
  };

  if (!editing) {
    return (
      <div className="flex items-center justify-between gap-3 py-3">
        <div className="min-w-0">
          <p className="text-sm text-slate-500">{label}</p>
          <p className={current ? "font-medium break-all text-slate-900" : "text-slate-400"} data-testid={`bound-${kind}`}>
            {current === null ? "未绑定" : kind === "mobile" ? maskMobile(current) : current}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)} aria-label={`${current ? "更换" : "绑定"}${label}`}>
          {current ? "更换" : "绑定"}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={confirm} className="space-y-3 py-3" noValidate>
      <Field
        label={current ? `新${label}` : label}
        hint={current ? `当前：${current}` : undefined}
        action={
          <Button variant="secondary" onClick={send} loading={busy === "send"} disabled={cooldown.left > 0 || busy !== null} className="shrink-0">
            {cooldown.left > 0 ? `${cooldown.left}秒` : "获取验证码"}
          </Button>
        }
      >
        {(control) => (
          <input
            {...control}
            name={kind}
            type={kind === "email" ? "email" : "tel"}
            inputMode={kind === "email" ? "email" : "numeric"}
            autoComplete={kind === "email" ? "email" : "tel"}
            className={inputClass}
            value={account}
            onChange={(e) => {
              setAccount(e.target.value);
              setSentTo(null);
            }}
            placeholder={kind === "email" ? "请输入邮箱" : "请输入手机号"}
            autoFocus
          />
        )}
      </Field>
      {sentTo ? (
        <Field label="验证码" hint={`已发送到 ${sentTo}，10 分钟内有效`}>
          {(control) => (
            <input
              {...control}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              className={inputClass}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
              placeholder="6 位数字"
            />
          )}
        </Field>
      ) : null}
      <FeedbackLine feedback={feedback} />
      <div className="flex gap-3">
        <Button type="submit" loading={busy === "confirm"} disabled={!sentTo || busy !== null} className="flex-1">
          确认{current ? "更换" : "绑定"}
        </Button>
        <Button variant="secondary" onClick={close} disabled={busy !== null} className="flex-1">
          取消
        </Button>
      </div>
    </form>
  );
}
