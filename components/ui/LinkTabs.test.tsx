import { render, screen, within } from "@testing-library/react";
import { LinkTabs } from "./LinkTabs";

describe("LinkTabs", () => {
  it("is a named navigation whose current view is marked for screen readers and drawn apart", () => {
    render(
      <LinkTabs
        label="周期"
        look="segment"
        className="flex"
        items={[{ key: "day", href: "/rank/d/day/profit", label: "日榜", current: false }, { key: "week", href: "/rank/d/week/profit", label: "周榜", current: true }]}
      />,
    );
    const nav = screen.getByRole("navigation", { name: "周期" });
    const [day, week] = within(nav).getAllByRole("link");
    expect(day).toHaveAttribute("href", "/rank/d/day/profit");
    expect(day).not.toHaveAttribute("aria-current");
    expect(week).toHaveAttribute("aria-current", "page");
    expect(week).toHaveClass("bg-slate-900", "text-white");
  });

  it("keeps each link's width in a row that scrolls sideways", () => {
    render(<LinkTabs label="筛选" look="chip" scrolls className="flex overflow-x-auto" items={[{ key: "all", href: "/a", label: "全部", current: true }]} />);
    expect(screen.getByRole("link", { name: "全部" })).toHaveClass("shrink-0");
  });
});
