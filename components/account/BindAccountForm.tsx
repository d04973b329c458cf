"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { CodeField, digitsOnly, Field, FeedbackLine, formatted, inputClass, SendCodeButton, SubmitButton, useCodeSender, useSchemaForm } from "@/components/ui/form";
import { submitJson } from "@/lib/client/request";
import { BIND_LABELS, type BindKind } from "@/lib/domain/account/limits";
import { maskMobile } from "@/lib/domain/mask";
import { useProfileSaved } from "./use-profile-saved";

const bindCodeSchema = () => import("@/lib/domain/account/schemas").then((m) => m.BindCodeForm);

/**
 * An e-mail or mobile row: the bound value (or 未绑定) with 绑定/更换. Binding takes two steps: a code is sent to the
 * new address, then the 6-digit code confirms it.
 */
export function BindAccountForm({ kind, value }: { kind: BindKind; value: string | null }) {
  const [current, setCurrent] = useState(value);
  const [editing, setEditing] = useState(false);
  const [account, setAccount] = useState("");
  const saved = useProfileSaved();
  const label = BIND_LABELS[kind];
  const { register, reset, feedback, setFeedback, pending, submitTo } = useSchemaForm(bindCodeSchema, { code: "" });
  const codes = useCodeSender(() => import("@/lib/domain/account/schemas").then((m) => m.bindAddress(kind, current)), (to) => submitJson("/api/user/bind", { step: "send", kind, account: to }), {
    setFeedback,
    sentText: (result) => result.message || "验证码已发送",
  });

  const close = () => {
    setEditing(false);
    setAccount("");
    codes.forget();
    reset({ code: "" });
    setFeedback(null);
  };

  const send = async () => {
    if (await codes.request(account)) reset({ code: "" });
  };

  const confirm = submitTo("/api/user/bind", ({ code }) => ({ step: "confirm", kind, account: codes.sentTo, code }), (result) => {
    if (!result.ok) return;
    setCurrent(codes.sentTo);
    close();
    saved(result.message || `${label}已绑定`);
    return null;
  });

  // Enter before a code was sent asks for one.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (codes.sentTo) return confirm(event);
    event.preventDefault();
    return send();
  };

  if (!editing) {
    return (
      <div className="flex items-center justify-between gap-3 py-3">
        <div className="min-w-0">
          <p className="text-sm text-slate-500">{label}</p>
          <p className={current ? "font-medium break-all text-slate-900" : "text-slate-500"} data-testid={`bound-${kind}`}>
            {current === null ? "未绑定" : kind === "mobile" ? maskMobile(current) : current}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)} aria-label={`${current ? "更换" : "绑定"}${label}`}>
          {current ? "更换" : "绑定"}
        </Button>
      </div>
    );
  }

  const busy = codes.sending || pending;
  return (
    <form onSubmit={submit} className="space-y-3 py-3" noValidate>
      <Field
        label={current ? `新${label}` : label}
        hint={current ? `当前：${current}` : undefined}
        action={<SendCodeButton left={codes.left} onClick={send} loading={codes.sending} disabled={busy} className="shrink-0" />}
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
              codes.forget();
            }}
            placeholder={kind === "email" ? "请输入邮箱" : "请输入手机号"}
            autoFocus
          />
        )}
      </Field>
      {codes.sentTo ? <CodeField hint={`已发送到 ${codes.sentTo}，10 分钟内有效`} {...formatted(register("code"), digitsOnly(6))} /> : null}
      <FeedbackLine feedback={feedback} />
      <div className="flex gap-3">
        <SubmitButton pending={pending} disabled={!codes.sentTo || codes.sending} block={false} size="md" className="flex-1">
          确认{current ? "更换" : "绑定"}
        </SubmitButton>
        <Button variant="secondary" onClick={close} disabled={busy} className="flex-1">
          取消
        </Button>
      </div>
    </form>
  );
}
