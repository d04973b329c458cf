import { act, render } from "@testing-library/react";
import { usePathname } from "next/navigation";
import NProgress from "nprogress";
import { ProgressBar } from "./ProgressBar";

jest.mock("next/navigation", () => ({
  usePathname: jest.fn(() => "/"),
  useSearchParams: jest.fn(() => new URLSearchParams()),
}));

let pendingListener: ((pending: number) => void) | null = null;
jest.mock("@/lib/client/progress-counter", () => ({
  onPendingChange: jest.fn((listener: (pending: number) => void) => {
    pendingListener = listener;
    return () => {
      pendingListener = null;
    };
  }),
}));

let started = false;
jest.mock("nprogress", () => ({
  __esModule: true,
  default: {
    configure: jest.fn(),
    start: jest.fn(() => {
      started = true;
    }),
    done: jest.fn(() => {
      started = false;
    }),
    isStarted: jest.fn(() => started),
  },
}));

const mockedPathname = jest.mocked(usePathname);

function clickLink(href: string, init: MouseEventInit = {}, attrs: Record<string, string> = {}) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = "link";
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  document.body.appendChild(a);
  // Like next/link, which routes the click itself.
  a.addEventListener("click", (e) => e.preventDefault(), { once: true });
  act(() => {
    a.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }));
  });
  a.remove();
}

beforeEach(() => {
  jest.clearAllMocks();
  started = false;
  mockedPathname.mockReturnValue("/");
  window.history.replaceState(null, "", "/");
});

describe("ProgressBar", () => {
  it("configures nprogress with minimum 0.2, speed 500 and no spinner", () => {
    render(<ProgressBar />);
    expect(NProgress.configure).toHaveBeenCalledWith({ minimum: 0.2, speed: 500, showSpinner: false });
  });

  it("starts on a click to another page of the site and finishes when the route changes", () => {
    const view = render(<ProgressBar />);
    clickLink("/god");
    expect(NProgress.start).toHaveBeenCalledTimes(1);
    expect(started).toBe(true);

    mockedPathname.mockReturnValue("/god");
    view.rerender(<ProgressBar />);
    expect(NProgress.done).toHaveBeenCalled();
    expect(started).toBe(false);
  });

  it("ignores external links, new tabs, modified clicks and same-page anchors", () => {
    render(<ProgressBar />);
    clickLink("https://service.weibo.com/share/share.php");
    clickLink("/god", {}, { target: "_blank" });
    clickLink("/god", { ctrlKey: true });
    clickLink("/#top");
    clickLink("/files/a.csv", {}, { download: "" });
    expect(NProgress.start).not.toHaveBeenCalled();
  });

  it("starts on back/forward navigation to another route, not on a #fragment step", () => {
    render(<ProgressBar />);
    act(() => {
      window.history.replaceState(null, "", "/#top");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(NProgress.start).not.toHaveBeenCalled();
    act(() => {
      window.history.replaceState(null, "", "/quant?sort=sharpe");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(NProgress.start).toHaveBeenCalledTimes(1);
  });

  it("runs while requests that asked for progress are pending", () => {
    render(<ProgressBar />);
    act(() => pendingListener?.(1));
    expect(started).toBe(true);
    act(() => pendingListener?.(2));
    expect(NProgress.start).toHaveBeenCalledTimes(1);
    act(() => pendingListener?.(1));
    expect(started).toBe(true);
    act(() => pendingListener?.(0));
    expect(started).toBe(false);
  });

  it("keeps running after a route change while a request is still pending", () => {
    const view = render(<ProgressBar />);
    act(() => pendingListener?.(1));
    clickLink("/rank");
    mockedPathname.mockReturnValue("/rank");
    view.rerender(<ProgressBar />);
    expect(started).toBe(true);
    act(() => pendingListener?.(0));
    expect(started).toBe(false);
  });

  it("stops by itself when a clicked navigation never completes", () => {
    jest.useFakeTimers();
    try {
      render(<ProgressBar />);
      clickLink("/user/invite");
      expect(started).toBe(true);
      act(() => jest.advanceTimersByTime(10_000));
      expect(started).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it("unsubscribes on unmount", () => {
    const view = render(<ProgressBar />);
    expect(pendingListener).not.toBeNull();
    view.unmount();
    expect(pendingListener).toBeNull();
  });
});
