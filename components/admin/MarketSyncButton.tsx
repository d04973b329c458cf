"use client";

import { RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/Button";
import { MARKET_SYNC_API, useAdminAction } from "./admin-action";

/** 同步行情: queues a sync of every traded stock; the server says whether it started or one was already waiting. */
export function MarketSyncButton({ disabled = false }: { disabled?: boolean }) {
  const { run, pending } = useAdminAction();
  return (
    <Button size="sm" loading={pending} disabled={disabled} onClick={() => run(MARKET_SYNC_API, {}, (result) => result.message)}>
      {!pending && <RefreshCw aria-hidden size={16} />}
      同步行情
    </Button>
  );
}
