import { DemoSectionNote } from "@/components/content/DemoBadge";
import { Panel } from "@/components/statements/Panel";
import type { Column } from "@/components/ui/table/columns";
import { DataTable } from "@/components/ui/table/DataTable";

/**
 * A ranking or loss list in its card: 演示数据 said once above it when every row of a masters' list is demo data, and
 * the table of two-line rows that fits a phone.
 */
export function FiguresPanel<Row>({ testId, label, rows, columns, rowKey, stickyFirst, demo }: {
  testId: string;
  label: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  stickyFirst?: boolean;
  /** the rows again where they carry the demo flag (masters' lists; a list of stocks has none) */
  demo?: readonly { isDemo: boolean }[];
}) {
  return (
    <Panel testId={testId} bodyClassName="p-0">
      {demo ? <DemoSectionNote items={demo} className="px-3 pt-2 sm:px-4" /> : null}
      <DataTable label={label} minWidth={320} stickyFirst={stickyFirst} rows={rows} columns={columns} rowKey={rowKey} />
    </Panel>
  );
}
