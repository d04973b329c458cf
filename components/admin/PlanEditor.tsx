"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { fenToYuanInput, parseYuanToFen } from "@/components/payments/pay-helpers";
import { formatYuanFromFen } from "@/lib/domain/format";
import type { PlanView } from "@/lib/domain/payments/types";
import { useAdminAction } from "./admin-action";
import { cn } from "@/components/ui/cn";

export const PLANS_API = "/api/admin/plans";
/** The highest price a plan may have, in fen (¥100,000). */
export const MAX_PLAN_PRICE_FEN = 10_000_000;

const field =
  "block h-10 w-full rounded-lg border border-slate-300 bg-white px-2.5 text-[15px] text-slate-900 focus:border-brand focus:ring-2 focus:ring-brand/20 focus:outline-none";

/** A plan's name, price (yuan, two decimals) and on/off sale; saved with POST /api/admin/plans. */
export function PlanEditor({ plan }: { plan: Pick<PlanView, "id" | "name" | "priceFen" | "active"> }) {
  const id = useId();
  const [name, setName] = useState(plan.name);
  const [price, setPrice] = useState(fenToYuanInput(plan.priceFen));
  const [active, setActive] = useState(plan.active);
  const [error, setError] = useState("");
  const { run, pending } = useAdminAction();

  const priceFen = parseYuanToFen(price);
  const changed = name.trim() !== plan.name || priceFen !== plan.priceFen || active !== plan.active;

  async function save() {
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 40) return setError("名称须为 1–40 个字");
    if (priceFen === null) return setError("价格须为金额，最多两位小数，如 68.00");
    if (priceFen < 100 || priceFen > MAX_PLAN_PRICE_FEN) return setError("价格须在 ¥1.00 至 ¥100,000.00 之间");
    setError("");
    const result = await run(PLANS_API, { planId: plan.id, name: trimmed, priceFen, active }, `已保存“${trimmed}”`);
    if (!result.ok && result.status === 400) setError(result.message);
  }

  return (
    <form
      aria-label={`编辑套餐 ${plan.name}`}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="w-40">
        <label htmlFor={`${id}-name`} className="mb-0.5 block text-xs text-slate-500">名称</label>
        <input id={`${id}-name`} value={name} maxLength={40} onChange={(e) => setName(e.target.value)} className={field} />
      </div>
      <div className="w-28">
        <label htmlFor={`${id}-price`} className="mb-0.5 block text-xs text-slate-500">价格（元）</label>
        <input
          id={`${id}-price`}
          value={price}
          inputMode="decimal"
          onChange={(e) => setPrice(e.target.value)}
          onBlur={() => {
            if (priceFen !== null) setPrice(fenToYuanInput(priceFen));
          }}
          className={cn(field, "text-right tabular-nums")}
          aria-describedby={`${id}-price-hint`}
        />
      </div>
      <label className="flex h-10 items-center gap-1.5 text-sm text-slate-700">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className="size-4 accent-[var(--color-brand)]" />
        在售
      </label>
      <Button type="submit" size="sm" loading={pending} disabled={!changed}>
        保存
      </Button>
      <p id={`${id}-price-hint`} className="w-full text-xs text-slate-500">
        {priceFen !== null && priceFen !== plan.priceFen ? `新价格 ${formatYuanFromFen(priceFen)}，只对之后的新订单生效` : " "}
      </p>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
