import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { DISCLAIMER_SUPPRESS_MS } from "@/lib/domain/constants";
import { usePathname } from "next/navigation";
import { DisclaimerBar } from "./DisclaimerBar";

jest.mock("next/navigation", () => ({ usePathname: jest.fn(() => "/") }));

const TEXT = "股市有风险，投资需谨慎。本平台所有内容仅供学习参考，不构成任何投资建议，据此操作，风险自担。";
const NOW = Date.UTC(2026, 10, 21, 2, 0, 0);

beforeEach(() => {
  jest.mocked(usePathname).mockReturnValue("/");
  window.localStorage.clear();
  jest.spyOn(Date, "now").mockReturnValue(NOW);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe("DisclaimerBar", () => {
  it("shows the risk text and the 7-day button when nothing is stored, and pads the page", () => {
    render(<DisclaimerBar />);
    expect(screen.getByText(TEXT)).toBeVisible();
    expect(screen.getByRole("button", { name: "7天内不再提示" })).toBeInTheDocument();
    expect(document.body).toHaveAttribute("data-disclaimer", "shown");
    expect(document.body.style.getPropertyValue("--disclaimer-height")).toMatch(/^\d+px$/);
  });

  it("reads the bar's height from a ResizeObserver, not by forcing a layout while the page hydrates", () => {
    const observed: Element[] = [];
    let report: () => void = () => {};
    class FakeResizeObserver {
      constructor(callback: () => void) {
        report = callback;
      }
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {}
    }
    Object.assign(window, { ResizeObserver: FakeResizeObserver });
    const layoutReads = jest.spyOn(HTMLElement.prototype, "getBoundingClientRect");
    try {
      render(<DisclaimerBar />);
      expect(layoutReads).not.toHaveBeenCalled();
      expect(observed).toEqual([screen.getByRole("region", { name: "风险提示" })]);
      layoutReads.mockReturnValue({ height: 52.4 } as DOMRect);
      act(() => report());
      expect(document.body.style.getPropertyValue("--disclaimer-height")).toBe("53px");
    } finally {
      delete (window as { ResizeObserver?: unknown }).ResizeObserver;
    }
  });

  it("hides on close, stores the time in milliseconds and removes the padding", async () => {
    const user = userEvent.setup();
    render(<DisclaimerBar />);
    await user.click(screen.getByRole("button", { name: "7天内不再提示" }));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    expect(window.localStorage.getItem("disclaimerClosedTime")).toBe(String(NOW));
    expect(document.body).not.toHaveAttribute("data-disclaimer");
  });

  it("stays hidden within 7 days of closing", () => {
    window.localStorage.setItem("disclaimerClosedTime", String(NOW - DISCLAIMER_SUPPRESS_MS + 60_000));
    render(<DisclaimerBar />);
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    expect(document.body).not.toHaveAttribute("data-disclaimer");
  });

  it("shows again once 7 days have passed", () => {
    window.localStorage.setItem("disclaimerClosedTime", String(NOW - DISCLAIMER_SUPPRESS_MS));
    render(<DisclaimerBar />);
    expect(screen.getByText(TEXT)).toBeVisible();
  });

  it("follows a close made in another tab", () => {
    render(<DisclaimerBar />);
    expect(screen.getByText(TEXT)).toBeVisible();
    act(() => {
      window.localStorage.setItem("disclaimerClosedTime", String(NOW));
      window.dispatchEvent(new StorageEvent("storage", { key: "disclaimerClosedTime" }));
    });
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });

  it("is in the server's HTML, shown, whatever the visitor stored (the client decides after hydration)", () => {
    window.localStorage.setItem("disclaimerClosedTime", String(NOW));
    const html = renderToString(<DisclaimerBar />);
    expect(html).toContain(TEXT);
    expect(html).toContain('aria-label="风险提示"');
  });

  it("sits fixed above the phones' tab bar on the site's pages, and closes the page in flow on the admin pages", () => {
    const { unmount } = render(<DisclaimerBar />);
    const bar = screen.getByRole("region", { name: "风险提示" });
    expect(bar).toHaveAttribute("data-placement", "fixed");
    expect(bar.className).toMatch(/\bfixed\b/);
    expect(bar.className).toContain("bottom-[calc(3.5rem+env(safe-area-inset-bottom))]");
    expect(bar.className).toContain("md:bottom-0");
    expect(document.body.dataset.disclaimer).toBe("shown");
    unmount();

    jest.mocked(usePathname).mockReturnValue("/admin/members");
    render(<DisclaimerBar />);
    const inFlow = screen.getByRole("region", { name: "风险提示" });
    expect(inFlow).toHaveTextContent(TEXT);
    expect(inFlow).toHaveAttribute("data-placement", "page-end");
    expect(inFlow.className).not.toMatch(/\bfixed\b/);
    expect(document.body.dataset.disclaimer).toBeUndefined();
    expect(document.body.style.getPropertyValue("--disclaimer-height")).toBe("");
  });
});
