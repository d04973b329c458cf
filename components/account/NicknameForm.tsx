"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { postJson } from "@/components/dialogs/auth-fetch";
import { charCount, FeedbackLine, inputClass, type Feedback } from "./form-kit";
import { useProfileSaved } from "./use-profile-saved";

export const NICKNAME_MAX = 32;

/** The nickname, shown as text with 修改; editing opens an inline form (1–32 characters, trimmed). */
export function NicknameForm({ nickname }: { nickname: string }) {
  const [current, setCurrent] = useState(nickname);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(nickname);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const saved = useProfileSaved();
  const inputId = useId();

  const open = () => {
    setValue(current);
    setFeedback(null);
    setEditing(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (!trimmed) return setFeedback({ tone: "error", text: "请输入昵称" });
    if (charCount(trimmed) > NICKNAME_MAX) return setFeedback({ tone: "error", text: `昵称最长 ${NICKNAME_MAX} 个字` });
    if (trimmed === current) {
      setEditing(false);
      return;
    }
    setBusy(true);
    setFeedback(null);
    const result = await postJson("/api/user/profile", { nickname: trimmed });
    setBusy(false);
    if (!result.ok) return setFeedback({ tone: "error", text: result.message });
    const info = result.body.userInfo as { nickName?: unknown } | undefined;
    setCurrent(typeof info?.nickName === "string" ? info.nickName : trimmed);
    setEditing(false);
    saved(result.message || "昵称已更新");
  };

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

  const length = charCount(value.trim());
  return (
    <form onSubmit={submit} className="space-y-3 py-3" noValidate>
      <div>
        <div className="mb-1 flex justify-between text-sm">
          <label htmlFor={inputId} className="text-slate-600">
            昵称
          </label>
          <span className={length > NICKNAME_MAX ? "text-red-600" : "text-slate-400"} aria-live="polite">
            {length}/{NICKNAME_MAX}
          </span>
        </div>
        <input
          id={inputId}
          name="nickname"
          className={inputClass}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="nickname"
          placeholder="请输入昵称"
          autoFocus
        />
      </div>
      <FeedbackLine feedback={feedback} />
      <div className="flex gap-3">
        <Button type="submit" loading={busy} className="flex-1">
          保存
        </Button>
        <Button variant="secondary" onClick={() => setEditing(false)} disabled={busy} className="flex-1">
          取消
        </Button>
      </div>
    </form>
  );
}
