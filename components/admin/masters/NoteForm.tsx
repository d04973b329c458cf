"use client";

import { Button } from "@/components/ui/Button";
import { DatePicker } from "@/components/ui/DatePicker";
import { Field, FeedbackLine, fieldClass, inputClass, useSchemaForm } from "@/components/ui/form";
import { ConfirmAction } from "../ConfirmAction";
import { useAdminAction } from "../admin-action";
import { masterApi } from "./masters-api";

const noteSchema = () => import("@/lib/domain/statements/schemas").then((m) => m.NoteEditorForm);

const MAX_NOTE = 2000;

/** Writes the editor's note on a trade day of a master (optionally on one stock); the same day and code overwrites. */
export function NoteForm({ guid }: { guid: string }) {
  const { run, pending } = useAdminAction();
  const { register, watch, setValue, feedback, setFeedback, check } = useSchemaForm(noteSchema, { tradeDate: "", code: "", note: "" });

  const submit = check(async (input) => {
    const result = await run(masterApi(guid), { action: "note", ...input }, "点评已保存");
    if (result.ok) setValue("note", "");
    else if (result.status === 400) setFeedback({ tone: "error", text: result.message });
  });

  return (
    <form aria-label="交易日点评" className="grid gap-3 sm:grid-cols-[auto_10rem_1fr]" onSubmit={submit} noValidate>
      <div>
        <span className="mb-1 block text-sm text-slate-600">交易日</span>
        <DatePicker
          value={watch("tradeDate")}
          onChange={(day) => setValue("tradeDate", day)}
          aria-label="交易日"
          placeholder="选择交易日"
          className="h-11 w-full sm:w-auto"
        />
      </div>
      <Field label="股票代码（可选）">
        {(control) => <input {...control} {...register("code")} inputMode="numeric" maxLength={6} placeholder="留空为全天" className={`${inputClass} font-mono`} />}
      </Field>
      <div className="sm:col-span-3">
        <Field label="点评">
          {(control) => <textarea {...control} {...register("note")} maxLength={MAX_NOTE} rows={3} className={`${fieldClass} py-2`} />}
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
        <Button type="submit" loading={pending}>保存点评</Button>
        <span className="text-xs text-slate-500">同一交易日、同一代码只保留一条，再次保存会覆盖。</span>
      </div>
      <FeedbackLine feedback={feedback} className="sm:col-span-3" />
    </form>
  );
}

/** 删除 for one note: saving an empty note removes it. */
export function DeleteNote({ guid, tradeDate, code }: { guid: string; tradeDate: string; code: string }) {
  const what = `${tradeDate}${code ? ` ${code}` : "（全天）"}`;
  return (
    <ConfirmAction
      label="删除"
      ariaLabel={`删除点评 ${what}`}
      danger
      title="删除点评"
      confirmText="删除"
      endpoint={masterApi(guid)}
      payload={{ action: "note", tradeDate, code, note: "" }}
      success="点评已删除"
    >
      将删除 {what} 的点评。
    </ConfirmAction>
  );
}
