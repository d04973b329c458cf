import { render, screen } from "@testing-library/react";
import { adminListQuery } from "./list-query";
import { AdminPager } from "./AdminPager";
import { listHref } from "./list-href";

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
