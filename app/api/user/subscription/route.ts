import { AutoRenewBody } from "@/lib/domain/payments/schemas";
import { route } from "@/lib/server/http";
import { setAutoRenew } from "@/lib/server/payments/subscriptions";

/** Stops auto-renewal at the period's end (access stays) or turns it back on: `{subscription, message}`. */
export const POST = route({ name: "changing auto-renewal", auth: "member", body: AutoRenewBody }, async ({ viewer, body }) => {
  const { subscription, message } = await setAutoRenew(viewer, body.subscriptionId, body.renew);
  return { subscription, message };
});
