"use client";

import { Field, FeedbackLine, inputClass, SubmitButton, useSchemaForm } from "@/components/ui/form";
import type { PasswordNames } from "@/lib/domain/password-policy";
import { NewPasswordFields } from "./NewPasswordFields";

const EMPTY = { currentPassword: "", newPassword: "", repeatPassword: "" };

/** Sets the first password, or changes it with the current one; other devices are logged out by the server. */
export function ChangePasswordForm({ hasPassword, names = {} }: { hasPassword: boolean; names?: PasswordNames }) {
  const { register, reset, watch, feedback, pending, submitTo } = useSchemaForm(() => import("@/lib/domain/account/schemas").then((m) => m.passwordChangeForm(names)), { requiresCurrent: hasPassword, ...EMPTY });
  const hasOne = watch("requiresCurrent");

  const submit = submitTo(
    "/api/user/password",
    (values) => (values.requiresCurrent ? { currentPassword: values.currentPassword, newPassword: values.newPassword } : { newPassword: values.newPassword }),
    (result) => {
      if (!result.ok) return;
      reset({ requiresCurrent: true, ...EMPTY });
      return { tone: "success", text: result.message || "密码已修改，其他设备上的登录已退出" };
    },
  );

  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label={hasOne ? "修改密码" : "设置密码"}>
      <p className="text-sm text-slate-600">
        {hasOne ? "修改后，其他设备上的登录将全部退出。" : "你还没有设置密码。设置后可以用手机号或邮箱加密码登录。"}
      </p>
      {hasOne ? (
        <Field label="当前密码">
          {(control) => (
            <input {...control} {...register("currentPassword")} type="password" className={inputClass} autoComplete="current-password" placeholder="请输入当前密码" />
          )}
        </Field>
      ) : null}
      <NewPasswordFields newPassword={register("newPassword")} repeat={register("repeatPassword")} />
      <FeedbackLine feedback={feedback} testId="password-feedback" />
      <SubmitButton pending={pending}>{hasOne ? "修改密码" : "设置密码"}</SubmitButton>
      {hasOne ? <p className="text-xs text-slate-500">忘记当前密码？退出登录后，可在本页通过验证码重置。</p> : null}
    </form>
  );
}
