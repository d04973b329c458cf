import "server-only";
import { eq } from "drizzle-orm";
import { filterAnalysis, type AnalysisFilter } from "@/lib/domain/statements/analysis-filter";
import type { StatementAnalysis } from "@/lib/domain/statements/analysis";
import { db } from "@/lib/db";
import { users } from "@/lib/db/schema";
import type { Viewer } from "@/lib/server/auth/viewer";
import { barsByCode } from "@/lib/server/market/bars";
import { marketCalendar } from "@/lib/server/market/calendar";
import { statementAccess } from "./access";
import { analysisThrough, masterRow, statementProvenance } from "./master-book";
import { readableMemberStatement } from "./own";

export type AnalysisSubject =
  | { kind: "master"; guid: string; name: string; isDemo: boolean; delayDays: number; through: string; fullAccess: boolean; provenance: Awaited<ReturnType<typeof statementProvenance>> }
  | { kind: "statement"; id: string; title: string; fileName: string; fileHash: string; formatLabel: string; createdAt: Date; isPublic: boolean; isOwn: boolean; ownerNickname: string; skipped: { line: number; reason: string }[]; warnings: string[] };

export interface AnalysisPageData {
  subject: AnalysisSubject;
  analysis: StatementAnalysis;
}

/** `/analysis/{guid}`: a master's disclosed book or a member statement the viewer may read, narrowed by the filter. */
export async function analysisPage(viewer: Viewer | null, guid: string, filter: AnalysisFilter | null): Promise<AnalysisPageData | null> {
  const master = await masterRow(guid);
  if (master) {
    const access = await statementAccess(viewer);
    const through = access.through(master.disclosureDelayDays);
    const [full, provenance] = await Promise.all([analysisThrough({ kind: "master", masterGuid: guid }, through), statementProvenance(guid)]);
    return {
      subject: { kind: "master", guid, name: master.name, isDemo: master.isDemo, delayDays: master.disclosureDelayDays, through, fullAccess: access.fullAccess, provenance },
      analysis: await narrowed(full, filter),
    };
  }
  const statement = await readableMemberStatement(viewer, guid);
  if (!statement) return null;
  const [owner] = await (await db()).select({ nickname: users.nickname }).from(users).where(eq(users.id, statement.ownerId!)).limit(1);
  const full = await analysisThrough({ kind: "statement", statementId: statement.id }, "9999-12-31");
  return {
    subject: {
      kind: "statement", id: statement.id, title: statement.title, fileName: statement.fileName, fileHash: statement.fileHash,
      formatLabel: statement.formatLabel, createdAt: statement.createdAt, isPublic: statement.isPublic, isOwn: statement.ownerId === viewer?.userId,
      ownerNickname: owner?.nickname ?? "", skipped: statement.skipped, warnings: statement.warnings,
    },
    analysis: await narrowed(full, filter),
  };
}

async function narrowed(analysis: StatementAnalysis, filter: AnalysisFilter | null): Promise<StatementAnalysis> {
  if (!filter) return analysis;
  const [calendar, bars] = await Promise.all([marketCalendar(), barsByCode(analysis.fills.map((f) => f.code))]);
  return filterAnalysis(analysis, filter, { calendar, bars: (code) => bars.get(code) });
}
