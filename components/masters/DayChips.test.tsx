import { render, screen } from "@testing-library/react";
import { packDays } from "@/lib/domain/packed-days";
import { DayChips } from "./DayChips";

describe("DayChips", () => {
  it("links each day to the master's page for that day, newest first, the open day marked", () => {
    render(<DayChips root="/detail/g1" days={packDays(["2026-10-29", "2026-10-27", "2026-09-30"])} current="2026-10-27" label="最近交易日" />);
    const nav = screen.getByRole("navigation", { name: "最近交易日" });
    const links = Array.from(nav.querySelectorAll("a"));
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["10-29", "/detail/g1/2026-10-29"],
      ["10-27", "/detail/g1/2026-10-27"],
      ["09-30", "/detail/g1/2026-09-30"],
    ]);
    expect(screen.getByRole("link", { name: "10-27" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "10-29" }).getAttribute("aria-current")).toBeNull();
  });
});
