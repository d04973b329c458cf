"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { DatePicker } from "@/components/ui/DatePicker";
import { Field, FeedbackLine, fieldClass, inputClass, useSchemaForm } from "@/components/ui/form";
import { useAdminAction } from "../admin-action";
import { DEFAULT_BENCHMARK, STATUS_LABELS, STRATEGIES_API, strategyApi, type StatusValue, type StrategyFormValues } from "./strategies-api";

const strategySchema = () => import("@/lib/domain/quant/schemas").then((m) => m.StrategyProfileForm);

const EMPTY: StrategyFormValues = { name: "", author: "", description: "", style: "", status: "paper", startDate: "", benchmark: DEFAULT_BENCHMARK };
/** The refusals of an edit shown beside the form (a conflict with the stored records, an editor's limits). */
const EDIT_REFUSALS = [400, 403, 409];

/**
 * A strategy's profile: name, author, style, status (实盘/模拟盘/回测), start date, benchmark and description.
 * Without `guid` it creates the strategy and opens its page; with `guid` it saves the changes. `dataLocked` (an
 * editor's view) leaves status, start date and benchmark to the administrators (ADR 0028).
 */
export function StrategyForm({ guid, initial = EMPTY, dataLocked = false }: { guid?: string; initial?: StrategyFormValues; dataLocked?: boolean }) {
  const router = useRouter();
  const { run, pending } = useAdminAction();
  const { register, watch, setValue, feedback, setFeedback, check } = useSchemaForm(strategySchema, initial);

  const submit = check(async (input) => {
    if (guid) {
      const result = await run(strategyApi(guid), { action: "update", ...input }, "已保存");
      if (!result.ok && EDIT_REFUSALS.includes(result.status)) setFeedback({ tone: "error", text: result.message });
      return;
    }
    const result = await run(STRATEGIES_API, input, `已创建策略“${input.name}”`);
    if (result.ok && typeof result.body.guid === "string") router.push(`/admin/strategies/${result.body.guid}`);
    else if (result.status === 400) setFeedback({ tone: "error", text: result.message });
  });

  return (
    <form aria-label={guid ? "编辑策略资料" : "新建策略"} className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
      <Field label="策略名称">{(control) => <input {...control} {...register("name")} maxLength={40} className={inputClass} />}</Field>
      <Field label="作者">{(control) => <input {...control} {...register("author")} maxLength={40} className={inputClass} />}</Field>
      <Field label="状态">
        {(control) => (
          <select {...control} {...register("status")} disabled={dataLocked} className={inputClass}>
            {(Object.keys(STATUS_LABELS) as StatusValue[]).map((s) => (
              <option key={s} value={s}>{STATUS_LABELS[s]}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label="风格">
        {(control) => <input {...control} {...register("style")} maxLength={20} placeholder="如：多因子、趋势跟踪" className={inputClass} />}
      </Field>
      <div>
        <span className="mb-1 block text-sm text-slate-600">开始日期</span>
        <DatePicker
          value={watch("startDate")}
          disabled={dataLocked}
          onChange={(day) => setValue("startDate", day, { shouldDirty: true })}
          aria-label="开始日期"
          placeholder="选择开始日期"
          className="h-11 w-full"
        />
      </div>
      <Field label="业绩基准" hint="指数代码，默认 000300.SH（沪深300）">
        {(control) => <input {...control} {...register("benchmark")} maxLength={12} disabled={dataLocked} className={cn(inputClass, "font-mono")} />}
      </Field>
      <Field label="简介" className="sm:col-span-2">
        {(control) => <textarea {...control} {...register("description")} maxLength={2000} rows={3} className={cn(fieldClass, "py-2")} />}
      </Field>
      {dataLocked ? <p className="text-xs text-slate-500 sm:col-span-2">状态、开始日期和业绩基准由管理员修改。</p> : null}
      <div className="flex items-end sm:col-span-2 sm:justify-end">
        <Button type="submit" loading={pending} className="w-full sm:w-auto">{guid ? "保存资料" : "新建策略"}</Button>
      </div>
      <FeedbackLine feedback={feedback} className="sm:col-span-2" />
    </form>
  );
}
