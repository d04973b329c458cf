"use client";

import type { ReactNode } from "react";
import type { PayMethod } from "@/lib/domain/payments/types";
import { useCreateOrder } from "./use-create-order";

/**
 * Pays the same plan another way: an order belongs to one method, so this makes a new order (same plan, same
 * auto-renewal choice) with the other method and goes to its page. The unpaid order simply stays unpaid.
 */
export function SwitchMethodButton({
  planId,
  method,
  autoRenew,
  className,
  children,
}: {
  planId: string;
  method: PayMethod;
  autoRenew: boolean;
  /** Replaces the default link look (e.g. buttonClass(...)). */
  className?: string;
  children: ReactNode;
}) {
  const { create, pending, error } = useCreateOrder();
  return (
    <>
      <button
        type="button"
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={() => void create({ planId, method, autoRenew })}
        className={className ?? "text-brand hover:underline disabled:opacity-60"}
      >
        {pending ? "正在切换…" : children}
      </button>
      {error ? (
        <span role="alert" className="mt-1 block text-sm text-red-700">
          {error}
        </span>
      ) : null}
    </>
  );
}
