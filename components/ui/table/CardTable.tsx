import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { ColumnRows, type Column, type RowsProps, type TableLook } from "./columns";

const LOOK = {
  thead: "bg-slate-50 text-slate-500",
  th: "px-3 py-2",
  td: "px-3 py-2",
  rightTd: "text-right tabular-nums",
  rowHeaderTh: "",
  rowHeaderTd: "font-normal",
} satisfies TableLook;

/** What describes a card table apart from its rows: columns, key, width and test ids, kept beside the columns. */
export type CardTableSpec<Row> = Omit<RowsProps<Row>, "rows"> & {
  /** the narrowest the table gets, in px; below it the table scrolls sideways inside its card (the admin lists) */
  minWidth?: number;
  testId?: string;
  /** rows align their cells at the top (lists whose cells run to several lines) or in the middle */
  valign?: "top" | "middle";
};

export type { Column };

/**
 * A table in a bordered white card — the admin lists, a member's orders and receipts: a header row from the columns
 * and one row per item; `empty` takes the table's place when there are no rows. It renders on the server (cells are
 * functions, so it is not a client component).
 */
export function CardTable<Row>({ rows, empty, minWidth, testId, valign = "top", ...rest }: CardTableSpec<Row> & {
  rows: readonly Row[];
  empty: ReactNode;
}) {
  if (rows.length === 0) return <>{empty}</>;
  return (
    // relative: a visually hidden label (sr-only is absolutely placed) stays inside the scroll box, not past the page.
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" style={minWidth ? { minWidth } : undefined} data-testid={testId}>
        <ColumnRows rows={rows} {...rest} look={{ ...LOOK, tr: cn("border-t border-slate-100", valign === "top" && "align-top") }} />
      </table>
    </div>
  );
}
