import { render, screen, within } from "@testing-library/react";
import { CardTable, type CardTableSpec } from "./CardTable";
import type { Column } from "./columns";
import { DataTable } from "./DataTable";

interface Row {
  id: string;
  name: string;
  count: number;
}

const THINGS: CardTableSpec<Row> = {
  rowKey: (r) => r.id, minWidth: 640, testId: "things", rowTestId: "thing", rowData: (r) => ({ "data-empty": r.count === 0 }),
  columns: [
    { header: "名称", cell: (r) => <a href={`/admin/x/${r.id}`}>{r.name}</a> },
    { header: "数量", align: "right", cell: (r) => r.count },
    { header: "代码", nowrap: true, className: "font-mono", title: (r) => `代码 ${r.id}`, cell: (r) => r.id },
  ],
};

const ROWS: Row[] = [{ id: "a1", name: "甲", count: 3 }, { id: "b2", name: "乙", count: 0 }];

describe("CardTable", () => {
  it("draws a header from the columns and a row per item, with the row's test id and data attributes", () => {
    render(<CardTable {...THINGS} rows={ROWS} empty={<p>没有</p>} />);
    const table = screen.getByTestId("things");
    expect(table.style.minWidth).toBe("640px");
    expect(within(table).getAllByRole("columnheader").map((th) => [th.textContent, th.className.includes("text-right")])).toEqual([
      ["名称", false], ["数量", true], ["代码", false],
    ]);
    const body = screen.getAllByTestId("thing");
    expect(body.map((tr) => tr.getAttribute("data-empty"))).toEqual(["false", "true"]);
    expect(body[0]).toHaveClass("align-top");
    const [name, count, code] = within(body[0]!).getAllByRole("cell");
    expect(within(name!).getByRole("link", { name: "甲" })).toHaveAttribute("href", "/admin/x/a1");
    expect(count).toHaveClass("text-right", "tabular-nums");
    expect(count).toHaveTextContent("3");
    expect(code).toHaveClass("whitespace-nowrap", "font-mono");
    expect(code).toHaveAttribute("title", "代码 a1");
    expect(screen.queryByText("没有")).toBeNull();
  });

  it("shows the empty state instead of a table without rows", () => {
    render(<CardTable {...THINGS} rows={[]} empty={<p>没有</p>} />);
    expect(screen.getByText("没有")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("fits its card without a minimum width and centres rows when asked (a member's orders)", () => {
    render(<CardTable rows={ROWS} columns={THINGS.columns} rowKey={(r) => r.id} valign="middle" testId="orders" rowTestId="order" empty={null} />);
    expect(screen.getByTestId("orders").style.minWidth).toBe("");
    expect(screen.getAllByTestId("order")[0]).not.toHaveClass("align-top");
  });
});

describe("DataTable", () => {
  const columns: Column<Row>[] = [
    { header: "股票", rowHeader: true, cell: (r) => r.name },
    { header: "笔数", align: "right", className: (r, i) => (r.count > 0 ? `up row-${i}` : "flat"), cell: (r) => r.count },
  ];

  it("names its scroll region, makes the first column the rows' headers and tones cells by row", () => {
    render(<DataTable label="个股盈亏" minWidth={560} rows={ROWS} columns={columns} rowKey={(r) => r.id} />);
    const region = screen.getByRole("region", { name: "个股盈亏" });
    expect(within(region).getAllByRole("columnheader").map((th) => th.getAttribute("scope"))).toEqual(["col", "col"]);
    const heads = within(region).getAllByRole("rowheader");
    expect(heads.map((th) => th.textContent)).toEqual(["甲", "乙"]);
    expect(heads[0]).toHaveClass("sticky", "bg-white", "font-normal");
    const counts = within(region).getAllByRole("cell");
    expect(counts[0]).toHaveClass("text-right", "up", "row-0");
    expect(counts[1]).toHaveClass("flat");
  });

  it("says so in a grey line without rows, or draws only the header when no empty text is given", () => {
    const { rerender } = render(<DataTable label="成交记录" minWidth={320} rows={[]} columns={columns} rowKey={(r) => r.id} empty="当日没有成交" />);
    expect(screen.getByText("当日没有成交")).toHaveClass("text-center");
    expect(screen.queryByRole("table")).toBeNull();
    rerender(<DataTable label="成交记录" minWidth={320} rows={[]} columns={columns} rowKey={(r) => r.id} />);
    expect(screen.getAllByRole("columnheader")).toHaveLength(2);
  });
});
