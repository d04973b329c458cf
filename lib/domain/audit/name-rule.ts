import type { AuditedFill, AuditFailure } from "@/lib/domain/audit/types";
import { nameKeyOf } from "@/lib/domain/statements/name-codes";

/** A name a security went by, from one day to another (`to` null: its name today); the provider's history of names. */
export interface NameSpan {
  name: string;
  from: string;
  to: string | null;
}

const covers = (span: NameSpan, date: string) => span.from <= date && (span.to === null || date <= span.to);

/** Brokers cut names to four or so characters (贵州茅 for 贵州茅台): a written name matches a span's by either's start. */
function sameName(written: string, span: NameSpan): boolean {
  const a = nameKeyOf(written);
  const b = nameKeyOf(span.name);
  return a !== "" && (a === b || (a.length >= 2 && b.startsWith(a)) || (b.length >= 2 && a.startsWith(b)));
}

/**
 * `name-at-date` (docs/adr/0079): the file's name of a fill is one the security bore at another time, not on the fill's
 * day — an old name after a rename, an ST name before or after its days. Judged only when the name is in the code's
 * history: an abbreviation the history does not know proves nothing. A file that writes today's name on every row of a
 * code (some exports show the current name on old rows) is not judged for that name.
 * `writtenNames`: every name the book wrote for the code.
 */
export function nameFailure(f: AuditedFill, spans: readonly NameSpan[] | undefined, writtenNames: ReadonlySet<string>): AuditFailure | null {
  if (!spans || spans.length === 0 || !f.name) return null;
  const today = spans.filter((s) => covers(s, f.date));
  if (today.length === 0 || today.some((s) => sameName(f.name, s))) return null;
  const other = spans.find((s) => !covers(s, f.date) && sameName(f.name, s));
  if (!other) return null;
  const currentOnly = other.to === null && writtenNames.size === 1;
  if (currentOnly) return null;
  const when = other.to === null ? `${other.from} 起` : `${other.from} 至 ${other.to} 间`;
  return { rule: "name-at-date", message: `证券名称“${f.name}”是 ${when}的名称，${f.date} 时这只股票名为“${today[0]!.name}”` };
}
