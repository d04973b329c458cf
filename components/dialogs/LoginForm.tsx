"use client";

import Link from "@/components/ui/Link";
import { useState, type FormEvent } from "react";
import { assignLocation } from "@/components/ui/browser";
import {
  AccountField,
  CodeField,
  digitsOnly,
  Field,
  FeedbackLine,
  formatted,
  inputClass,
  SendCodeButton,
  SubmitButton,
  useCodeSender,
  useSchemaForm,
} from "@/components/ui/form";
import { Tabs } from "@/components/ui/Tabs";
import { submitJson } from "@/lib/client/request";
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

const accountSchemas = () => import("@/lib/domain/account/schemas");
const passwordLoginSchema = () => accountSchemas().then((m) => m.LoginBody.omit({ r: true }));
const codeLoginSchema = () => accountSchemas().then((m) => m.CodeLoginForm);
const codeSendSchema = () => accountSchemas().then((m) => m.CodeSendAccount);

function CodeLoginForm({ invitationCode }: { invitationCode: string }) {
  const [account, setAccount] = useState("");
  const { register, feedback, setFeedback, pending, submitTo } = useSchemaForm(codeLoginSchema, { code: "", invitationCode });
  const codes = useCodeSender(codeSendSchema, (to) => submitJson("/api/auth/code/send", { account: to }), {
    setFeedback,
    sentText: () => "验证码已发送，10 分钟内有效",
  });
  const sent = codes.sentTo !== null;
  const send = () => void codes.request(account);

  const verify = submitTo(
    "/api/auth/code/verify",
    ({ code, invitationCode: invite }) => ({ account: account.trim(), code, r: returnPath(), ...(invite ? { invitationCode: invite } : {}) }),
    (result) => {
      if (!result.ok) return;
      assignLocation(redirectTarget(result.body));
      return "leaving";
    },
  );
  // Before a code was sent, the form's button asks for one.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (sent) return verify(event);
    event.preventDefault();
    send();
  };

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <AccountField value={account} onChange={(e) => setAccount(e.target.value)} />
      {sent ? (
        <CodeField
          {...formatted(register("code"), digitsOnly(6))}
          action={<SendCodeButton left={codes.left} label="重新获取" size="lg" className="shrink-0" loading={codes.sending} onClick={send} />}
        />
      ) : null}
      <Field label="邀请码（选填）">
        {(control) => (
          <input {...control} {...register("invitationCode")} className={inputClass} autoComplete="off" placeholder="填写好友的邀请码，注册即得3天SVIP" />
        )}
      </Field>
      <FeedbackLine feedback={feedback} />
      <SubmitButton pending={codes.sending || pending}>{sent ? "登录 / 注册" : "获取验证码"}</SubmitButton>
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
      <AccountField {...register("account")} />
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
