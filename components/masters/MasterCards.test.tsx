import { render, screen, within } from "@testing-library/react";
import { MasterCards } from "./MasterCards";

const master = {
  guid: "882f428c-a2d7-47f1-b6bc-af9ac5e8e73b", name: "徐徐图之", avatarUrl: "", bio: "", styleTags: ["趋势"], isDemo: false, delayDays: 0,
  realizedPnl: 103_500, closedTrips: 125, wins: 44, winRate: 0.352, latestTradeDay: "2026-10-30", recentNames: ["贵州茅台"],
};

describe("MasterCards", () => {
  it("writes the win rate as a share, not with a sign like a return", () => {
    render(<MasterCards items={[master]} />);
    const rate = screen.getByText("胜率").nextElementSibling!;
    expect(rate).toHaveTextContent(/^35\.20%$/);
    expect(within(screen.getByTestId("master-cards")).getByText("+¥10.35万")).toBeInTheDocument(); // P&L keeps its sign
  });

  it("says 演示数据 once for an all-demo list, and on each demo card only when real masters are mixed in", () => {
    const demo = [{ ...master, isDemo: true }, { ...master, guid: "0b7e2f4a-1111-4c3d-9e8f-222233334444", name: "青山短线", isDemo: true }];
    const { unmount } = render(<MasterCards items={demo} />);
    expect(screen.getAllByText("演示数据")).toHaveLength(1);
    expect(within(screen.getByTestId("master-cards")).queryByText("演示数据")).toBeNull();
    unmount();
    render(<MasterCards items={[demo[1]!, master]} />);
    const cards = within(screen.getByTestId("master-cards"));
    expect(cards.getAllByText("演示数据")).toHaveLength(1);
    expect(screen.queryByTestId("demo-section-note")).toBeNull();
  });
});
