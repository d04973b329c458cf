import { z } from "zod";
import { EMAIL_TOPICS } from "./types";

/** The request bodies of ordering, paying and the member's subscription settings, shared by routes and forms. */

export const OrderBody = z.object({
  planId: z.string({ error: "请选择套餐" }).min(1, "请选择套餐").max(40),
  method: z.enum(["card", "checkout", "test"], { error: "请选择支付方式" }),
  autoRenew: z.boolean().default(false),
  nonce: z.string({ error: "请求编号无效" }).min(8, "请求编号无效").max(64, "请求编号无效"),
});
export type OrderBody = z.infer<typeof OrderBody>;

/** An order named in the address; the data layer answers an unknown one 404. */
export const OrderParams = z.object({ orderGuid: z.string() });

export const TestCardBody = z.object({
  orderGuid: z.string().min(1, "订单不存在").max(64, "订单不存在"),
  number: z.string({ error: "请输入卡号" }).max(40, "卡号无效"),
  expiry: z.string({ error: "请输入有效期" }).max(10, "有效期无效"),
  cvc: z.string({ error: "请输入安全码" }).max(8, "安全码无效"),
});
export type TestCardBody = z.infer<typeof TestCardBody>;

export const AutoRenewBody = z.object({
  subscriptionId: z.string().min(1, "订阅不存在").max(64, "订阅不存在"),
  renew: z.boolean({ error: "参数无效" }),
});
export type AutoRenewBody = z.infer<typeof AutoRenewBody>;

export const EmailPrefsBody = z.object({ topic: z.enum(EMAIL_TOPICS, { error: "邮件类型无效" }), subscribed: z.boolean({ error: "参数无效" }) });
export type EmailPrefsBody = z.infer<typeof EmailPrefsBody>;

/** Starting a payment takes no fields; whatever is sent is read within the body limit and ignored. */
export const IgnoredBody = z.unknown();
