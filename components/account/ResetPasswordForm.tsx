"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { postJson } from "@/components/dialogs/auth-fetch";
import { useLoginState } from "@/components/dialogs/login-state";
import { parseAccount, ACCOUNT_INVALID_MESSAGE } from "@/lib/domain/account";
import { CODE_PATTERN, Field, FeedbackLine, inputClass, useCooldown, type Feedback } from "./form-kit";
import { NewPasswordFields } from "./NewPasswordFields";
import { newPasswordProblem } from "./password-rules";

/**
 * Reset by a one-time code when logged out: account → code sent → code and new password. Afterwards the member is
 * not logged in; they log in with the new password.
 */
export function ResetPasswordForm() {
  const [account, setAccount] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [busy, setBusy] = useState<"send" | "confirm" | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [done, setDone] = useState<string | null>(null);
  const cooldown = useCooldown();
  const { openLogin } = useLoginState();

  const send = async () => {
    const parsed = parseAccount(account);
    if (!parsed) return setFeedback({ tone: "error", text: account.trim() ? ACCOUNT_INVALID_MESSAGE : "请输入手机号或邮箱" });
    setBusy("send");
    setFeedback(null);
    const result = await postJson("/api/auth/password-reset", { step: "send", account: parsed.value });
    setBusy(null);
    if (!result.ok) return setFeedback({ tone: "error", text: result.message });
    setSentTo(parsed.value);
    cooldown.start();
    setFeedback({ tone: "success", text: result.message || "验证码已发送，请查收" });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return send();
    const digits = code.trim();
    if (!CODE_PATTERN.test(digits)) return setFeedback({ tone: "error", text: "请输入 6 位数字验证码" });
    const problem = newPasswordProblem(newPassword, repeat, sentTo.includes("@") ? { email: sentTo } : { mobile: sentTo });
    if (problem) return setFeedback({ tone: "error", text: problem });
    setBusy("confirm");
    setFeedback(null);
    const result = await postJson("/api/auth/password-reset", { step: "confirm", account: sentTo, code: digits, newPassword });
    setBusy(null);
    if (!result.ok) return setFeedback({ tone: "error", text: result.message });
    setDone(result.message || "密码已重置，请使用新密码登录");
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
      <Field
        label="手机号或邮箱"
        action={
          <Button variant="secondary" onClick={send} loading={busy === "send"} disabled={cooldown.left > 0 || busy !== null} className="shrink-0">
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
          <NewPasswordFields newPassword={newPassword} repeat={repeat} onNewPassword={setNewPassword} onRepeat={setRepeat} />
        </>
      ) : null}
      <FeedbackLine feedback={feedback} testId="reset-feedback" />
      <Button type="submit" block size="lg" loading={busy === "confirm"} disabled={!sentTo || busy !== null}>
        重置密码
      </Button>
    </form>
  );
}
