import type { SkippedRow } from "@/lib/domain/statements/types";
import { NoteCard } from "./NoteCard";

/**
 * The rows a statement reader could not read, with the precise reason. Up to `visible` rows show at once; the rest
 * fold into a <details>. With none it says so (unless hideWhenEmpty).
 */
export function SkippedRows({ rows, visible = 5, hideWhenEmpty = false, title = "未能读取的行" }: {
  rows: SkippedRow[];
  visible?: number;
  hideWhenEmpty?: boolean;
  title?: string;
}) {
  if (!rows.length) {
    return hideWhenEmpty ? null : (
      <p data-testid="skipped-rows" className="rounded-xl border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
        所有数据行都已读取
      </p>
    );
  }
  return (
    <NoteCard
      testId="skipped-rows"
      title={`${title}（${rows.length} 行）`}
      hint="这些行不计入分析；若是成交记录，请检查文件后重新上传。"
      visible={visible}
      unit="行"
      rows={rows.map((r, i) => (
        <li key={`${r.line}-${i}`} className="flex gap-2 py-1.5">
          <span className="shrink-0 text-slate-500 tabular-nums">第 {r.line} 行</span>
          <span className="min-w-0 break-words text-slate-700">{r.reason}</span>
        </li>
      ))}
    />
  );
}
