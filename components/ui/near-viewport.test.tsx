import { act, render, screen } from "@testing-library/react";
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

describe("useNearViewport", () => {
  it("stays false below the fold and turns true, for good, once the element comes near the screen", () => {
    let report: Callback = () => {};
    const options: IntersectionObserverInit[] = [];
    const disconnect = jest.fn();
    globalThis.IntersectionObserver = class {
      constructor(callback: Callback, init: IntersectionObserverInit) {
        report = callback;
        options.push(init);
      }
      observe() {}
      disconnect = disconnect;
    } as unknown as typeof IntersectionObserver;
    render(<Probe />);
    expect(screen.getByText("waiting")).toBeTruthy();
    expect(options[0]?.rootMargin).toBe("300px 0px");
    act(() => report([{ isIntersecting: false }]));
    expect(screen.getByText("waiting")).toBeTruthy();
    act(() => report([{ isIntersecting: true }]));
    expect(screen.getByText("loaded")).toBeTruthy();
    expect(disconnect).toHaveBeenCalled();
  });

  it("is true at once where the browser has no IntersectionObserver", () => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    render(<Probe />);
    expect(screen.getByText("loaded")).toBeTruthy();
  });
});
