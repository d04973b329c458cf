/** Endpoints and small pure helpers of the masters administration (大神管理). */

export const TRADERS_API = "/api/admin/traders";
export const traderApi = (guid: string) => `${TRADERS_API}/${guid}`;
export const traderStatementsApi = (guid: string) => `${TRADERS_API}/${guid}/statements`;

export const MAX_TAGS = 6;
export const MAX_TAG_LENGTH = 8;
export const MAX_DELAY_DAYS = 250;

/** Style tags typed as one line: split on commas (also Chinese ，、；) and spaces, blanks and repeats dropped. */
export function parseStyleTags(text: string): string[] {
  return [...new Set(text.split(/[\s,，、;；]+/).map((t) => t.trim()).filter(Boolean))];
}

/** The first problem of a profile form in Chinese, or "" when it may be sent. */
export function profileProblem(input: { name: string; styleTags: string[]; delay: string }): string {
  if (!input.name.trim()) return "请填写名称";
  if (input.name.trim().length > 40) return "名称最多 40 个字";
  if (input.styleTags.length > MAX_TAGS) return `最多 ${MAX_TAGS} 个风格标签`;
  const long = input.styleTags.find((t) => t.length > MAX_TAG_LENGTH);
  if (long) return `风格标签“${long}”超过 ${MAX_TAG_LENGTH} 个字`;
  if (!/^\d{1,3}$/.test(input.delay.trim()) || Number(input.delay) > MAX_DELAY_DAYS) return `延迟公开天数须为 0–${MAX_DELAY_DAYS} 的整数`;
  return "";
}

export const TRADERS_BULK_API = `${TRADERS_API}/bulk`;
/** A master's page in the administration. */
export const traderPage = (guid: string) => `/admin/traders/${guid}`;

/** One file's outcome of a bulk import, as the route answers it. */
export type BulkResult =
  | { file: string; ok: true; masterGuid: string; masterName: string; masterCreated: boolean; formatLabel: string; fills: number; events: number; skipped: number; duplicates: number }
  | { file: string; ok: false; masterName: string; reason: string };

const str = (v: unknown) => (typeof v === "string" ? v : "");
const int = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** The route's `results`, kept to what the list shows; anything malformed is left out. */
export function toBulkResults(value: unknown): BulkResult[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((r): BulkResult[] => {
    if (!r || typeof r !== "object") return [];
    const o = r as Record<string, unknown>;
    if (o.ok === true && typeof o.masterGuid === "string") {
      return [{ file: str(o.file), ok: true, masterGuid: o.masterGuid, masterName: str(o.masterName), masterCreated: o.masterCreated === true, formatLabel: str(o.formatLabel), fills: int(o.fills), events: int(o.events), skipped: int(o.skipped), duplicates: int(o.duplicates) }];
    }
    if (o.ok === false) return [{ file: str(o.file), ok: false, masterName: str(o.masterName), reason: str(o.reason) || "导入失败" }];
    return [];
  });
}
