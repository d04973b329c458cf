import { act, renderHook } from "@testing-library/react";
import { connectionAllowsPrefetch, PREFETCH_DELAY_MS, resetPrefetchAfterLoadForTests, usePrefetchAllowed } from "./prefetch-after-load";

function withConnection(connection: object | undefined) {
  Object.defineProperty(navigator, "connection", { value: connection, configurable: true });
}

beforeEach(() => {
  jest.useFakeTimers();
  resetPrefetchAfterLoadForTests();
});
afterEach(() => {
  jest.useRealTimers();
  withConnection(undefined);
});

describe("links' prefetch after the page loads (SPEC §7)", () => {
  it("is off for the first second, then on for every link of the page and for links that come later", () => {
    withConnection({ effectiveType: "4g", saveData: false });
    const first = renderHook(() => usePrefetchAllowed());
    const second = renderHook(() => usePrefetchAllowed());
    act(() => jest.advanceTimersByTime(PREFETCH_DELAY_MS - 1));
    expect([first.result.current, second.result.current]).toEqual([false, false]);
    act(() => jest.advanceTimersByTime(1));
    expect([first.result.current, second.result.current]).toEqual([true, true]);
    // A page reached by a client-side navigation does not wait again.
    expect(renderHook(() => usePrefetchAllowed()).result.current).toBe(true);
  });

  it("counts the second from the page's load event when links hydrate before it", () => {
    withConnection(undefined);
    const readyState = jest.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    try {
      const link = renderHook(() => usePrefetchAllowed());
      act(() => jest.advanceTimersByTime(5 * PREFETCH_DELAY_MS));
      expect(link.result.current).toBe(false);
      act(() => {
        window.dispatchEvent(new Event("load"));
      });
      act(() => jest.advanceTimersByTime(PREFETCH_DELAY_MS - 1));
      expect(link.result.current).toBe(false);
      act(() => jest.advanceTimersByTime(1));
      expect(link.result.current).toBe(true);
    } finally {
      readyState.mockRestore();
    }
  });

  it("stays off on a slow-2g connection and when the phone asks to save data", () => {
    for (const connection of [{ effectiveType: "slow-2g" }, { effectiveType: "4g", saveData: true }]) {
      resetPrefetchAfterLoadForTests();
      withConnection(connection);
      const link = renderHook(() => usePrefetchAllowed());
      act(() => jest.advanceTimersByTime(10 * PREFETCH_DELAY_MS));
      expect(link.result.current).toBe(false);
      link.unmount();
    }
  });

  it("reads a browser without the Network Information API (Safari, Firefox) as one that may prefetch", () => {
    expect(connectionAllowsPrefetch(undefined)).toBe(true);
    expect(connectionAllowsPrefetch({ effectiveType: "2g" })).toBe(true);
    expect(connectionAllowsPrefetch({ effectiveType: "slow-2g" })).toBe(false);
  });
});
