import { NextResponse } from "next/server";
import { z } from "zod";
import { EMAIL_TOPICS } from "@/lib/domain/payments/types";
import { setEmailSubscribed } from "@/lib/server/payments/email-prefs";
import { memberRoute } from "@/lib/server/payments/route-kit";

const Body = z.object({ topic: z.enum(EMAIL_TOPICS, { error: "邮件类型无效" }), subscribed: z.boolean({ error: "参数无效" }) });

/** Turns one e-mail topic on or off: `{optOuts}`. */
export const POST = memberRoute("changing e-mail preferences", Body, async (viewer, body) => {
  const optOuts = await setEmailSubscribed(viewer.userId, body.topic, body.subscribed);
  return NextResponse.json({ optOuts, message: body.subscribed ? "已订阅" : "已退订" });
});
