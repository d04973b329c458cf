import { act, fireEvent, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { useNearViewport } from "./near-viewport";

function Probe() {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return <div ref={box}>{near ? "loaded" : "waiting"}</div>;
}

type Callback = (entries: { isIntersecting: boolean }[]) => void;
const originalObserver = globalThis.IntersectionObserver;
afterEach(() => {
  globalThis.IntersectionObserver = originalObserver;
});

/** A stand-in IntersectionObserver: each one created is listed with its margin, its callback and whether it is live. */
function fakeObservers() {
  const created: { rootMargin: string | undefined; report: Callback; live: boolean }[] = [];
  globalThis.IntersectionObserver = class {
    private entry: (typeof created)[number];
    constructor(callback: Callback, init: IntersectionObserverInit) {
      this.entry = { rootMargin: init.rootMargin, report: callback, live: false };
      created.push(this.entry);
    }
    observe() {
      this.entry.live = true;
    }
    disconnect() {
      this.entry.live = false;
    }
  } as unknown as typeof IntersectionObserver;
  const live = () => created.filter((o) => o.live);
  return { created, live };
}

describe("useNearViewport", () => {
  it("before any scrolling, waits until the element itself is on the screen", () => {
    const observers = fakeObservers();
    render(<Probe />);
    expect(observers.live().map((o) => o.rootMargin)).toEqual(["0px"]);
    act(() => observers.live()[0]!.report([{ isIntersecting: false }]));
    expect(screen.getByText("waiting")).toBeTruthy();
    act(() => observers.live()[0]!.report([{ isIntersecting: true }]));
    expect(screen.getByText("loaded")).toBeTruthy();
    expect(observers.live()).toEqual([]);
  });

  it("once the reader scrolls, loads as soon as the element is within half a phone screen below", () => {
    const observers = fakeObservers();
    render(<Probe />);
    fireEvent.scroll(window);
    expect(observers.live().map((o) => o.rootMargin)).toEqual(["300px 0px"]);
    act(() => observers.live()[0]!.report([{ isIntersecting: false }]));
    expect(screen.getByText("waiting")).toBeTruthy();
    act(() => observers.live()[0]!.report([{ isIntersecting: true }]));
    expect(screen.getByText("loaded")).toBeTruthy();
    expect(observers.live()).toEqual([]);
  });

  it("counts a scroll inside the page (a wide table swiped sideways) as the reader scrolling", () => {
    const observers = fakeObservers();
    render(
      <>
        <div data-testid="table-wrap" />
        <Probe />
      </>,
    );
    fireEvent.scroll(screen.getByTestId("table-wrap"));
    expect(observers.live().map((o) => o.rootMargin)).toEqual(["300px 0px"]);
  });

  it("stops watching when the page is left before the element comes near", () => {
    const observers = fakeObservers();
    const { unmount } = render(<Probe />);
    unmount();
    fireEvent.scroll(window);
    expect(observers.live()).toEqual([]);
    expect(observers.created).toHaveLength(1);
  });

  it("is true at once where the browser has no IntersectionObserver", () => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    render(<Probe />);
    expect(screen.getByText("loaded")).toBeTruthy();
  });
});
