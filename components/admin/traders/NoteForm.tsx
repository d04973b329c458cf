"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { DatePicker } from "@/components/ui/DatePicker";
import { ConfirmAction } from "../ConfirmAction";
import { useAdminAction } from "../admin-action";
import { fieldClass } from "./MasterForm";
import { traderApi } from "./traders-api";

const MAX_NOTE = 2000;

/** Writes the editor's note on a trade day of a master (optionally on one stock); the same day and code overwrites. */
export function NoteForm({ guid }: { guid: string }) {
  const id = useId();
  const [tradeDate, setTradeDate] = useState("");
  const [code, setCode] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState("");
  const { run, pending } = useAdminAction();

  async function submit() {
    const problem = !/^\d{4}-\d{2}-\d{2}$/.test(tradeDate)
      ? "请选择交易日"
      : !/^(\d{6})?$/.test(code.trim())
        ? "代码应为 6 位数字，或留空表示全天"
        : !note.trim()
          ? "请填写点评内容"
          : "";
    setError(problem);
    if (problem) return;
    const result = await run(traderApi(guid), { action: "note", tradeDate, code: code.trim(), note: note.trim() }, "点评已保存");
    if (result.ok) setNote("");
    else if (result.status === 400) setError(result.message);
  }

  return (
    <form
      aria-label="交易日点评"
      className="grid gap-3 sm:grid-cols-[auto_10rem_1fr]"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div>
        <span className="mb-1 block text-sm text-slate-600">交易日</span>
        <DatePicker value={tradeDate} onChange={setTradeDate} aria-label="交易日" placeholder="选择交易日" className="h-11 w-full sm:w-auto" />
      </div>
      <div>
        <label htmlFor={`${id}-code`} className="mb-1 block text-sm text-slate-600">股票代码（可选）</label>
        <input
          id={`${id}-code`}
          inputMode="numeric"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="留空为全天"
          className={`${fieldClass} h-11 font-mono`}
        />
      </div>
      <div className="sm:col-span-3">
        <label htmlFor={`${id}-note`} className="mb-1 block text-sm text-slate-600">点评</label>
        <textarea id={`${id}-note`} value={note} maxLength={MAX_NOTE} rows={3} onChange={(e) => setNote(e.target.value)} className={`${fieldClass} py-2`} />
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
        <Button type="submit" loading={pending}>保存点评</Button>
        <span className="text-xs text-slate-500">同一交易日、同一代码只保留一条，再次保存会覆盖。</span>
      </div>
      {error ? <p role="alert" className="text-sm text-red-700 sm:col-span-3">{error}</p> : null}
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
      endpoint={traderApi(guid)}
      payload={{ action: "note", tradeDate, code, note: "" }}
      success="点评已删除"
    >
      将删除 {what} 的点评。
    </ConfirmAction>
  );
}
