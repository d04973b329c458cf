"use client";

import { useId, useState } from "react";
import { submitJson } from "@/lib/client/request";
import { cn } from "@/components/ui/cn";
import { EMAIL_TOPICS, EMAIL_TOPIC_LABELS, type EmailTopic } from "@/lib/domain/payments/types";

export const EMAIL_PREFS_API = "/api/user/email-prefs";

const isTopic = (t: unknown): t is EmailTopic => typeof t === "string" && (EMAIL_TOPICS as readonly string[]).includes(t);

/** One switch per e-mail topic; each change is saved at once (the server's answer is the truth). */
export function EmailPrefsForm({ optOuts: initial }: { optOuts: readonly EmailTopic[] }) {
  const id = useId();
  const [optOuts, setOptOuts] = useState<EmailTopic[]>([...initial]);
  const [saving, setSaving] = useState<EmailTopic | null>(null);
  const [message, setMessage] = useState<{ topic: EmailTopic; ok: boolean; text: string } | null>(null);

  async function toggle(topic: EmailTopic) {
    if (saving) return;
    const subscribed = optOuts.includes(topic); // currently off → turn on
    const before = optOuts;
    setOptOuts(subscribed ? before.filter((t) => t !== topic) : [...before, topic]);
    setSaving(topic);
    setMessage(null);
    const result = await submitJson(EMAIL_PREFS_API, { topic, subscribed });
    setSaving(null);
    const answer = result.body.optOuts;
    if (!result.ok) {
      setOptOuts(before);
      setMessage({ topic, ok: false, text: result.message });
      return;
    }
    if (Array.isArray(answer)) setOptOuts(answer.filter(isTopic));
    setMessage({ topic, ok: true, text: subscribed ? "已开启" : "已关闭，不再发送此类邮件" });
  }

  return (
    <ul className="divide-y divide-slate-100" aria-label="邮件订阅" data-testid="email-prefs">
      {EMAIL_TOPICS.map((topic) => {
        const on = !optOuts.includes(topic);
        const labelId = `${id}-${topic}`;
        const hintId = `${id}-${topic}-hint`;
        return (
          <li key={topic} className="py-3 first:pt-0 last:pb-0">
            <div className="flex items-center justify-between gap-4">
              <div className="min-w-0">
                <p id={labelId} className="text-[15px] font-medium text-slate-800">{EMAIL_TOPIC_LABELS[topic].title}</p>
                <p id={hintId} className="mt-0.5 text-sm text-slate-500">{EMAIL_TOPIC_LABELS[topic].hint}</p>
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={on}
                aria-labelledby={labelId}
                aria-describedby={hintId}
                aria-busy={saving === topic || undefined}
                disabled={saving !== null}
                onClick={() => void toggle(topic)}
                data-testid={`email-pref-${topic}`}
                className="inline-flex h-10 w-14 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60"
              >
                <span aria-hidden="true" className={cn("inline-flex h-7 w-12 items-center rounded-full transition-colors", on ? "bg-brand" : "bg-slate-300")}>
                  <span className={cn("inline-block size-5 rounded-full bg-white shadow transition-transform", on ? "translate-x-6" : "translate-x-1")} />
                </span>
              </button>
            </div>
            {message?.topic === topic ? (
              <p role={message.ok ? "status" : "alert"} className={cn("mt-1 text-sm", message.ok ? "text-slate-600" : "text-red-700")}>
                {message.text}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
