"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { postJson } from "@/components/dialogs/auth-fetch";
import { Field, FeedbackLine, inputClass, type Feedback } from "./form-kit";
import { NewPasswordFields } from "./NewPasswordFields";
import type { PasswordNames } from "@/lib/domain/password-policy";
import { newPasswordProblem } from "./password-rules";

/** Sets the first password, or changes it with the current one; other devices are logged out by the server. */
export function ChangePasswordForm({ hasPassword, names = {} }: { hasPassword: boolean; names?: PasswordNames }) {
  const [hasOne, setHasOne] = useState(hasPassword);
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (hasOne && !currentPassword) return setFeedback({ tone: "error", text: "请输入当前密码" });
    const problem = newPasswordProblem(newPassword, repeat, names);
    if (problem) return setFeedback({ tone: "error", text: problem });
    setBusy(true);
    setFeedback(null);
    const result = await postJson("/api/user/password", hasOne ? { currentPassword, newPassword } : { newPassword });
    setBusy(false);
    if (!result.ok) return setFeedback({ tone: "error", text: result.message });
    setHasOne(true);
    setCurrentPassword("");
    setNewPassword("");
    setRepeat("");
    setFeedback({ tone: "success", text: result.message || "密码已修改，其他设备上的登录已退出" });
  };

  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label={hasOne ? "修改密码" : "设置密码"}>
      <p className="text-sm text-slate-600">
        {hasOne ? "修改后，其他设备上的登录将全部退出。" : "你还没有设置密码。设置后可以用手机号或邮箱加密码登录。"}
      </p>
      {hasOne ? (
        <Field label="当前密码">
          {(control) => (
            <input
              {...control}
              name="currentPassword"
              type="password"
              className={inputClass}
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
              autoComplete="current-password"
              placeholder="请输入当前密码"
            />
          )}
        </Field>
      ) : null}
      <NewPasswordFields newPassword={newPassword} repeat={repeat} onNewPassword={setNewPassword} onRepeat={setRepeat} />
      <FeedbackLine feedback={feedback} testId="password-feedback" />
      <Button type="submit" block size="lg" loading={busy}>
        {hasOne ? "修改密码" : "设置密码"}
      </Button>
      {hasOne ? <p className="text-xs text-slate-500">忘记当前密码？退出登录后，可在本页通过验证码重置。</p> : null}
    </form>
  );
}
