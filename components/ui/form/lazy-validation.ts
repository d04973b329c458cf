import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { NETWORK_RETRY_MESSAGE } from "@/lib/client/request";

/**
 * How a form names its schema: a function that imports it, e.g.
 * `() => import("@/lib/domain/account/schemas").then((m) => m.CodeLoginForm)`. zod and the schema modules then load
 * after the page is interactive (ADR 0062) instead of with every form page's first-load JavaScript.
 */
export type SchemaLoader<Output, Input> = () => Promise<z.ZodType<Output, Input>>;

/** Shown when the validation code could not be fetched (offline, or a deploy replaced the chunk). */
export const VALIDATION_UNAVAILABLE = NETWORK_RETRY_MESSAGE;

type Validation = typeof import("./zod-validation");
let validation: Promise<Validation> | null = null;

/** The validation module, fetched once; a failed fetch is forgotten so the next attempt retries. */
export function loadValidation(): Promise<Validation> {
  validation ??= import("./zod-validation").catch((error: unknown) => {
    validation = null;
    throw error;
  });
  return validation;
}

/** Starts fetching the validation code when the browser is idle, so a submission rarely waits for it. */
export function preloadValidation(load: () => Promise<unknown>): () => void {
  const start = () => void Promise.all([load(), loadValidation()]).catch(() => {});
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(start, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(start, 1);
  return () => window.clearTimeout(id);
}

async function loaded<Output, Input>(load: SchemaLoader<Output, Input>): Promise<[z.ZodType<Output, Input>, Validation] | null> {
  try {
    return await Promise.all([load(), loadValidation()]);
  } catch {
    return null;
  }
}

/** A react-hook-form resolver that fetches the schema and zod on first use. */
export function lazyResolver<Input extends FieldValues, Output>(load: SchemaLoader<Output, Input>): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    const ready = await loaded(load);
    // react-hook-form types `root` as both one error and a map of them; this is the one-error form.
    if (!ready) return { values: {}, errors: { root: { type: "unavailable", message: VALIDATION_UNAVAILABLE } } as FieldErrors<Input> };
    const [schema, { resolverFor }] = ready;
    return resolverFor(schema)(values, context, options);
  };
}

/** Checks one typed value with a lazily loaded schema: the parsed value, or the message to show. */
export async function checkLazily<Output>(load: SchemaLoader<Output, string>, value: string): Promise<{ ok: true; value: Output } | { ok: false; message: string }> {
  const ready = await loaded(load);
  if (!ready) return { ok: false, message: VALIDATION_UNAVAILABLE };
  const [schema, { checkValue }] = ready;
  return checkValue(schema, value);
}
