"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Field, FeedbackLine, inputClass, useSchemaForm } from "@/components/ui/form";
import { NICKNAME_MAX_CHARS } from "@/lib/domain/account/limits";
import { charCount } from "./account-inputs";
import { useProfileSaved } from "./use-profile-saved";

const nicknameSchema = () => import("@/lib/domain/account/schemas").then((m) => m.NicknameForm);

/** The nickname, shown as text with 修改; editing opens an inline form (the data layer's Nickname rules). */
export function NicknameForm({ nickname }: { nickname: string }) {
  const [current, setCurrent] = useState(nickname);
  const [editing, setEditing] = useState(false);
  const saved = useProfileSaved();
  const { register, reset, watch, feedback, setFeedback, pending, submitTo, check } = useSchemaForm(nicknameSchema, { nickname });

  const open = () => {
    reset({ nickname: current });
    setFeedback(null);
    setEditing(true);
  };

  const send = submitTo("/api/user/profile", (values) => values, (result, values) => {
    if (!result.ok) return;
    const info = result.body.userInfo as { nickName?: unknown } | undefined;
    setCurrent(typeof info?.nickName === "string" ? info.nickName : values.nickname);
    setEditing(false);
    saved(result.message || "昵称已更新");
  });
  // An unchanged name closes the form without asking the server.
  const unchanged = check(() => setEditing(false));
  const submit = (event: FormEvent<HTMLFormElement>) => (watch("nickname").trim() === current ? unchanged(event) : send(event));

  if (!editing) {
    return (
      <div className="flex items-center justify-between gap-3 py-3">
        <div className="min-w-0">
          <p className="text-sm text-slate-500">昵称</p>
          <p className="truncate font-medium text-slate-900" data-testid="nickname">{current}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={open} aria-label="修改昵称">
          修改
        </Button>
      </div>
    );
  }

  const length = charCount(watch("nickname").trim());
  return (
    <form onSubmit={submit} className="space-y-3 py-3" noValidate>
      <div className="relative">
        <span className={`absolute top-0 right-0 text-sm ${length > NICKNAME_MAX_CHARS ? "text-red-600" : "text-slate-500"}`} aria-live="polite">
          {length}/{NICKNAME_MAX_CHARS}
        </span>
        <Field label="昵称">
          {(control) => <input {...control} {...register("nickname")} className={inputClass} autoComplete="nickname" placeholder="请输入昵称" autoFocus />}
        </Field>
      </div>
      <FeedbackLine feedback={feedback} />
      <div className="flex gap-3">
        <Button type="submit" loading={pending} className="flex-1">
          保存
        </Button>
        <Button variant="secondary" onClick={() => setEditing(false)} disabled={pending} className="flex-1">
          取消
        </Button>
      </div>
    </form>
  );
}
