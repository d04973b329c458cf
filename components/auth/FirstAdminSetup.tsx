"use client";

import { useState, type FormEvent } from "react";
import { Field, FeedbackLine, inputClass, type Feedback } from "@/components/ui/form";
import { NewPasswordFields } from "@/components/account/NewPasswordFields";
import { passwordPairProblem } from "@/lib/domain/password-policy";
import { submitJson } from "@/lib/client/request";
import { Button } from "@/components/ui/Button";

/**
 * /setup's form (ADR 0034): the setup token start-up printed (filled in from the link), then either the logged-in
 * member becomes the administrator, or a new administrator account is made and logged in.
 */
export function FirstAdminSetup({ token: initialToken, memberName, loginHref }: { token: string; memberName: string | null; loginHref: string }) {
  const [token, setToken] = useState(initialToken);
  const [email, setEmail] = useState("");
  const [nickname, setNickname] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token.trim()) return setFeedback({ tone: "error", text: "请填写设置令牌" });
    if (memberName === null) {
      if (!email.trim()) return setFeedback({ tone: "error", text: "请输入邮箱" });
      const problem = passwordPairProblem(password, repeat, { email, nickname });
      if (problem) return setFeedback({ tone: "error", text: problem });
    }
    setBusy(true);
    setFeedback(null);
    const result = await submitJson(
      "/api/auth/setup",
      memberName === null ? { token: token.trim(), account: { email: email.trim(), password, nickname: nickname.trim() || undefined } } : { token: token.trim() },
    );
    if (!result.ok) {
      setBusy(false);
      return setFeedback({ tone: "error", text: result.message });
    }
    setFeedback({ tone: "success", text: `${result.message}，正在进入后台…` });
    window.location.assign(typeof result.body.redirectTo === "string" ? result.body.redirectTo : "/admin");
  };

  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label="设置管理员">
      <Field label="设置令牌" hint="服务器启动时打印在 /setup?token= 之后的一串字符，只能用一次">
        {(control) => (
          <input {...control} name="token" className={inputClass} value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" spellCheck={false} />
        )}
      </Field>
      {memberName !== null ? (
        <p className="text-sm text-slate-700">
          当前登录的账号「<span className="font-medium">{memberName}</span>」将成为管理员，可在后台管理会员、大神交割单、策略、文章和价格。
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            创建一个管理员账号（创建后自动登录）。已有账号？<a className="text-brand underline" href={loginHref}>先登录</a>，再回到本页把它设为管理员。
          </p>
          <Field label="邮箱">
            {(control) => (
              <input {...control} name="email" type="email" className={inputClass} value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" placeholder="admin@example.com" />
            )}
          </Field>
          <Field label="昵称（选填）">
            {(control) => (
              <input {...control} name="nickname" className={inputClass} value={nickname} onChange={(e) => setNickname(e.target.value)} autoComplete="nickname" maxLength={32} />
            )}
          </Field>
          <NewPasswordFields
            newPassword={{ name: "newPassword", value: password, onChange: (e) => setPassword(e.target.value) }}
            repeat={{ name: "repeatPassword", value: repeat, onChange: (e) => setRepeat(e.target.value) }}
          />
        </>
      )}
      <FeedbackLine feedback={feedback} testId="setup-feedback" />
      <Button type="submit" block size="lg" loading={busy}>
        {memberName !== null ? "成为管理员" : "创建管理员账号"}
      </Button>
    </form>
  );
}
