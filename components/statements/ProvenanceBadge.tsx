import { formatDateTime } from "@/lib/domain/format";
import type { Provenance } from "./types";

/**
 * Where a statement came from: a broker file (its SHA-256 prefix shown, the whole hash in the title) or an editor's
 * entry. Styled like DemoBadge.
 */
export function ProvenanceBadge({ provenance: props }: { provenance: Provenance }) {
  if (props.kind === "editor") {
    return (
      <span
        data-testid="provenance-badge"
        title="由编辑根据公开资料录入，非券商文件"
        className="inline-flex shrink-0 items-center rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-xs font-medium text-slate-700"
      >
        编辑录入
      </span>
    );
  }
  const hash = props.fileHash.toLowerCase();
  const imported = formatDateTime(props.importedAt);
  return (
    <span
      data-testid="provenance-badge"
      title={`SHA-256：${hash}\n文件：${props.fileName}${imported ? `\n导入：${imported}` : ""}`}
      className="inline-flex shrink-0 items-center gap-1 rounded border border-blue-200 bg-blue-50 px-1.5 py-0.5 text-xs font-medium text-blue-800"
    >
      券商文件导入<span aria-hidden>·</span>
      <span className="font-mono tracking-tight">{hash.slice(0, 8)}</span>
    </span>
  );
}
