/**
 * Runs the fingerprint's costly probes off the page's main thread (ADR 0022). Answers one message, `{ canvasImage }`
 * (the page's canvas drawing as a data URL, or null), with `{ canvas, webgl, fonts }`: the MD5 of the image ("" when
 * none was sent), and the WebGL and font signals, or "unsupported"/"error" where this worker cannot measure them
 * (Safari 16 has no WebGL on an OffscreenCanvas), in which case the page measures them itself.
 */
import { canvasImageHash, FAILED, fontsSignal, offscreenCanvas, safely, webglSignal } from "./fingerprint-probes";

const scope = self as unknown as {
  addEventListener(type: "message", listener: (event: MessageEvent<{ canvasImage?: unknown }>) => void): void;
  postMessage(message: { canvas: string; webgl: string; fonts: string }): void;
};

scope.addEventListener("message", async (event) => {
  const image = event.data?.canvasImage;
  const canvas = typeof image === "string" ? canvasImageHash(image) : "";
  const webgl = safely(() => webglSignal(offscreenCanvas));
  const fonts = await fontsSignal(offscreenCanvas, async () => {}).catch(() => FAILED);
  scope.postMessage({ canvas, webgl, fonts });
});
