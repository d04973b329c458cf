import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { cellClass, tableClass, tableWrapClass, theadClass } from "../labels";

/** One column of an admin table: what its header says and how a row fills its cell. */
export interface AdminColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** amounts and counts: right-aligned in header and cells, with tabular numerals */
  align?: "right";
  /** dates, times and short labels keep to one line; on a phone the table then scrolls sideways inside its card */
  nowrap?: boolean;
  /** further classes of the body cells (monospace, a maximum width, break rules) */
  className?: string;
}

/** data-* attributes of a row, for tests and e2e selectors (data-state, data-status, data-public). */
type RowData = Record<`data-${string}`, string | number | boolean>;

/**
 * The admin lists' table: a bordered card that scrolls sideways below `minWidth` (phones) rather than widening the
 * page, a header row from the columns and one row per item; `empty` takes the table's place when there are no rows.
 */
export function AdminTable<Row>({ rows, columns, rowKey, minWidth, testId, rowTestId, rowData, empty }: {
  rows: readonly Row[];
  columns: readonly AdminColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** the narrowest the table gets, in px */
  minWidth: number;
  testId?: string;
  rowTestId?: string;
  rowData?: (row: Row) => RowData;
  empty: ReactNode;
}) {
  if (rows.length === 0) return <>{empty}</>;
  return (
    <div className={tableWrapClass}>
      <table className={tableClass} style={{ minWidth }} data-testid={testId}>
        <thead className={theadClass}>
          <tr>
            {columns.map((column) => (
              <th key={column.header} className={cn(cellClass, column.align === "right" && "text-right")}>{column.header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-slate-100 align-top" data-testid={rowTestId} {...rowData?.(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={cn(
                    cellClass,
                    column.nowrap && "whitespace-nowrap",
                    column.align === "right" && "text-right tabular-nums",
                    column.className,
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
