import { act, render, screen } from "@testing-library/react";
import { publishUnreadCount, useUnreadCount } from "./unread-count";

function BadgeProbe({ serverCount }: { serverCount: number }) {
  return <span data-testid="count">{useUnreadCount(serverCount)}</span>;
}

describe("useUnreadCount", () => {
  it("shows the server's count, a read answer's newer one, then the next render's", async () => {
    const { rerender } = render(<BadgeProbe serverCount={3} />);
    expect(screen.getByTestId("count")).toHaveTextContent("3");
    await act(async () => publishUnreadCount(1));
    expect(screen.getByTestId("count")).toHaveTextContent("1");
    rerender(<BadgeProbe serverCount={5} />);
    await act(async () => {});
    expect(screen.getByTestId("count")).toHaveTextContent("5");
  });

  it("ignores an answer without a usable count", async () => {
    render(<BadgeProbe serverCount={2} />);
    await act(async () => publishUnreadCount(undefined));
    await act(async () => publishUnreadCount(-1));
    expect(screen.getByTestId("count")).toHaveTextContent("2");
  });
});
