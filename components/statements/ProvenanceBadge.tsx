import { FileCheck, PenLine } from "lucide-react";
import { formatDateTime } from "@/lib/domain/format";
import type { Provenance } from "./types";

const LABEL = "inline-flex min-w-0 shrink-0 items-center gap-1 text-xs text-slate-600";

/**
 * Where a statement came from, written out as a label (plain text with an icon, no border or fill, so it does not read
 * as a button): "券商文件导入 · SHA-256 ab12cd34" (the whole hash, file and import time also in the title), or
 * "编辑录入（据公开资料整理，非券商文件）". Nothing depends on hovering.
 */
export function ProvenanceBadge({ provenance: props }: { provenance: Provenance }) {
  if (props.kind === "editor") {
    return (
      <span data-testid="provenance-badge" className={LABEL}>
        <PenLine aria-hidden className="size-3.5 shrink-0 text-slate-500" />
        <span>
          <span className="font-medium text-slate-700">编辑录入</span>（据公开资料整理，非券商文件）
        </span>
      </span>
    );
  }
  const hash = props.fileHash.toLowerCase();
  const imported = formatDateTime(props.importedAt);
  return (
    <span
      data-testid="provenance-badge"
      title={`SHA-256：${hash}\n文件：${props.fileName}${imported ? `\n导入：${imported}` : ""}`}
      className={LABEL}
    >
      <FileCheck aria-hidden className="size-3.5 shrink-0 text-blue-700" />
      <span>
        <span className="font-medium text-slate-700">券商文件导入</span> · SHA-256{" "}
        <span className="font-mono tracking-tight text-slate-700">{hash.slice(0, 8)}</span>
      </span>
    </span>
  );
}
