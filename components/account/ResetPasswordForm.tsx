"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { useLoginState } from "@/components/dialogs/login-state";
import { AccountField, CodeField, digitsOnly, FeedbackLine, formatted, SendCodeButton, SubmitButton, useCodeSender, useSchemaForm, type Feedback } from "@/components/ui/form";
import { submitJson } from "@/lib/client/request";
import { NewPasswordFields } from "./NewPasswordFields";

const resetAccountSchema = () => import("@/lib/domain/account/schemas").then((m) => m.ResetAccount);

const RESET_API = "/api/auth/password-reset";

/**
 * Reset by a one-time code when logged out: account → code sent → code and new password. Afterwards the member is
 * not logged in; they log in with the new password.
 */
export function ResetPasswordForm() {
  const [account, setAccount] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const { openLogin } = useLoginState();
  // The sending step reports in the form's one line, which the form below owns (called only after both exist).
  const report = (feedback: Feedback) => setFeedback(feedback);
  const codes = useCodeSender(resetAccountSchema, (to) => submitJson(RESET_API, { step: "send", account: to }), {
    setFeedback: report,
    sentText: (result) => result.message || "验证码已发送，请查收",
  });
  const sentTo = codes.sentTo;
  const { register, feedback, setFeedback, pending, submitTo } = useSchemaForm(() => import("@/lib/domain/account/schemas").then((m) => m.passwordResetForm(sentTo?.includes("@") ? { email: sentTo } : { mobile: sentTo })), { code: "", newPassword: "", repeatPassword: "" });

  const confirm = submitTo(RESET_API, ({ code, newPassword }) => ({ step: "confirm", account: sentTo, code, newPassword }), (result) => {
    if (result.ok) setDone(result.message || "密码已重置，请使用新密码登录");
  });
  const send = () => void codes.request(account);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (sentTo) return confirm(event);
    event.preventDefault();
    send();
  };

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
      <AccountField
        value={account}
        onChange={(e) => {
          setAccount(e.target.value);
          codes.forget();
        }}
        action={<SendCodeButton left={codes.left} onClick={send} loading={codes.sending} disabled={codes.sending || pending} className="shrink-0" />}
      />
      {sentTo ? (
        <>
          <CodeField {...formatted(register("code"), digitsOnly(6))} />
          <NewPasswordFields newPassword={register("newPassword")} repeat={register("repeatPassword")} />
        </>
      ) : null}
      <FeedbackLine feedback={feedback} testId="reset-feedback" />
      <SubmitButton pending={pending} disabled={!sentTo || codes.sending}>
        重置密码
      </SubmitButton>
    </form>
  );
}
