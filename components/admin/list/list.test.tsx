import { render, screen, within } from "@testing-library/react";
import { adminListQuery } from "./list-query";
import { AdminPager } from "./AdminPager";
import { AdminTable, type AdminColumn } from "./AdminTable";
import { listHref } from "./list-href";

interface Row {
  id: string;
  name: string;
  count: number;
}

const COLUMNS: AdminColumn<Row>[] = [
  { header: "名称", cell: (r) => <a href={`/admin/x/${r.id}`}>{r.name}</a> },
  { header: "数量", align: "right", cell: (r) => r.count },
  { header: "代码", nowrap: true, className: "font-mono", cell: (r) => r.id },
];

describe("AdminTable", () => {
  it("draws a header from the columns and a row per item, with the row's test id and data attributes", () => {
    const rows = [{ id: "a1", name: "甲", count: 3 }, { id: "b2", name: "乙", count: 0 }];
    render(
      <AdminTable rows={rows} columns={COLUMNS} rowKey={(r) => r.id} minWidth={640} testId="things" rowTestId="thing" rowData={(r) => ({ "data-empty": r.count === 0 })} empty={<p>没有</p>} />,
    );
    const table = screen.getByTestId("things");
    expect(table.style.minWidth).toBe("640px");
    expect(within(table).getAllByRole("columnheader").map((th) => [th.textContent, th.className.includes("text-right")])).toEqual([
      ["名称", false], ["数量", true], ["代码", false],
    ]);
    const body = screen.getAllByTestId("thing");
    expect(body.map((tr) => tr.getAttribute("data-empty"))).toEqual(["false", "true"]);
    const [name, count, code] = within(body[0]!).getAllByRole("cell");
    expect(within(name!).getByRole("link", { name: "甲" })).toHaveAttribute("href", "/admin/x/a1");
    expect(count).toHaveClass("text-right", "tabular-nums");
    expect(count).toHaveTextContent("3");
    expect(code).toHaveClass("whitespace-nowrap", "font-mono");
    expect(screen.queryByText("没有")).toBeNull();
  });

  it("shows the empty state instead of a table without rows", () => {
    render(<AdminTable rows={[]} columns={COLUMNS} rowKey={(r) => r.id} minWidth={640} testId="things" empty={<p>没有</p>} />);
    expect(screen.getByText("没有")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });
});

describe("listHref and AdminPager", () => {
  it("keep the filters that are set and leave page 1 out", () => {
    expect(listHref("/admin/members", { q: "" }, 1)).toBe("/admin/members");
    expect(listHref("/admin/members", { q: "王 五" }, 2)).toBe("/admin/members?q=%E7%8E%8B+%E4%BA%94&page=2");
    expect(listHref("/admin/articles", { type: "blog", status: undefined, level: "0", q: null }, 3)).toBe("/admin/articles?type=blog&level=0&page=3");
  });

  it("links the neighbouring pages with the filters", () => {
    render(<AdminPager path="/admin/traders" filters={{ q: "龙头" }} page={2} total={120} pageSize={50} />);
    expect(screen.getByRole("link", { name: "上一页" })).toHaveAttribute("href", "/admin/traders?q=%E9%BE%99%E5%A4%B4");
    expect(screen.getByRole("link", { name: "下一页" })).toHaveAttribute("href", "/admin/traders?q=%E9%BE%99%E5%A4%B4&page=3");
    expect(screen.getByText("第 2 / 3 页")).toBeInTheDocument();
  });

  it("draws nothing for a single page", () => {
    const { container } = render(<AdminPager path="/admin/traders" page={1} total={50} pageSize={50} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("adminListQuery", () => {
  const Query = adminListQuery(5);
  it("takes the first of repeated values, trims and cuts the query, and drops a page that is not a whole number from 1", () => {
    expect(Query.parse({ q: ["  abcdefg ", "x"], page: "2" })).toEqual({ q: "abcde", page: 2 });
    expect(Query.parse({ page: "-3" })).toEqual({ q: undefined, page: undefined });
    expect(Query.parse({ q: 7, page: "abc" })).toEqual({ q: undefined, page: undefined });
  });
});
