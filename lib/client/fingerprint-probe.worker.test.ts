import { canvasImageHash, FAILED } from "./fingerprint-probes";

/** The worker's side of the protocol, run in jsdom: `self` is the window, which has no OffscreenCanvas. */
describe("fingerprint probe worker", () => {
  it("answers a message with the image's MD5 and what it could measure", async () => {
    const posted: unknown[] = [];
    const postMessage = jest.spyOn(window, "postMessage").mockImplementation((message: unknown) => {
      posted.push(message);
    });
    try {
      await import("./fingerprint-probe.worker");
      window.dispatchEvent(new MessageEvent("message", { data: { canvasImage: "data:image/png;base64,iVBORw0KGgo=" } }));
      window.dispatchEvent(new MessageEvent("message", { data: { canvasImage: null } }));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(posted).toEqual([
        { canvas: canvasImageHash("data:image/png;base64,iVBORw0KGgo="), webgl: FAILED, fonts: FAILED },
        { canvas: "", webgl: FAILED, fonts: FAILED },
      ]);
    } finally {
      postMessage.mockRestore();
    }
  });
});
