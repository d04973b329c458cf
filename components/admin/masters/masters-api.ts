/** Endpoints and small pure helpers of the masters administration (大神管理). */

export const MASTERS_API = "/api/admin/traders";
export const masterApi = (guid: string) => `${MASTERS_API}/${guid}`;
export const masterStatementsApi = (guid: string) => `${MASTERS_API}/${guid}/statements`;

export const MASTERS_BULK_API = `${MASTERS_API}/bulk`;
/** A master's page in the administration. */
export const adminMasterPage = (guid: string) => `/admin/traders/${guid}`;

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
