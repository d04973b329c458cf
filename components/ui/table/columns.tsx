import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** One column of a table: what its header says and how a row fills its cell. */
export interface Column<Row> {
  header: ReactNode;
  /** the column's React key, where the header is not a plain string (two stacked labels, a hidden label) */
  key?: string;
  cell: (row: Row, index: number) => ReactNode;
  /** amounts and counts: right-aligned in header and cells */
  align?: "right";
  /** dates, times and short labels keep to one line; on a phone the table then scrolls sideways inside its card */
  nowrap?: boolean;
  /** the row's name (the stock): a `<th scope="row">` that stays in place while the other columns scroll under it */
  rowHeader?: boolean;
  /** further classes of the body cells, the same for every row or by row (a 红/绿 tone) */
  className?: string | ((row: Row, index: number) => string | undefined);
  /** further classes of the header cell */
  headerClassName?: string;
  /** the cell's tooltip (the whole order number behind its short form) */
  title?: (row: Row) => string | undefined;
}

/** data-* attributes of a row, for tests and e2e selectors (data-state, data-status, data-public). */
export type RowData = Record<`data-${string}`, string | number | boolean | undefined>;

/** The classes that make a table of one family look alike (the admin card, the statement figures). */
export interface TableLook {
  thead?: string;
  th: string;
  td: string;
  tr?: string;
  /** the body cells of a right-aligned column */
  rightTd: string;
  /** the header and body cell of a row-header column */
  rowHeaderTh: string;
  rowHeaderTd: string;
}

export interface RowsProps<Row> {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row, index: number) => string | number;
  rowTestId?: string;
  rowData?: (row: Row, index: number) => RowData;
}

const keyOf = (column: Column<unknown>, i: number) => column.key ?? (typeof column.header === "string" ? column.header : String(i));

/** The header row and the body of a table drawn from its columns. */
export function ColumnRows<Row>({ rows, columns, rowKey, rowTestId, rowData, look }: RowsProps<Row> & { look: TableLook }) {
  return (
    <>
      <thead className={look.thead}>
        <tr>
          {columns.map((column, i) => (
            <th
              key={keyOf(column as Column<unknown>, i)}
              scope="col"
              className={cn(look.th, column.align === "right" && "text-right", column.rowHeader && look.rowHeaderTh, column.headerClassName)}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={rowKey(row, r)} className={look.tr} data-testid={rowTestId} {...rowData?.(row, r)}>
            {columns.map((column, i) => {
              const Cell = column.rowHeader ? "th" : "td";
              return (
                <Cell
                  key={keyOf(column as Column<unknown>, i)}
                  scope={column.rowHeader ? "row" : undefined}
                  className={cn(
                    look.td,
                    column.nowrap && "whitespace-nowrap",
                    column.align === "right" && look.rightTd,
                    column.rowHeader && look.rowHeaderTd,
                    typeof column.className === "function" ? column.className(row, r) : column.className,
                  )}
                  title={column.title?.(row)}
                >
                  {column.cell(row, r)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </>
  );
}
