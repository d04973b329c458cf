"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";
import { request } from "@/lib/client/request";
import type { OrderStatus } from "@/lib/domain/payments/types";

export const POLL_INTERVAL_MS = 2000;
export const POLL_LIMIT_MS = 60_000;

/** Reads an order's status; null when no usable answer arrived (the poll just tries again). */
async function fetchStatus(orderGuid: string, signal: AbortSignal): Promise<OrderStatus | null> {
  try {
    const body = await request.get<{ order?: { status?: OrderStatus } } | null>(`/api/pay/orders/${encodeURIComponent(orderGuid)}`,
      undefined, { cache: "no-store", signal, silent: true });
    return body?.order?.status ?? null;
  } catch {
    return null;
  }
}

/**
 * While an order is pending, asks the server every 2 s (for up to 60 s) and re-renders the page from the server as
 * soon as the status changes. After that it offers a manual check.
 */
export function OrderStatusPoller({ orderGuid, status }: { orderGuid: string; status: OrderStatus }) {
  const router = useRouter();
  const [round, setRound] = useState(0);
  const [gaveUp, setGaveUp] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  // The poll restarts only for a new order, status or manual check, not when the router object changes.
  const routerRef = useRef(router);
  useEffect(() => {
    routerRef.current = router;
  }, [router]);

  useEffect(() => {
    const controller = new AbortController();
    const deadline = Date.now() + POLL_LIMIT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const tick = async () => {
      const current = await fetchStatus(orderGuid, controller.signal);
      if (stopped) return;
      if (current && current !== status) {
        startRefresh(() => routerRef.current.refresh());
        return;
      }
      if (Date.now() + POLL_INTERVAL_MS > deadline) {
        setGaveUp(true);
        return;
      }
      timer = setTimeout(tick, POLL_INTERVAL_MS);
    };
    timer = setTimeout(tick, POLL_INTERVAL_MS);

    return () => {
      stopped = true;
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [orderGuid, status, round]);

  if (gaveUp) {
    return (
      <div className="space-y-3" data-testid="order-poller">
        <p className="text-sm text-slate-600">暂时还没有收到支付结果。如果你已完成付款，请稍后再查询，不要重复付款。</p>
        <Button
          variant="secondary"
          size="sm"
          loading={refreshing}
          onClick={() => {
            setGaveUp(false);
            setRound((r) => r + 1);
            startRefresh(() => router.refresh());
          }}
        >
          重新查询
        </Button>
      </div>
    );
  }

  return (
    <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="order-poller" aria-live="polite">
      <Spinner size={16} label="" />
      正在确认支付结果，页面会自动更新…
    </p>
  );
}
