import { render, screen } from "@testing-library/react";
import { DataAsOf } from "./DataAsOf";

describe("DataAsOf", () => {
  it("dates the page's data in one line", () => {
    render(<DataAsOf asOf="2026-11-20" />);
    expect(screen.getByTestId("data-as-of")).toHaveTextContent(/^数据截至 2026-11-20$/);
  });

  it("tells a delayed viewer how late they see it and the newest day open to them", () => {
    render(<DataAsOf asOf="2026-11-20" delay={{ who: "免费会员", days: 20, through: "2026-10-23" }} />);
    expect(screen.getByTestId("data-as-of")).toHaveTextContent("数据截至 2026-11-20 · 免费会员延迟 20 个交易日查看（最近可看 2026-10-23）");
  });
});
