import type { ReactNode } from "react";
import { ScrollTable } from "@/components/ui/ScrollTable";
import { ColumnRows, type RowsProps, type TableLook } from "./columns";

/** Header and body cells of the tables of figures (trades, round trips, rankings, holdings). */
export const TH = "border-b border-slate-200 bg-slate-50 px-2.5 py-2 font-medium text-slate-500 first:pl-3 last:pr-3";
/** No text colour here: the table's slate inherits, and a 红/绿 tone class on a cell wins. */
export const TD = "border-b border-slate-100 px-2.5 py-2 first:pl-3 last:pr-3";

const LOOK = {
  th: TH,
  td: TD,
  rightTd: "text-right",
  rowHeaderTh: "sticky left-0 z-10",
  rowHeaderTd: "sticky left-0 z-10 bg-white font-normal",
} satisfies TableLook;

/** The line a card shows instead of an empty table (当日没有成交, 暂无交易). */
export function NoRows({ children }: { children: ReactNode }) {
  return <p className="px-3 py-8 text-center text-sm text-slate-500">{children}</p>;
}

/**
 * A table of figures drawn from its columns inside a ScrollTable: on a phone it scrolls sideways in its card with a
 * hint and, unless `stickyFirst` is false, a first column that stays in place. Without rows it shows `empty` (a
 * string becomes the usual grey line), or nothing.
 */
export function DataTable<Row>({ label, minWidth, stickyFirst, empty, ...rows }: RowsProps<Row> & {
  /** names the scroll region for screen readers */
  label: string;
  minWidth: number;
  stickyFirst?: boolean;
  empty?: ReactNode;
}) {
  if (rows.rows.length === 0 && empty !== undefined) return typeof empty === "string" ? <NoRows>{empty}</NoRows> : <>{empty}</>;
  return (
    <ScrollTable label={label} minWidth={minWidth} stickyFirst={stickyFirst}>
      <ColumnRows {...rows} look={LOOK} />
    </ScrollTable>
  );
}
