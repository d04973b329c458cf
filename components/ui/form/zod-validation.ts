import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { chineseErrorMap } from "@/lib/domain/validation-messages";

/** The zod resolver with the app's Chinese error map. Loaded only through lazy-validation (zod stays off first load). */
export function resolverFor<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>): Resolver<Input, unknown, Output> {
  return zodResolver(schema, { error: chineseErrorMap }) as Resolver<Input, unknown, Output>;
}

/** A single value checked with the app's error map: the parsed value, or the first problem's message. */
export function checkValue<Output>(schema: z.ZodType<Output, string>, value: string): { ok: true; value: Output } | { ok: false; message: string } {
  const parsed = schema.safeParse(value, { error: chineseErrorMap });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? "参数无效" };
}
