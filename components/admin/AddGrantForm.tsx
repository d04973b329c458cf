"use client";

import { useState } from "react";
import { Field, FeedbackLine, inputClass, SubmitButton, useSchemaForm } from "@/components/ui/form";
import { GRANT_DAYS_MAX } from "@/lib/domain/admin/limits";
import { GRANTS_API, newRequestId, useAdminAction } from "./admin-action";

const grantSchema = () => import("@/lib/domain/admin/schemas").then((m) => m.GrantAddForm);

const LEVEL_NAMES = { vip: "VIP", svip: "SVIP" } as const;

/** Adds days of VIP or SVIP to a member, after their current run of that level. One grant per submission. */
export function AddGrantForm({ userId }: { userId: string }) {
  // One id per intended grant: a double submission or a retried request grants once.
  const [requestId, setRequestId] = useState(newRequestId);
  const { run, pending } = useAdminAction();
  const { register, feedback, setFeedback, check, formState } = useSchemaForm(grantSchema, { level: "vip", days: "30" });

  const submit = check(async ({ level, days }) => {
    const result = await run(GRANTS_API, { action: "add", userId, level, days, requestId }, `已添加 ${days} 天 ${LEVEL_NAMES[level]}`);
    if (result.ok) setRequestId(newRequestId());
    else if (result.status === 400) setFeedback({ tone: "error", text: result.message });
  });

  return (
    <form aria-label="添加会员授权" className="grid gap-3 sm:grid-cols-[10rem_10rem_auto] sm:items-end" onSubmit={submit}>
      <Field label="等级">
        {(control) => (
          <select {...control} {...register("level")} className={inputClass}>
            <option value="vip">VIP</option>
            <option value="svip">SVIP</option>
          </select>
        )}
      </Field>
      <Field label={`天数（1–${GRANT_DAYS_MAX}）`} invalid={Boolean(formState.errors.days) || feedback?.tone === "error"}>
        {(control) => <input {...control} {...register("days")} inputMode="numeric" className={inputClass} />}
      </Field>
      <SubmitButton pending={pending} block={false} size="md">添加授权</SubmitButton>
      <FeedbackLine feedback={feedback} className="sm:col-span-3" />
    </form>
  );
}
