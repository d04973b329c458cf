/**
 * What a strategy may send to the ingest API (signals, NAV points, fills) and what the CSV imports read: zod
 * schemas built for one "today" (Asia/Shanghai, so no date in the future passes), and the answer a refused body gets:
 * `{message, errors:[{index, field, message}]}` with every problem, in Chinese and English. Pure: no I/O.
 */
import { z } from "zod";
import { shanghaiDate } from "@/lib/domain/membership";
import { isTradingDateString } from "@/lib/domain/route-params";

export const MAX_INGEST_BODY_BYTES = 256 * 1024;
export const MAX_SIGNALS = 500;
export const MAX_FILLS = 500;
export const MAX_NAV_POINTS = 2000;
export const MAX_ID_LENGTH = 100;
export const MAX_NAME_LENGTH = 32;
export const MAX_NOTE_LENGTH = 500;
/** Upper bounds that keep a value inside its numeric column (and out of absurd territory). */
export const MAX_PRICE = 1_000_000;
export const MAX_NAV = 1_000_000;
export const MAX_QUANTITY = 10_000_000_000;

/** "中文 / English": machine clients log the English, editors read the Chinese. */
const both = (zh: string, en: string) => `${zh} / ${en}`;

export const MESSAGES = {
  id: both(`编号须为 1–${MAX_ID_LENGTH} 个可见 ASCII 字符（或非负整数）`, `id must be 1–${MAX_ID_LENGTH} visible ASCII characters or a non-negative integer`),
  date: both("日期须为真实日期，格式 YYYY-MM-DD", "date must be a real date written YYYY-MM-DD"),
  future: both("日期不能晚于今天（北京时间）", "date must not be in the future (Asia/Shanghai)"),
  time: both("时间须为 HH:MM 或 HH:MM:SS", "time must be HH:MM or HH:MM:SS"),
  code: both("代码须为 6 位数字", "code must be six digits"),
  name: both(`请填写名称（1–${MAX_NAME_LENGTH} 个字）`, `name must be 1–${MAX_NAME_LENGTH} characters`),
  side: both("方向须为 buy 或 sell", 'side must be "buy" or "sell"'),
  price: both(`价格须为大于 0 的数字（最多 ${MAX_PRICE}）`, `price must be a number > 0 (at most ${MAX_PRICE})`),
  weight: both("仓位权重须为 0–1 之间的数字", "weight must be a number from 0 to 1"),
  note: both(`备注最多 ${MAX_NOTE_LENGTH} 字`, `note must be a string of at most ${MAX_NOTE_LENGTH} characters`),
  nav: both(`净值须为大于 0 的数字（最多 ${MAX_NAV}）`, `nav must be a number > 0 (at most ${MAX_NAV})`),
  quantity: both("数量须为正整数", "quantity must be a positive whole number"),
  body: both("请求体须为 JSON 对象", "the body must be a JSON object"),
  signals: both(`signals 须为 1–${MAX_SIGNALS} 条信号的数组`, `signals must be an array of 1–${MAX_SIGNALS} items`),
  points: both(`points 须为 1–${MAX_NAV_POINTS} 个净值点的数组`, `points must be an array of 1–${MAX_NAV_POINTS} items`),
  fills: both(`fills 须为 1–${MAX_FILLS} 笔成交的数组`, `fills must be an array of 1–${MAX_FILLS} items`),
  item: both("每一项须为 JSON 对象", "each item must be a JSON object"),
  repeatedId: both("同一请求中编号重复且内容不同", "the same id appears twice in this request with different content"),
  repeatedDate: both("同一请求中日期重复且净值不同", "the same date appears twice in this request with different values"),
} as const;

/** `YYYY-MM-DD` of today in Asia/Shanghai: the latest date anything may carry. */
export function shanghaiToday(now: Date = new Date()): string {
  return shanghaiDate(now);
}

export const roundTo = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** The scales of the numeric columns: what is stored, and so what a replay is compared with. */
export const roundPrice = (v: number) => roundTo(v, 3);
export const roundWeight = (v: number) => roundTo(v, 4);
export const roundNav = (v: number) => roundTo(v, 8);
export const roundAmount = (v: number) => roundTo(v, 2);

/** `HH:MM` or `HH:MM:SS` → `HH:MM:SS`; null when it is no time of day. */
export function normalizeTime(value: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || min > 59 || s > 59) return null;
  return `${String(h).padStart(2, "0")}:${m[2]}:${String(s).padStart(2, "0")}`;
}

let cached: { today: string; fields: ReturnType<typeof buildFieldSchemas>; items: ReturnType<typeof buildItemSchemas> } | null = null;

function schemasFor(today: string) {
  if (cached?.today !== today) {
    const fields = buildFieldSchemas(today);
    cached = { today, fields, items: buildItemSchemas(fields) };
  }
  return cached;
}

/** The field schemas, shared by the JSON bodies and the CSV rows, for one "today" (built once per day). */
export function fieldSchemas(today: string) {
  return schemasFor(today).fields;
}

function buildFieldSchemas(today: string) {
  const id = z
    .union([z.string({ error: MESSAGES.id }), z.number({ error: MESSAGES.id }).int(MESSAGES.id).nonnegative(MESSAGES.id)], { error: MESSAGES.id })
    .transform((v) => String(v).trim())
    .refine((v) => v.length >= 1 && v.length <= MAX_ID_LENGTH && /^[\x21-\x7e]+$/.test(v), MESSAGES.id);
  const date = z
    .string({ error: MESSAGES.date })
    .refine(isTradingDateString, MESSAGES.date)
    .refine((d) => !isTradingDateString(d) || d <= today, MESSAGES.future);
  const time = z
    .union([z.string({ error: MESSAGES.time }), z.null()], { error: MESSAGES.time })
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v.trim() === "") return null;
      const t = normalizeTime(v);
      if (!t) ctx.addIssue({ code: "custom", message: MESSAGES.time });
      return t;
    });
  const code = z.string({ error: MESSAGES.code }).regex(/^\d{6}$/, MESSAGES.code);
  const name = z.string({ error: MESSAGES.name }).trim().min(1, MESSAGES.name).max(MAX_NAME_LENGTH, MESSAGES.name);
  const side = z.enum(["buy", "sell"], { error: MESSAGES.side });
  const price = z
    .number({ error: MESSAGES.price })
    .refine((v) => Number.isFinite(v) && v <= MAX_PRICE && roundPrice(v) > 0, MESSAGES.price)
    .transform(roundPrice);
  const optionalPrice = z.union([price, z.null()], { error: MESSAGES.price }).optional().transform((v) => v ?? null);
  const weight = z
    .union([z.number({ error: MESSAGES.weight }).min(0, MESSAGES.weight).max(1, MESSAGES.weight).transform(roundWeight), z.null()], { error: MESSAGES.weight })
    .optional()
    .transform((v) => v ?? null);
  const note = z.string({ error: MESSAGES.note }).trim().max(MAX_NOTE_LENGTH, MESSAGES.note).optional().transform((v) => v ?? "");
  const nav = z
    .number({ error: MESSAGES.nav })
    .refine((v) => Number.isFinite(v) && v <= MAX_NAV && roundNav(v) > 0, MESSAGES.nav)
    .transform(roundNav);
  const quantity = z.number({ error: MESSAGES.quantity }).int(MESSAGES.quantity).positive(MESSAGES.quantity).max(MAX_QUANTITY, MESSAGES.quantity);
  return { id, date, time, code, name, side, price, optionalPrice, weight, note, nav, quantity };
}

function buildItemSchemas(f: ReturnType<typeof buildFieldSchemas>) {
  return {
    signal: z.object(
      { id: f.id, date: f.date, time: f.time, code: f.code, name: f.name, side: f.side, price: f.optionalPrice, weight: f.weight, note: f.note },
      { error: MESSAGES.item },
    ),
    navPoint: z.object({ id: f.id.optional().transform((v) => v ?? null), date: f.date, nav: f.nav }, { error: MESSAGES.item }),
    fill: z.object(
      { id: f.id, date: f.date, time: f.time, code: f.code, name: f.name, side: f.side, quantity: f.quantity, price: f.price },
      { error: MESSAGES.item },
    ),
  };
}

type ItemSchemas = ReturnType<typeof buildItemSchemas>;
/** What the schemas give: a signal, a NAV point, a fill (ids trimmed, times as HH:MM:SS or null, numbers rounded). */
export type SignalInput = z.output<ItemSchemas["signal"]>;
export type NavInput = z.output<ItemSchemas["navPoint"]>;
export type FillInput = z.output<ItemSchemas["fill"]>;

export function signalSchema(today: string) {
  return schemasFor(today).items.signal;
}

export function navPointSchema(today: string) {
  return schemasFor(today).items.navPoint;
}

export function fillSchema(today: string) {
  return schemasFor(today).items.fill;
}

export interface FieldError {
  /** position in the array (0-based); null for the body itself */
  index: number | null;
  field: string;
  message: string;
}

export type BodyCheck<T> = { ok: true; items: T[] } | { ok: false; message: string; errors: FieldError[] };

/** Every field error is listed, up to this many (a body of 500 bad items would otherwise answer megabytes). */
export const MAX_ERRORS_LISTED = 200;

function refusal(errors: FieldError[]): { ok: false; message: string; errors: FieldError[] } {
  const n = errors.length;
  return {
    ok: false,
    message: both(`请求内容有 ${n} 处错误，未保存任何数据`, `${n} invalid field${n === 1 ? "" : "s"}: nothing was stored`),
    errors: errors.slice(0, MAX_ERRORS_LISTED),
  };
}

function checkBody<T>(body: unknown, key: string, itemSchema: z.ZodType<T>, max: number, listMessage: string): BodyCheck<T> {
  if (!body || typeof body !== "object" || Array.isArray(body)) return refusal([{ index: null, field: "body", message: MESSAGES.body }]);
  const list = (body as Record<string, unknown>)[key];
  if (!Array.isArray(list) || list.length < 1 || list.length > max) return refusal([{ index: null, field: key, message: listMessage }]);
  const errors: FieldError[] = [];
  const items: T[] = [];
  list.forEach((raw, index) => {
    const parsed = itemSchema.safeParse(raw);
    if (parsed.success) {
      items.push(parsed.data);
      return;
    }
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = typeof issue.path[0] === "string" ? issue.path[0] : "item";
      if (seen.has(field)) continue; // one message per field
      seen.add(field);
      errors.push({ index, field, message: issue.message });
    }
  });
  return errors.length > 0 ? refusal(errors) : { ok: true, items };
}

/** Same content as stored: what makes a replayed id a duplicate rather than a conflict. */
export function sameSignal(a: SignalInput, b: SignalInput): boolean {
  return a.date === b.date && a.time === b.time && a.code === b.code && a.name === b.name && a.side === b.side && a.price === b.price && a.weight === b.weight && a.note === b.note;
}

export function sameFill(a: FillInput, b: FillInput): boolean {
  return a.date === b.date && a.time === b.time && a.code === b.code && a.name === b.name && a.side === b.side && a.quantity === b.quantity && a.price === b.price;
}

/** Repeats inside one request: identical ones collapse (counted as duplicates later), different ones are errors. */
function withinBatch<T extends { id: string }>(items: T[], same: (a: T, b: T) => boolean): { unique: T[]; repeats: number; errors: FieldError[] } {
  const first = new Map<string, T>();
  const unique: T[] = [];
  const errors: FieldError[] = [];
  let repeats = 0;
  items.forEach((item, index) => {
    const earlier = first.get(item.id);
    if (!earlier) {
      first.set(item.id, item);
      unique.push(item);
    } else if (same(earlier, item)) repeats++;
    else errors.push({ index, field: "id", message: MESSAGES.repeatedId });
  });
  return { unique, repeats, errors };
}

export type BatchCheck<T> = { ok: true; items: T[]; repeats: number } | { ok: false; message: string; errors: FieldError[] };

/** `{signals:[…]}` → the signals (repeats inside the body collapsed), or every problem found. */
export function checkSignalsBody(body: unknown, today: string): BatchCheck<SignalInput> {
  const checked = checkBody<SignalInput>(body, "signals", signalSchema(today), MAX_SIGNALS, MESSAGES.signals);
  if (!checked.ok) return checked;
  const { unique, repeats, errors } = withinBatch(checked.items, sameSignal);
  return errors.length > 0 ? refusal(errors) : { ok: true, items: unique, repeats };
}

export function checkFillsBody(body: unknown, today: string): BatchCheck<FillInput> {
  const checked = checkBody<FillInput>(body, "fills", fillSchema(today), MAX_FILLS, MESSAGES.fills);
  if (!checked.ok) return checked;
  const { unique, repeats, errors } = withinBatch(checked.items, sameFill);
  return errors.length > 0 ? refusal(errors) : { ok: true, items: unique, repeats };
}

/** `{points:[…]}`: one value per date; a repeated date (or id) with another value is an error. */
export function checkNavBody(body: unknown, today: string): BatchCheck<NavInput> {
  const checked = checkBody<NavInput>(body, "points", navPointSchema(today), MAX_NAV_POINTS, MESSAGES.points);
  if (!checked.ok) return checked;
  const byDate = new Map<string, NavInput>();
  const byId = new Map<string, NavInput>();
  const unique: NavInput[] = [];
  const errors: FieldError[] = [];
  let repeats = 0;
  checked.items.forEach((p, index) => {
    const sameDate = byDate.get(p.date);
    const sameId = p.id === null ? undefined : byId.get(p.id);
    if (sameDate && (sameDate.nav !== p.nav || sameDate.id !== p.id)) errors.push({ index, field: sameDate.nav !== p.nav ? "nav" : "id", message: MESSAGES.repeatedDate });
    else if (sameId && sameId.date !== p.date) errors.push({ index, field: "id", message: MESSAGES.repeatedId });
    else if (sameDate) repeats++;
    else {
      byDate.set(p.date, p);
      if (p.id !== null) byId.set(p.id, p);
      unique.push(p);
    }
  });
  return errors.length > 0 ? refusal(errors) : { ok: true, items: unique, repeats };
}
