"use client";

import type { ComponentProps } from "react";
import { Field, inputClass } from "@/components/ui/form";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/domain/password-policy";

type InputProps = ComponentProps<"input">;

/** 新密码 and 确认新密码, shared by changing and resetting the password: the inputs' props (a register() or value/onChange). */
export function NewPasswordFields({ newPassword, repeat }: { newPassword: InputProps; repeat: InputProps }) {
  return (
    <>
      <Field label="新密码" hint={`${PASSWORD_MIN}–${PASSWORD_MAX} 位`}>
        {(control) => <input {...control} {...newPassword} type="password" className={inputClass} autoComplete="new-password" placeholder="请输入新密码" />}
      </Field>
      <Field label="确认新密码">
        {(control) => <input {...control} {...repeat} type="password" className={inputClass} autoComplete="new-password" placeholder="请再次输入新密码" />}
      </Field>
    </>
  );
}
