import { act, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { Lines } from "./Lines";
import { ScrollTable } from "./ScrollTable";

function Table({ minWidth }: { minWidth?: number }) {
  return (
    <ScrollTable label="当日成交" minWidth={minWidth}>
      <thead>
        <tr>
          <th>股票</th>
          <th>金额</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>贵州茅台</td>
          <td>¥337,700.00</td>
        </tr>
      </tbody>
    </ScrollTable>
  );
}

/** jsdom lays nothing out: give the scroll box the widths a 375 px phone would. */
function layOut(box: HTMLElement, { scrollWidth, clientWidth }: { scrollWidth: number; clientWidth: number }) {
  Object.defineProperty(box, "scrollWidth", { configurable: true, value: scrollWidth });
  Object.defineProperty(box, "clientWidth", { configurable: true, value: clientWidth });
}

function scrollTo(box: HTMLElement, left: number) {
  box.scrollLeft = left;
  fireEvent.scroll(box);
}

describe("ScrollTable", () => {
  it("says on a phone, in the server's HTML already, that a table wider than the phone scrolls", () => {
    const wide = renderToString(<Table minWidth={640} />);
    expect(wide).toContain("左右滑动查看更多");
    expect(wide).toContain("sm:hidden"); // not measured yet: from sm up the table fits, so no hint there
    expect(renderToString(<Table minWidth={320} />)).not.toContain("左右滑动查看更多");
  });

  it("keeps the hint and the fade while columns are out of sight, drops the hint once scrolled and the fade at the end", () => {
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "scrollWidth");
    // measured on mount: make every element report an overflowing width first
    Object.defineProperty(HTMLElement.prototype, "scrollWidth", { configurable: true, get: () => 640 });
    const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientWidth");
    Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 343 });
    try {
      render(<Table minWidth={640} />);
      const box = screen.getByRole("region", { name: "当日成交" });
      expect(screen.getByTestId("scroll-hint")).toHaveTextContent("左右滑动查看更多");
      expect(screen.getByTestId("scroll-hint")).not.toHaveClass("sm:hidden"); // measured: it overflows here
      expect(screen.getByTestId("scroll-fade")).toBeInTheDocument();

      act(() => scrollTo(box, 120));
      expect(screen.queryByTestId("scroll-hint")).toBeNull();
      expect(screen.getByTestId("scroll-fade")).toBeInTheDocument();

      act(() => scrollTo(box, 640 - 343));
      expect(screen.queryByTestId("scroll-fade")).toBeNull();
      // back to the start: the fade returns, the hint has done its job
      act(() => scrollTo(box, 0));
      expect(screen.getByTestId("scroll-fade")).toBeInTheDocument();
      expect(screen.queryByTestId("scroll-hint")).toBeNull();
    } finally {
      if (original) Object.defineProperty(HTMLElement.prototype, "scrollWidth", original);
      if (clientWidth) Object.defineProperty(HTMLElement.prototype, "clientWidth", clientWidth);
    }
  });

  it("says nothing when the table fits, even one declared wide", () => {
    render(<Table minWidth={640} />);
    const box = screen.getByRole("region", { name: "当日成交" });
    layOut(box, { scrollWidth: 343, clientWidth: 343 });
    act(() => scrollTo(box, 0));
    expect(screen.queryByTestId("scroll-hint")).toBeNull();
    expect(screen.queryByTestId("scroll-fade")).toBeNull();
  });

  it("keeps the first column in place unless asked not to", () => {
    const { container, rerender } = render(<Table />);
    expect(container.querySelector("table")!.className).toContain("[&_tr>*:first-child]:sticky");
    rerender(
      <ScrollTable label="x" stickyFirst={false}>
        <tbody><tr><td>1</td></tr></tbody>
      </ScrollTable>,
    );
    expect(container.querySelector("table")!.className).not.toContain("sticky");
  });
});

describe("Lines", () => {
  it("stacks the figures of one cell, leaves out empty ones, and keeps them apart for screen readers", () => {
    render(
      <table>
        <tbody>
          <tr>
            <td data-testid="cell"><Lines align="right">{["1,688.00", null, "¥337,700.00", ""]}</Lines></td>
          </tr>
        </tbody>
      </table>,
    );
    const cell = screen.getByTestId("cell");
    expect(cell).toHaveTextContent("1,688.00 · ¥337,700.00");
    expect(cell.firstElementChild).toHaveClass("flex-col", "items-end", "whitespace-nowrap");
    expect(screen.getByText("¥337,700.00")).toHaveClass("text-slate-500");
  });
});
