"use client";

import { Field, inputClass } from "./form-kit";
import { PASSWORD_MAX, PASSWORD_MIN } from "./password-rules";

/** 新密码 and 确认新密码, shared by changing and resetting the password. */
export function NewPasswordFields({
  newPassword,
  repeat,
  onNewPassword,
  onRepeat,
}: {
  newPassword: string;
  repeat: string;
  onNewPassword: (value: string) => void;
  onRepeat: (value: string) => void;
}) {
  return (
    <>
      <Field label="新密码" hint={`${PASSWORD_MIN}–${PASSWORD_MAX} 位`}>
        {(control) => (
          <input
            {...control}
            name="newPassword"
            type="password"
            className={inputClass}
            value={newPassword}
            onChange={(e) => onNewPassword(e.target.value)}
            autoComplete="new-password"
            placeholder="请输入新密码"
          />
        )}
      </Field>
      <Field label="确认新密码">
        {(control) => (
          <input
            {...control}
            name="repeatPassword"
            type="password"
            className={inputClass}
            value={repeat}
            onChange={(e) => onRepeat(e.target.value)}
            autoComplete="new-password"
            placeholder="请再次输入新密码"
          />
        )}
      </Field>
    </>
  );
}
