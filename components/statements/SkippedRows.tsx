import type { SkippedRow } from "@/lib/domain/statements/types";

function RowList({ rows }: { rows: SkippedRow[] }) {
  return (
    <ul className="divide-y divide-slate-100 text-xs sm:text-sm">
      {rows.map((r, i) => (
        <li key={`${r.line}-${i}`} className="flex gap-2 py-1.5">
          <span className="shrink-0 text-slate-400 tabular-nums">第 {r.line} 行</span>
          <span className="min-w-0 break-words text-slate-700">{r.reason}</span>
        </li>
      ))}
    </ul>
  );
}

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
  const shown = rows.slice(0, visible);
  const rest = rows.slice(visible);
  return (
    <section data-testid="skipped-rows" className="min-w-0 rounded-xl border border-amber-200 bg-amber-50/60 px-3 py-2 sm:px-4">
      <h3 className="text-sm font-semibold text-amber-900">
        {title}（{rows.length} 行）
      </h3>
      <p className="mt-0.5 text-xs text-amber-800">这些行不计入分析；若是成交记录，请检查文件后重新上传。</p>
      <div className="mt-2 rounded-lg bg-white px-2.5">
        <RowList rows={shown} />
        {rest.length ? (
          <details className="group border-t border-slate-100">
            <summary className="cursor-pointer py-2 text-xs text-brand select-none">
              <span className="group-open:hidden">展开其余 {rest.length} 行</span>
              <span className="hidden group-open:inline">收起</span>
            </summary>
            <RowList rows={rest} />
          </details>
        ) : null}
      </div>
    </section>
  );
}
