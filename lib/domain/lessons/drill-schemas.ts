import { z } from "zod";
import { isGuid, isStockSymbol, isTradingDateString } from "@/lib/domain/route-params";
import { parseDrillChoice } from "./drill";

/** `/api/train/{guid}/{date}/{symbol}`: a malformed segment names no drill (404). The code drops an exchange suffix. */
export const DrillParams = z.object({
  guid: z.string().refine(isGuid, "没有这道题").transform((g) => g.toLowerCase()),
  date: z.string().refine(isTradingDateString, "没有这道题"),
  symbol: z.string().refine(isStockSymbol, "没有这道题").transform((s) => s.slice(0, 6)),
});

/** The answer: 买入 / 卖出 / 观望 (`buy` / `sell` / `watch`), and optionally a size in shares. */
export const DrillAnswerInput = z.object({
  choice: z.unknown().transform((v, ctx) => {
    const choice = parseDrillChoice(v);
    if (!choice) {
      ctx.addIssue({ code: "custom", message: "请选择买入、卖出或观望" });
      return z.NEVER;
    }
    return choice;
  }),
  quantity: z
    .union([z.number(), z.string().trim().regex(/^\d+$/, "数量须为正整数（股）").transform(Number), z.null()])
    .optional()
    .refine((q) => q === undefined || q === null || (Number.isInteger(q) && q > 0 && q <= 100_000_000), "数量须为正整数（股）")
    .transform((q) => q ?? null),
});
