import { z } from "zod";
import { isTradingDateString } from "@/lib/domain/route-params";
import { chosenFile } from "@/lib/domain/uploads/schemas";

/** The quant area's input schemas, shared by the route handlers, the CLI and the forms (issue 25 point 3). */

/** The strategy profile an editor writes (the `strategies` table). */
export const StrategyInput = z.object({
  name: z.string({ error: "请填写策略名称" }).trim().min(1, "请填写策略名称").max(40, "策略名称最多 40 个字"),
  author: z.string({ error: "请填写作者" }).trim().min(1, "请填写作者").max(40, "作者最多 40 个字"),
  description: z.string({ error: "简介格式无效" }).trim().max(2000, "简介最多 2000 字").default(""),
  style: z.string({ error: "风格格式无效" }).trim().max(20, "风格最多 20 个字").default(""),
  status: z.enum(["live", "paper", "backtest"], { error: "请选择状态：实盘、模拟盘或回测" }),
  startDate: z.string({ error: "开始日期格式应为 YYYY-MM-DD" }).refine(isTradingDateString, "开始日期格式应为 YYYY-MM-DD，且须为真实日期"),
  benchmark: z
    .string({ error: "基准代码格式如 000300.SH" })
    .trim()
    .transform((v) => (v === "" ? "000300.SH" : v.toUpperCase()))
    .refine((v) => /^\d{6}(\.(SH|SZ|CSI))?$/.test(v), "基准代码格式如 000300.SH")
    .default("000300.SH"),
});
export type StrategyInput = z.input<typeof StrategyInput>;
export type StrategyInputValues = z.output<typeof StrategyInput>;

/**
 * The strategy profile form: StrategyInput's fields, with the start date asked for by the date picker before the
 * route's check of a real date.
 */
export const StrategyProfileForm = StrategyInput.extend({
  startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "请选择开始日期").pipe(StrategyInput.shape.startDate),
});
export type StrategyProfileForm = z.input<typeof StrategyProfileForm>;

/** The body of `POST /api/admin/strategies/{guid}`: edit the profile, make an ingest key, or revoke one. */
export const StrategyChange = z.discriminatedUnion(
  "action",
  [
    StrategyInput.extend({ action: z.literal("update") }),
    z.object({ action: z.literal("createKey") }),
    z.object({ action: z.literal("revokeKey"), keyId: z.guid("密钥编号无效") }),
  ],
  { error: "参数无效" },
);
export type StrategyChange = z.input<typeof StrategyChange>;

/** Following or unfollowing a strategy; `email` also sends its new signals by e-mail (only with follow: true). */
export const FollowInput = z.object({
  strategyGuid: z.guid(),
  follow: z.boolean(),
  email: z.boolean().optional(),
});
export type FollowInput = z.input<typeof FollowInput>;

/** A strategy's NAV or fills CSV upload form: one file (`title` names the kind: 净值, 成交). */
export const strategyCsvForm = (title: string) => z.object({ file: chosenFile(`请选择${title} CSV 文件`) });
export type StrategyCsvForm = z.input<ReturnType<typeof strategyCsvForm>>;
