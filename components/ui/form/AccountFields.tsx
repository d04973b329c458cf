"use client";

import type { ComponentProps, ReactNode } from "react";
import { Field } from "./Field";
import { inputClass } from "./input-class";

type InputProps = Omit<ComponentProps<"input">, "className" | "id">;

/** 手机号或邮箱 of the login and reset forms; `action` is the button beside it (获取验证码). */
export function AccountField({ action, name = "account", ...input }: InputProps & { action?: ReactNode }) {
  return (
    <Field label="手机号或邮箱" action={action}>
      {(control) => <input {...control} name={name} {...input} className={inputClass} autoComplete="username" placeholder="请输入手机号或邮箱" />}
    </Field>
  );
}

/** The six-digit 验证码 (give it a register() with `formatted(…, digitsOnly(6))`); `hint` says where it was sent. */
export function CodeField({ hint, action, ...input }: InputProps & { hint?: string; action?: ReactNode }) {
  return (
    <Field label="验证码" hint={hint} action={action}>
      {(control) => <input {...control} {...input} inputMode="numeric" autoComplete="one-time-code" maxLength={6} className={inputClass} placeholder="6 位数字" />}
    </Field>
  );
}
