import { whenDomReady, whenPainted } from "./dom-ready";

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, "readyState", { value: state, configurable: true });
}

afterEach(() => setReadyState("complete"));

describe("whenDomReady", () => {
  it("runs at once when the DOM is already parsed", () => {
    const callback = jest.fn();
    whenDomReady(callback);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("waits for DOMContentLoaded while the document is loading", () => {
    setReadyState("loading");
    const callback = jest.fn();
    whenDomReady(callback);
    expect(callback).not.toHaveBeenCalled();
    document.dispatchEvent(new Event("DOMContentLoaded"));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("can be cancelled before the DOM is ready", () => {
    setReadyState("loading");
    const callback = jest.fn();
    whenDomReady(callback)();
    document.dispatchEvent(new Event("DOMContentLoaded"));
    expect(callback).not.toHaveBeenCalled();
  });
});

describe("whenPainted", () => {
  type PaintListener = (entries: { getEntriesByName: (name: string) => unknown[] }) => void;
  let paintListener: PaintListener | null;
  let painted: boolean;
  const originalObserver = globalThis.PerformanceObserver;
  const originalGetEntriesByName = performance.getEntriesByName;

  beforeEach(() => {
    jest.useFakeTimers();
    paintListener = null;
    painted = false;
    globalThis.PerformanceObserver = class {
      constructor(listener: PaintListener) {
        paintListener = listener;
      }
      observe() {}
      disconnect() {
        paintListener = null;
      }
    } as unknown as typeof PerformanceObserver;
    performance.getEntriesByName = ((name: string) => (painted && name === "first-contentful-paint" ? [{ name }] : [])) as typeof performance.getEntriesByName;
  });
  afterEach(() => {
    jest.useRealTimers();
    globalThis.PerformanceObserver = originalObserver;
    performance.getEntriesByName = originalGetEntriesByName;
  });
  const paint = () => {
    painted = true;
    paintListener?.({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{ name }] : []) });
  };

  it("waits for the page's first contentful paint, not only for the parsed DOM", () => {
    const callback = jest.fn();
    whenPainted(callback);
    jest.advanceTimersByTime(500);
    expect(callback).not.toHaveBeenCalled();
    paint();
    jest.advanceTimersByTime(0);
    expect(callback).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(5000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("runs soon when the page has already been painted", () => {
    painted = true;
    const callback = jest.fn();
    whenPainted(callback);
    jest.advanceTimersByTime(0);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("runs after the fallback delay where the page never reports a paint", () => {
    const callback = jest.fn();
    whenPainted(callback, 3000);
    jest.advanceTimersByTime(2999);
    expect(callback).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("never runs before DOMContentLoaded, even when the document loads for longer than the fallback delay", () => {
    setReadyState("loading");
    const callback = jest.fn();
    whenPainted(callback, 3000);
    jest.advanceTimersByTime(5000);
    expect(callback).not.toHaveBeenCalled();
    document.dispatchEvent(new Event("DOMContentLoaded"));
    jest.advanceTimersByTime(2999);
    expect(callback).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("waits for DOMContentLoaded first, and can be cancelled", () => {
    setReadyState("loading");
    const callback = jest.fn();
    const cancel = whenPainted(callback);
    paint();
    jest.advanceTimersByTime(100);
    expect(callback).not.toHaveBeenCalled();
    document.dispatchEvent(new Event("DOMContentLoaded"));
    cancel();
    jest.advanceTimersByTime(5000);
    expect(callback).not.toHaveBeenCalled();
  });
});
