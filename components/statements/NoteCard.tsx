import type { ReactNode } from "react";

const LIST = "divide-y divide-slate-100 text-xs sm:text-sm";

/**
 * A titled list card in the amber tone of the notes about a file (未能读取的行, 未知期初持仓 …): the first `visible`
 * rows show, the rest fold into a <details> (a file may have dozens). `unit` counts the folded rows (行 / 条).
 */
export function NoteCard({ title, hint, testId, rows, visible = 5, unit = "条" }: {
  title: ReactNode;
  hint: ReactNode;
  testId: string;
  rows: ReactNode[];
  visible?: number;
  unit?: string;
}) {
  const rest = rows.slice(visible);
  return (
    <section data-testid={testId} className="min-w-0 rounded-xl border border-amber-200 bg-amber-50/60 px-3 py-2 sm:px-4">
      <h3 className="text-sm font-semibold text-amber-900">{title}</h3>
      <p className="mt-0.5 text-xs text-amber-800">{hint}</p>
      <div className="mt-2 rounded-lg bg-white px-2.5">
        <ul className={LIST}>{rows.slice(0, visible)}</ul>
        {rest.length ? (
          <details className="group border-t border-slate-100">
            <summary className="cursor-pointer py-2 text-xs text-brand select-none">
              <span className="group-open:hidden">展开其余 {rest.length} {unit}</span>
              <span className="hidden group-open:inline">收起</span>
            </summary>
            <ul className={LIST}>{rest}</ul>
          </details>
        ) : null}
      </div>
    </section>
  );
}
