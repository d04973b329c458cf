"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { DatePicker } from "@/components/ui/DatePicker";
import { useAdminAction } from "../admin-action";
import { fieldClass } from "@/components/ui/form";
import { DEFAULT_BENCHMARK, STATUS_LABELS, STRATEGIES_API, strategyApi, strategyProblem, type StatusValue, type StrategyFormValues } from "./strategies-api";
import { cn } from "@/components/ui/cn";

const EMPTY: StrategyFormValues = { name: "", author: "", description: "", style: "", status: "paper", startDate: "", benchmark: DEFAULT_BENCHMARK };

/**
 * A strategy's profile: name, author, style, status (实盘/模拟盘/回测), start date, benchmark and description.
 * Without `guid` it creates the strategy and opens its page; with `guid` it saves the changes. `dataLocked` (an
 * editor's view) leaves status, start date and benchmark to the administrators (ADR 0028).
 */
export function StrategyForm({ guid, initial, dataLocked = false }: { guid?: string; initial?: StrategyFormValues; dataLocked?: boolean }) {
  const id = useId();
  const router = useRouter();
  const [v, setV] = useState<StrategyFormValues>(initial ?? EMPTY);
  const [error, setError] = useState("");
  const { run, pending } = useAdminAction();
  const set = <K extends keyof StrategyFormValues>(key: K, value: StrategyFormValues[K]) => setV((old) => ({ ...old, [key]: value }));

  async function submit() {
    const problem = strategyProblem(v);
    setError(problem);
    if (problem) return;
    const input = {
      name: v.name.trim(),
      author: v.author.trim(),
      description: v.description.trim(),
      style: v.style.trim(),
      status: v.status,
      startDate: v.startDate,
      benchmark: v.benchmark.trim() || DEFAULT_BENCHMARK,
    };
    if (guid) {
      const result = await run(strategyApi(guid), { action: "update", ...input }, "已保存");
      if (!result.ok && (result.status === 400 || result.status === 403 || result.status === 409)) setError(result.message);
      return;
    }
    const result = await run(STRATEGIES_API, input, `已创建策略“${input.name}”`);
    if (result.ok && typeof result.body.guid === "string") router.push(`/admin/strategies/${result.body.guid}`);
    else if (result.status === 400) setError(result.message);
  }

  return (
    <form
      aria-label={guid ? "编辑策略资料" : "新建策略"}
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div>
        <label htmlFor={`${id}-name`} className="mb-1 block text-sm text-slate-600">策略名称</label>
        <input id={`${id}-name`} value={v.name} maxLength={40} onChange={(e) => set("name", e.target.value)} className={cn(fieldClass, "h-11")} />
      </div>
      <div>
        <label htmlFor={`${id}-author`} className="mb-1 block text-sm text-slate-600">作者</label>
        <input id={`${id}-author`} value={v.author} maxLength={40} onChange={(e) => set("author", e.target.value)} className={cn(fieldClass, "h-11")} />
      </div>
      <div>
        <label htmlFor={`${id}-status`} className="mb-1 block text-sm text-slate-600">状态</label>
        <select id={`${id}-status`} value={v.status} disabled={dataLocked} onChange={(e) => set("status", e.target.value as StatusValue)} className={cn(fieldClass, "h-11")}>
          {(Object.keys(STATUS_LABELS) as StatusValue[]).map((s) => (
            <option key={s} value={s}>{STATUS_LABELS[s]}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-style`} className="mb-1 block text-sm text-slate-600">风格</label>
        <input id={`${id}-style`} value={v.style} maxLength={20} placeholder="如：多因子、趋势跟踪" onChange={(e) => set("style", e.target.value)} className={cn(fieldClass, "h-11")} />
      </div>
      <div>
        <span className="mb-1 block text-sm text-slate-600">开始日期</span>
        <DatePicker value={v.startDate} disabled={dataLocked} onChange={(d) => set("startDate", d)} aria-label="开始日期" placeholder="选择开始日期" className="h-11 w-full" />
      </div>
      <div>
        <label htmlFor={`${id}-benchmark`} className="mb-1 block text-sm text-slate-600">业绩基准</label>
        <input
          id={`${id}-benchmark`}
          value={v.benchmark}
          maxLength={12}
          disabled={dataLocked}
          onChange={(e) => set("benchmark", e.target.value)}
          aria-describedby={`${id}-benchmark-help`}
          className={cn(fieldClass, "h-11 font-mono")}
        />
        <p id={`${id}-benchmark-help`} className="mt-1 text-xs text-slate-500">指数代码，默认 000300.SH（沪深300）</p>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-description`} className="mb-1 block text-sm text-slate-600">简介</label>
        <textarea id={`${id}-description`} value={v.description} maxLength={2000} rows={3} onChange={(e) => set("description", e.target.value)} className={cn(fieldClass, "py-2")} />
      </div>
      {dataLocked ? <p className="text-xs text-slate-500 sm:col-span-2">状态、开始日期和业绩基准由管理员修改。</p> : null}
      <div className="flex items-end sm:col-span-2 sm:justify-end">
        <Button type="submit" loading={pending} className="w-full sm:w-auto">{guid ? "保存资料" : "新建策略"}</Button>
      </div>
      {error ? <p role="alert" className="text-sm text-red-700 sm:col-span-2">{error}</p> : null}
    </form>
  );
}
