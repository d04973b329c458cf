import { Section } from "@/components/content/PageIntro";
import { OwnStatementActions } from "@/components/upload/OwnStatementActions";
import type { FeeBasis } from "@/lib/domain/statements/types";
import { ProvenanceBadge } from "./ProvenanceBadge";
import { SkippedRows } from "./SkippedRows";
import { FeeBasisFact } from "./StatementFindings";

/** 文件 under a member's statement: where it came from, how its fees were found, what its owner may do, what was skipped. */
export function StatementFileSection({ statement, feeBasis }: {
  statement: {
    id: string;
    fileName: string;
    fileHash: string;
    createdAt: Date;
    isOwn: boolean;
    isPublic: boolean;
    skipped: { line: number; reason: string }[];
    warnings: string[];
  };
  feeBasis: FeeBasis | "mixed";
}) {
  return (
    <Section title="文件">
      <div className="flex flex-wrap items-center gap-2">
        <ProvenanceBadge provenance={{ kind: "file", fileName: statement.fileName, fileHash: statement.fileHash, importedAt: statement.createdAt.toISOString() }} />
        <span className="text-xs text-slate-600" data-testid="fee-basis-fact">费用：<FeeBasisFact basis={feeBasis} /></span>
      </div>
      {statement.isOwn ? <div className="mt-3"><OwnStatementActions statementId={statement.id} isPublic={statement.isPublic} /></div> : null}
      {statement.skipped.length ? <div className="mt-3"><SkippedRows rows={statement.skipped} /></div> : null}
      {statement.warnings.length ? (
        <ul className="mt-3 list-disc pl-5 text-xs text-amber-800">{statement.warnings.map((w) => <li key={w}>{w}</li>)}</ul>
      ) : null}
    </Section>
  );
}

/** 数据来源 under a master's analysis: each published statement, a broker file or the editor's entry (the demo's). */
export function MasterSourcesSection({ sources }: { sources: { id: string; source: string; fileName: string; fileHash: string; createdAt: Date }[] }) {
  if (!sources.length) return null;
  return (
    <Section title="数据来源">
      <div className="flex flex-wrap gap-2">
        {sources.map((p) => (
          <ProvenanceBadge key={p.id} provenance={p.source === "demo" ? { kind: "editor" } : { kind: "file", fileName: p.fileName, fileHash: p.fileHash, importedAt: p.createdAt.toISOString() }} />
        ))}
      </div>
    </Section>
  );
}
