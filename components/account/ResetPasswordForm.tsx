"use client";

import { useMemo, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { submitJson } from "@/lib/client/request";
import { useLoginState } from "@/components/dialogs/login-state";
import { parseAccount, ACCOUNT_INVALID_MESSAGE } from "@/lib/domain/account";
import { passwordResetForm } from "@/lib/domain/account/schemas";
import { Field, FeedbackLine, inputClass, SubmitButton, useCooldown, useSchemaForm } from "@/components/ui/form";
import { NewPasswordFields } from "./NewPasswordFields";

/**
 * Reset by a one-time code when logged out: account → code sent → code and new password. Afterwards the member is
 * not logged in; they log in with the new password.
 */
export function ResetPasswordForm() {
  const [account, setAccount] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const cooldown = useCooldown();
  const { openLogin } = useLoginState();
  const schema = useMemo(() => passwordResetForm(sentTo?.includes("@") ? { email: sentTo } : { mobile: sentTo }), [sentTo]);
  const { register, feedback, setFeedback, pending, submitTo } = useSchemaForm(schema, { code: "", newPassword: "", repeatPassword: "" });

  const send = async () => {
    const parsed = parseAccount(account);
    if (!parsed) return setFeedback({ tone: "error", text: account.trim() ? ACCOUNT_INVALID_MESSAGE : "请输入手机号或邮箱" });
    setSending(true);
    setFeedback(null);
    const result = await submitJson("/api/auth/password-reset", { step: "send", account: parsed.value });
    setSending(false);
    if (!result.ok) return setFeedback({ tone: "error", text: result.message });
    setSentTo(parsed.value);
    cooldown.start();
    setFeedback({ tone: "success", text: result.message || "验证码已发送，请查收" });
  };

  const confirm = submitTo(
    "/api/auth/password-reset",
    ({ code, newPassword }) => ({ step: "confirm", account: sentTo, code, newPassword }),
    (result) => {
      if (result.ok) setDone(result.message || "密码已重置，请使用新密码登录");
    },
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (sentTo) return confirm(event);
    event.preventDefault();
    return send();
  };
  const codeField = register("code");

  if (done) {
    return (
      <div className="space-y-4">
        <FeedbackLine feedback={{ tone: "success", text: done }} testId="reset-done" />
        <Button block size="lg" onClick={() => openLogin({ activeType: "password" })}>
          去登录
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label="重置密码">
      <p className="text-sm text-slate-600">忘记密码？输入注册时的手机号或邮箱，用收到的验证码设置新密码。</p>
      <Field
        label="手机号或邮箱"
        action={
          <Button variant="secondary" onClick={send} loading={sending} disabled={cooldown.left > 0 || sending || pending} className="shrink-0">
            {cooldown.left > 0 ? `${cooldown.left}秒` : "获取验证码"}
          </Button>
        }
      >
        {(control) => (
          <input
            {...control}
            name="account"
            className={inputClass}
            value={account}
            onChange={(e) => {
              setAccount(e.target.value);
              setSentTo(null);
            }}
            autoComplete="username"
            placeholder="请输入手机号或邮箱"
          />
        )}
      </Field>
      {sentTo ? (
        <>
          <Field label="验证码">
            {(control) => (
              <input
                {...control}
                {...codeField}
                onChange={(e) => {
                  e.target.value = e.target.value.replace(/\D/g, "");
                  return codeField.onChange(e);
                }}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                className={inputClass}
                placeholder="6 位数字"
              />
            )}
          </Field>
          <NewPasswordFields newPassword={register("newPassword")} repeat={register("repeatPassword")} />
        </>
      ) : null}
      <FeedbackLine feedback={feedback} testId="reset-feedback" />
      <SubmitButton pending={pending} disabled={!sentTo || sending}>
        重置密码
      </SubmitButton>
    </form>
  );
}
