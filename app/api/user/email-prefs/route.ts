import { EmailPrefsBody } from "@/lib/domain/payments/schemas";
import { route } from "@/lib/server/http";
import { setEmailSubscribed } from "@/lib/server/payments/email-prefs";

/** Turns one e-mail topic on or off: `{optOuts}`. */
export const POST = route({ name: "changing e-mail preferences", auth: "member", body: EmailPrefsBody }, async ({ viewer, body }) => {
  const optOuts = await setEmailSubscribed(viewer, body.topic, body.subscribed);
  return { optOuts, message: body.subscribed ? "已订阅" : "已退订" };
});
