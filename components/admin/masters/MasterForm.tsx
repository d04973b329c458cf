"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/Button";
import { Field, FeedbackLine, fieldClass, inputClass, useSchemaForm } from "@/components/ui/form";
import { MASTER_DELAY_MAX } from "@/lib/domain/statements/limits";
import { useAdminAction } from "../admin-action";
import { MASTERS_API, masterApi } from "./masters-api";

const masterSchema = () => import("@/lib/domain/statements/schemas").then((m) => m.MasterProfileForm);

export interface MasterFormValues {
  name: string;
  bio: string;
  styleTags: string[];
  disclosureDelayDays: number;
}

/**
 * The profile of a master: name, bio, style tags and the disclosure delay. Without `guid` it creates a master and
 * opens its page; with `guid` it saves the changes.
 */
export function MasterForm({ guid, initial }: { guid?: string; initial?: MasterFormValues }) {
  const router = useRouter();
  const { run, pending } = useAdminAction();
  const { register, feedback, setFeedback, check } = useSchemaForm(masterSchema, {
    name: initial?.name ?? "",
    bio: initial?.bio ?? "",
    styleTags: initial?.styleTags.join(" ") ?? "",
    disclosureDelayDays: String(initial?.disclosureDelayDays ?? 0),
  });

  const submit = check(async (input) => {
    if (guid) {
      const result = await run(masterApi(guid), { action: "update", ...input }, "已保存");
      if (!result.ok && result.status === 400) setFeedback({ tone: "error", text: result.message });
      return;
    }
    const result = await run(MASTERS_API, input, `已创建大神“${input.name}”`);
    if (result.ok && typeof result.body.guid === "string") router.push(`/admin/traders/${result.body.guid}`);
    else if (result.status === 400) setFeedback({ tone: "error", text: result.message });
  });

  return (
    <form aria-label={guid ? "编辑大神资料" : "新建大神"} className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
      <Field label="名称">{(control) => <input {...control} {...register("name")} maxLength={40} className={inputClass} />}</Field>
      <Field label="风格标签" hint="用逗号或空格分隔，最多 6 个，每个不超过 8 个字">
        {(control) => <input {...control} {...register("styleTags")} placeholder="如：短线 打板 低吸" className={inputClass} />}
      </Field>
      <div className="sm:col-span-2">
        <Field label="简介">
          {(control) => <textarea {...control} {...register("bio")} maxLength={500} rows={3} className={`${fieldClass} py-2`} />}
        </Field>
      </div>
      <Field label="延迟公开天数（交易日）" hint={`成交在 N 个交易日后对会员公开；0 为即时公开（最多 ${MASTER_DELAY_MAX}）`}>
        {(control) => <input {...control} {...register("disclosureDelayDays")} inputMode="numeric" className={inputClass} />}
      </Field>
      <div className="flex items-end sm:justify-end">
        <Button type="submit" loading={pending} className="w-full sm:w-auto">{guid ? "保存资料" : "新建大神"}</Button>
      </div>
      <FeedbackLine feedback={feedback} className="sm:col-span-2" />
    </form>
  );
}
