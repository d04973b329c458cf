import { render, screen } from "@testing-library/react";
import { Badge, badgeText } from "./Badge";

describe("Badge", () => {
  it("shows 99+ above 99 and the number up to it", () => {
    const { rerender } = render(<Badge value={100} />);
    expect(screen.getByText("99+")).toBeInTheDocument();
    rerender(<Badge value={99} />);
    expect(screen.getByText("99")).toBeInTheDocument();
    expect(screen.queryByText("99+")).not.toBeInTheDocument();
    rerender(<Badge value={5} />);
    expect(screen.getByText("5")).toBeInTheDocument();
  });

  it("is hidden at 0 unless showZero", () => {
    const { container, rerender } = render(<Badge value={0} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Badge value={0} showZero />);
    expect(screen.getByText("0")).toBeInTheDocument();
  });

  it("honours a custom max", () => {
    render(<Badge value={12} max={9} />);
    expect(screen.getByText("9+")).toBeInTheDocument();
  });

  it("takes each of the five types", () => {
    for (const type of ["primary", "success", "warning", "info", "danger"] as const) {
      const { unmount } = render(<Badge value={3} type={type} />);
      expect(screen.getByText("3")).toHaveAttribute("data-badge-type", type);
      unmount();
    }
  });

  it("sits on its child and keeps the child when hidden", () => {
    const { rerender } = render(
      <Badge value={120}>
        <span>消息</span>
      </Badge>,
    );
    expect(screen.getByText("消息")).toBeInTheDocument();
    expect(screen.getByText("99+")).toBeInTheDocument();
    rerender(
      <Badge value={0}>
        <span>消息</span>
      </Badge>,
    );
    expect(screen.getByText("消息")).toBeInTheDocument();
    expect(screen.queryByText("0")).not.toBeInTheDocument();
  });

  it("never shows a negative or fractional count", () => {
    expect(badgeText(-4)).toBe("0");
    expect(badgeText(7.8)).toBe("7");
    expect(badgeText(Number.NaN)).toBe("0");
  });
});
