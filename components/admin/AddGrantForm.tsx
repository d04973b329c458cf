"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { GRANTS_API, newRequestId, useAdminAction } from "./admin-action";

const MAX_DAYS = 3660;
const LEVEL_NAMES = { vip: "VIP", svip: "SVIP" } as const;
type LevelCode = keyof typeof LEVEL_NAMES;

const fieldClass =
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand focus:ring-2 focus:ring-brand/20 focus:outline-none";

/** Adds days of VIP or SVIP to a member, after their current run of that level. One grant per submission. */
export function AddGrantForm({ userId }: { userId: string }) {
  const id = useId();
  const [level, setLevel] = useState<LevelCode>("vip");
  const [days, setDays] = useState("30");
  const [error, setError] = useState("");
  // One id per intended grant: a double submission or a retried request grants once.
  const [requestId, setRequestId] = useState(newRequestId);
  const { run, pending } = useAdminAction();

  async function submit() {
    const n = Number(days.trim());
    if (!/^\d+$/.test(days.trim()) || !Number.isInteger(n) || n < 1 || n > MAX_DAYS) {
      setError(`天数须为 1–${MAX_DAYS} 的整数`);
      return;
    }
    setError("");
    const result = await run(GRANTS_API, { action: "add", userId, level, days: n, requestId }, `已添加 ${n} 天 ${LEVEL_NAMES[level]}`);
    if (result.ok) setRequestId(newRequestId());
    else if (result.status === 400) setError(result.message);
  }

  return (
    <form
      aria-label="添加会员授权"
      className="grid gap-3 sm:grid-cols-[10rem_10rem_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div>
        <label htmlFor={`${id}-level`} className="mb-1 block text-sm text-slate-600">等级</label>
        <select id={`${id}-level`} value={level} onChange={(e) => setLevel(e.target.value as LevelCode)} className={fieldClass}>
          <option value="vip">VIP</option>
          <option value="svip">SVIP</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-days`} className="mb-1 block text-sm text-slate-600">天数（1–{MAX_DAYS}）</label>
        <input
          id={`${id}-days`}
          inputMode="numeric"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={fieldClass}
        />
      </div>
      <Button type="submit" loading={pending}>添加授权</Button>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 sm:col-span-3">{error}</p>
      ) : null}
    </form>
  );
}
