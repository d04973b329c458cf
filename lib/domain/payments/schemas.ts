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

/**
 * The 测试模式 card form: TestCardBody's card fields as typed (the number grouped by four), with the checks a card
 * form makes before asking; the test provider checks the number, date and code again.
 */
export const TestCardForm = TestCardBody.pick({ number: true, expiry: true, cvc: true }).extend({
  number: z
    .string()
    .transform((typed) => typed.replace(/\D/g, ""))
    .refine((digits) => digits.length >= 13, "请输入完整的卡号")
    .pipe(TestCardBody.shape.number),
  expiry: z
    .string()
    .regex(/^\d{2}\/\d{2}$/, "请按 MM/YY 填写有效期")
    .refine((mmyy) => Number(mmyy.slice(0, 2)) >= 1 && Number(mmyy.slice(0, 2)) <= 12, "有效期月份应为 01–12")
    .pipe(TestCardBody.shape.expiry),
  cvc: z.string().regex(/^\d{3,4}$/, "请输入 3 或 4 位安全码").pipe(TestCardBody.shape.cvc),
});
export type TestCardForm = z.input<typeof TestCardForm>;

export const AutoRenewBody = z.object({
  subscriptionId: z.string().min(1, "订阅不存在").max(64, "订阅不存在"),
  renew: z.boolean({ error: "参数无效" }),
});
export type AutoRenewBody = z.infer<typeof AutoRenewBody>;

export const EmailPrefsBody = z.object({ topic: z.enum(EMAIL_TOPICS, { error: "邮件类型无效" }), subscribed: z.boolean({ error: "参数无效" }) });
export type EmailPrefsBody = z.infer<typeof EmailPrefsBody>;

/** Starting a payment takes no fields; whatever is sent is read within the body limit and ignored. */
export const IgnoredBody = z.unknown();
