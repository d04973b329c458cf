"use client";

import { useId } from "react";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { Field, FeedbackLine, fieldClass, useSchemaForm } from "@/components/ui/form";
import { fenToYuanInput, formatYuanFromFen, parseYuanToFen } from "@/lib/domain/format";
import type { PlanView } from "@/lib/domain/payments/types";
import { useAdminAction } from "./admin-action";

const planSchema = () => import("@/lib/domain/admin/schemas").then((m) => m.PlanEditForm);

export const PLANS_API = "/api/admin/plans";

/** The compact field of a table row. */
const rowField = cn(fieldClass, "h-10 px-2.5 text-[15px]");

/** A plan's name, price (yuan, two decimals) and on/off sale; saved with POST /api/admin/plans. */
export function PlanEditor({ plan }: { plan: Pick<PlanView, "id" | "name" | "priceFen" | "active"> }) {
  const id = useId();
  const { run, pending } = useAdminAction();
  const { register, watch, setValue, feedback, setFeedback, check } = useSchemaForm(planSchema, {
    name: plan.name,
    price: fenToYuanInput(plan.priceFen),
    active: plan.active,
  });

  const priceFen = parseYuanToFen(watch("price"));
  const changed = watch("name").trim() !== plan.name || priceFen !== plan.priceFen || watch("active") !== plan.active;

  const save = check(async ({ name, price, active }) => {
    const result = await run(PLANS_API, { planId: plan.id, name, priceFen: price, active }, `已保存“${name}”`);
    if (!result.ok && result.status === 400) setFeedback({ tone: "error", text: result.message });
  });

  return (
    <form aria-label={`编辑套餐 ${plan.name}`} className="flex flex-wrap items-end gap-2" onSubmit={save} noValidate>
      <Field label="名称" compact className="w-40">
        {(control) => <input {...control} {...register("name")} maxLength={40} className={rowField} />}
      </Field>
      <Field label="价格（元）" compact className="w-28">
        {(control) => (
          <input
            {...control}
            {...register("price", {
              onBlur: () => {
                if (priceFen !== null) setValue("price", fenToYuanInput(priceFen));
              },
            })}
            inputMode="decimal"
            className={cn(rowField, "text-right tabular-nums")}
            aria-describedby={`${id}-price-hint`}
          />
        )}
      </Field>
      <label className="flex h-10 items-center gap-1.5 text-sm text-slate-700">
        <input type="checkbox" {...register("active")} className="size-4 accent-[var(--color-brand)]" />
        在售
      </label>
      <Button type="submit" size="sm" loading={pending} disabled={!changed}>
        保存
      </Button>
      <p id={`${id}-price-hint`} className="w-full text-xs text-slate-500">
        {priceFen !== null && priceFen !== plan.priceFen ? `新价格 ${formatYuanFromFen(priceFen)}，只对之后的新订单生效` : " "}
      </p>
      <FeedbackLine feedback={feedback} className="w-full" />
    </form>
  );
}
