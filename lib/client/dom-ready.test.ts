import { whenDomReady } from "./dom-ready";

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
