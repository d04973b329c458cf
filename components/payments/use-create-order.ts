"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { submitJson } from "@/lib/client/request";
import type { OrderView, PayMethod } from "@/lib/domain/payments/types";
import { continuePayHref, newNonce, safeLocalPath } from "./pay-helpers";

export const ORDERS_API = "/api/pay/orders";

export interface NewOrder {
  planId: string;
  method: PayMethod;
  autoRenew: boolean;
}

/**
 * Creates an order and goes where the server says (`next`). One nonce per page view (the server keys the order on
 * member, plan, method, renewal and nonce), so a double click or a retry after a lost answer makes one order; a
 * second call while one is in flight is ignored.
 */
export function useCreateOrder() {
  const router = useRouter();
  const [nonce] = useState(newNonce);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState("");
  const inFlight = useRef(false);

  async function create(order: NewOrder): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setError("");
    const result = await submitJson(ORDERS_API, { ...order, nonce });
    const made = result.body.order as OrderView | undefined;
    if (result.ok && made && typeof made.orderGuid === "string") {
      // Stay busy while the next page loads.
      router.push(safeLocalPath(result.body.next, continuePayHref(made)));
      return;
    }
    setError(result.message || "下单失败，请稍后再试");
    setPending(false);
    inFlight.current = false;
  }

  return { create, pending, error };
}
