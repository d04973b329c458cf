"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { assignLocation } from "@/components/ui/browser";
import { Button } from "@/components/ui/Button";
import { Field, FeedbackLine, inputClass, SubmitButton, useCooldown, useSchemaForm, type Feedback } from "@/components/ui/form";
import { Tabs } from "@/components/ui/Tabs";
import { submitJson } from "@/lib/client/request";
import { LoginBody } from "@/lib/domain/account/schemas";
import type { LoginType } from "./login-state";

/** Where to return after login: the `r` the page gate put in the URL, else the page itself. */
function returnPath(): string {
  const { pathname, search } = window.location;
  return new URLSearchParams(search).get("r") || `${pathname}${search}`;
}

/** The page the server sends the member to after login. */
function redirectTarget(body: Record<string, unknown>): string {
  return typeof body.redirectTo === "string" && body.redirectTo ? body.redirectTo : "/";
}

const passwordLoginSchema = LoginBody.omit({ r: true });

function CodeLoginForm({ invitationCode }: { invitationCode: string }) {
  const [account, setAccount] = useState("");
  const [invite, setInvite] = useState(invitationCode);
  const [code, setCode] = useState("");
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState<"send" | "verify" | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const { left: cooldown, start: startCooldown } = useCooldown();

  const send = async () => {
    const value = account.trim();
    if (!value) {
      setFeedback({ tone: "error", text: "请输入手机号或邮箱" });
      return;
    }
    setBusy("send");
    setFeedback(null);
    const result = await submitJson("/api/auth/code/send", { account: value });
    setBusy(null);
    setFeedback({ tone: result.ok ? "success" : "error", text: result.ok ? "验证码已发送，10 分钟内有效" : result.message });
    if (result.ok) {
      setSent(true);
      startCooldown();
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!sent) return void send();
    if (!/^\d{6}$/.test(code.trim())) {
      setFeedback({ tone: "error", text: "请输入 6 位数字验证码" });
      return;
    }
    setBusy("verify");
    setFeedback(null);
    const payload = { account: account.trim(), code: code.trim(), r: returnPath(), ...(invite.trim() ? { invitationCode: invite.trim() } : {}) };
    const result = await submitJson("/api/auth/code/verify", payload);
    if (result.ok) {
      assignLocation(redirectTarget(result.body));
      return;
    }
    setBusy(null);
    setFeedback({ tone: "error", text: result.message });
  };

  return (
    <form onSubmit={verify} className="space-y-3" noValidate>
      <Field label="手机号或邮箱">
        {(control) => (
          <input
            {...control}
            name="account"
            className={inputClass}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            autoComplete="username"
            placeholder="请输入手机号或邮箱"
          />
        )}
      </Field>
      {sent ? (
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <Field label="验证码">
              {(control) => (
                <input
                  {...control}
                  name="code"
                  className={inputClass}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  placeholder="6 位数字"
                />
              )}
            </Field>
          </div>
          <Button type="button" variant="secondary" size="lg" className="shrink-0" disabled={cooldown > 0} loading={busy === "send"} onClick={() => void send()}>
            {cooldown > 0 ? `${cooldown}秒` : "重新获取"}
          </Button>
        </div>
      ) : null}
      <Field label="邀请码（选填）">
        {(control) => (
          <input
            {...control}
            name="invitationCode"
            className={inputClass}
            value={invite}
            onChange={(e) => setInvite(e.target.value)}
            autoComplete="off"
            placeholder="填写好友的邀请码，注册即得3天SVIP"
          />
        )}
      </Field>
      <FeedbackLine feedback={feedback} />
      <Button type="submit" block size="lg" loading={busy !== null}>
        {sent ? "登录 / 注册" : "获取验证码"}
      </Button>
      <p className="text-center text-xs text-slate-500">未注册的手机号或邮箱验证后将自动注册</p>
    </form>
  );
}

function PasswordLoginForm({ onNavigate }: { onNavigate?: () => void }) {
  const { register, feedback, pending, submitTo } = useSchemaForm(passwordLoginSchema, { account: "", password: "" });
  const submit = submitTo("/api/auth/login", (values) => ({ ...values, r: returnPath() }), (result) => {
    if (!result.ok) return;
    assignLocation(redirectTarget(result.body));
    return "leaving";
  });

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field label="手机号或邮箱">
        {(control) => <input {...control} {...register("account")} className={inputClass} autoComplete="username" placeholder="请输入手机号或邮箱" />}
      </Field>
      <Field label="密码">
        {(control) => (
          <input {...control} {...register("password")} type="password" className={inputClass} autoComplete="current-password" placeholder="请输入密码" />
        )}
      </Field>
      <FeedbackLine feedback={feedback} />
      <SubmitButton pending={pending}>登录</SubmitButton>
      <p className="text-right text-sm">
        <Link href="/user/password" onClick={onNavigate} className="inline-flex min-h-10 items-center text-brand hover:underline">
          忘记密码？
        </Link>
      </p>
    </form>
  );
}

export interface LoginFormProps {
  invitationCode: string;
  activeType: LoginType;
  onActiveTypeChange: (type: LoginType) => void;
  /** Called when one of its links is followed (the dialog closes itself then). */
  onNavigate?: () => void;
}

/** The two login tabs and the agreement line; the dialog uses it, and the /login page can render it inline. */
export function LoginForm({ invitationCode, activeType, onActiveTypeChange, onNavigate }: LoginFormProps) {
  const tabClass =
    "flex min-h-11 flex-1 items-center justify-center border-b-2 border-transparent text-[15px] text-slate-500 data-[state=active]:border-brand data-[state=active]:font-semibold data-[state=active]:text-brand";
  return (
    <div>
      <Tabs
        label="登录方式"
        value={activeType}
        onValueChange={onActiveTypeChange}
        listClassName="mb-4 flex border-b border-slate-200"
        tabClassName={tabClass}
        items={[
          { value: "code", label: "验证码登录", panel: <CodeLoginForm invitationCode={invitationCode} /> },
          { value: "password", label: "密码登录", panel: <PasswordLoginForm onNavigate={onNavigate} /> },
        ]}
      />
      <p className="mt-4 text-center text-xs leading-5 text-slate-500">
        登录即同意
        <Link href="/terms" onClick={onNavigate} className="text-brand hover:underline">
          《用户协议》
        </Link>
        和
        <Link href="/disclaimer" onClick={onNavigate} className="text-brand hover:underline">
          《免责声明》
        </Link>
      </p>
    </div>
  );
}
