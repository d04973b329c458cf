import "server-only";
import { eq } from "drizzle-orm";
import { filterAnalysis, type AnalysisFilter } from "@/lib/domain/statements/analysis-filter";
import type { StatementAnalysis } from "@/lib/domain/statements/analysis";
import { tripView, type AnalysisFindings, type StatementFindingsData } from "@/lib/domain/statements/preview";
import type { FeeBasis, UnreconciledFill } from "@/lib/domain/statements/types";
import { EVERYTHING_DISCLOSED } from "@/lib/domain/statements/visibility";
import { db } from "@/lib/db";
import { users } from "@/lib/db/schema";
import type { Viewer } from "@/lib/server/auth/viewer";
import { findMaster } from "@/lib/server/content/masters";
import { barsByCode } from "@/lib/server/market/bars";
import { marketCalendar } from "@/lib/server/market/calendar";
import { statementAccess } from "./access";
import type { PlayRecord } from "@/lib/domain/lessons/play-record";
import { bookAudit, type BookAudit } from "./audit";
import { bookPlays } from "./plays";
import { analysisThrough, statementProvenance } from "./master-book";
import { readableMemberStatement } from "./own";

export type { StatementFindingsData } from "@/lib/domain/statements/preview";

export type AnalysisSubject =
  | { kind: "master"; guid: string; name: string; isDemo: boolean; delayDays: number; through: string; asOf: string; fullAccess: boolean; provenance: Awaited<ReturnType<typeof statementProvenance>> }
  | { kind: "statement"; id: string; title: string; fileName: string; fileHash: string; formatLabel: string; createdAt: Date; isPublic: boolean; isOwn: boolean; ownerNickname: string; skipped: { line: number; reason: string }[]; warnings: string[] };

export interface AnalysisPageData {
  subject: AnalysisSubject;
  /** the A-share trips are those with market "A"; the 港股通 ones are in findings.hk */
  analysis: StatementAnalysis;
  findings: StatementFindingsData;
  /** 交割单体检 of the fills the viewer may see (docs/adr/0079) */
  audit: BookAudit;
  /** the record per 打法 of what the view shows (docs/adr/0080), when asked for */
  plays: PlayRecord | null;
}

/** The findings of a book's full analysis and of its stored statements (fee basis, unreconciled fills). */
export function statementFindings(full: StatementAnalysis, files: { feeBasis: FeeBasis | "mixed"; unreconciled: UnreconciledFill[] }[]): StatementFindingsData {
  const findings: AnalysisFindings = full;
  const bases = new Set(files.map((f) => f.feeBasis));
  return {
    hk: findings.hk ? { ...findings.hk, roundTrips: full.roundTrips.filter((t) => t.market === "HK").reverse().map(tripView) } : null,
    unknownOpenings: findings.unknownOpenings ?? [],
    pendingAllotments: findings.pendingAllotments ?? [],
    feeBasis: bases.size === 1 ? [...bases][0]! : bases.size === 0 ? "file" : "mixed",
    unreconciled: files.flatMap((f) => f.unreconciled),
  };
}

/** `/analysis/{guid}`: a master's disclosed book or a member statement the viewer may read, narrowed by the filter. */
export async function analysisPage(viewer: Viewer | null, guid: string, filter: AnalysisFilter | null, opts: { plays?: boolean } = {}): Promise<AnalysisPageData | null> {
  const playsOf = async (analysis: StatementAnalysis) => (opts.plays ? bookPlays(await db(), analysis) : null);
  const master = await findMaster(viewer, guid);
  if (master) {
    const access = await statementAccess(viewer);
    const through = access.through(master.disclosureDelayDays);
    const [full, provenance, audit] = await Promise.all([
      analysisThrough({ kind: "master", masterGuid: guid }, through),
      statementProvenance(guid),
      bookAudit(await db(), { masterGuid: guid }, access.fullAccess ? undefined : through),
    ]);
    const analysis = await narrowed(full, filter);
    return {
      subject: { kind: "master", guid, name: master.name, isDemo: master.isDemo, delayDays: master.disclosureDelayDays, through, asOf: access.asOf, fullAccess: access.fullAccess, provenance },
      analysis,
      findings: statementFindings(full, provenance),
      audit,
      plays: await playsOf(analysis),
    };
  }
  const statement = await readableMemberStatement(viewer, guid);
  if (!statement) return null;
  const [owner] = await (await db()).select({ nickname: users.nickname }).from(users).where(eq(users.id, statement.ownerId!)).limit(1);
  const full = await analysisThrough({ kind: "statement", statementId: statement.id }, EVERYTHING_DISCLOSED);
  const analysis = await narrowed(full, filter);
  return {
    subject: {
      kind: "statement", id: statement.id, title: statement.title, fileName: statement.fileName, fileHash: statement.fileHash,
      formatLabel: statement.formatLabel, createdAt: statement.createdAt, isPublic: statement.isPublic, isOwn: statement.ownerId === viewer?.userId,
      ownerNickname: owner?.nickname ?? "", skipped: statement.skipped, warnings: statement.warnings,
    },
    analysis,
    findings: statementFindings(full, [statement]),
    audit: await bookAudit(await db(), { statementId: statement.id }),
    plays: await playsOf(analysis),
  };
}

async function narrowed(analysis: StatementAnalysis, filter: AnalysisFilter | null): Promise<StatementAnalysis> {
  if (!filter) return analysis;
  const [calendar, bars] = await Promise.all([marketCalendar(), barsByCode(analysis.fills.map((f) => f.code))]);
  return filterAnalysis(analysis, filter, { calendar, bars: (code) => bars.get(code) });
}
