"use client";

import { useId, useState, type ChangeEvent } from "react";
import { buttonClass } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";
import { cn } from "@/components/ui/cn";
import { FeedbackLine, tooLargeSays, useSchemaForm } from "@/components/ui/form";
import { AVATAR_ACCEPT } from "@/lib/domain/account/limits";
import { useProfileSaved } from "./use-profile-saved";

const avatarSchema = () => import("@/lib/domain/account/schemas").then((m) => m.AvatarForm);

/**
 * The avatar with a 更换头像 control: a chosen image is sent at once. The browser checks the size and the declared
 * type for a quick answer (AvatarForm); the server decides by the file's bytes and dimensions, and stores a 256×256
 * WebP it made itself.
 */
export function AvatarUpload({ avatarUrl, nickname }: { avatarUrl: string; nickname: string }) {
  const [current, setCurrent] = useState(avatarUrl);
  const [broken, setBroken] = useState(false);
  const inputId = useId();
  const saved = useProfileSaved();
  const { setValue, feedback, pending: busy, submitTo } = useSchemaForm(avatarSchema, {});

  const upload = submitTo("/api/user/avatar", ({ file }) => ({ file }), (result) => {
    if (!result.ok) return;
    const info = result.body.userInfo as { avatar?: unknown } | undefined;
    if (typeof info?.avatar === "string") {
      setCurrent(info.avatar);
      setBroken(false);
    }
    saved(result.message || "头像已更新");
  }, { fallback: tooLargeSays("头像图片不能超过 2 MB") });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied at once, so that choosing the same file again is a change too.
    event.target.value = "";
    if (!file) return;
    setValue("file", file);
    void upload();
  };

  const initial = Array.from(nickname.trim())[0] ?? "我";
  return (
    <div className="py-3">
      <div className="flex items-center gap-4">
        {current && !broken ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={current}
            alt="我的头像"
            width={64}
            height={64}
            onError={() => setBroken(true)}
            className="size-16 shrink-0 rounded-full bg-slate-100 object-cover"
            data-testid="avatar-image"
          />
        ) : (
          <span aria-hidden="true" className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand text-2xl font-semibold text-white">
            {initial}
          </span>
        )}
        <div className="min-w-0">
          <input
            id={inputId}
            type="file"
            name="file"
            accept={AVATAR_ACCEPT}
            onChange={choose}
            disabled={busy}
            className="peer sr-only"
            data-testid="avatar-input"
          />
          <label htmlFor={inputId} className={cn(buttonClass("secondary", "sm"), "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand", busy && "pointer-events-none opacity-60")} aria-busy={busy || undefined}>
            {busy ? <Spinner size={16} label="" /> : null}
            {busy ? "上传中…" : "更换头像"}
          </label>
          <p className="mt-1 text-xs text-slate-500">JPEG、PNG 或 WebP 静态图片，不超过 2 MB，长宽不超过 4096 像素</p>
        </div>
      </div>
      <div className="mt-3 empty:hidden">
        <FeedbackLine feedback={feedback} testId="avatar-feedback" />
      </div>
    </div>
  );
}
