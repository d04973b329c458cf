import { getCookies, getCookie, setCookie, deleteCookie } from "cookies-next/client";
import { decryptPayload } from "@/lib/domain/fingerprint-payload";

const KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const IV = "f0e0d0c0b0a090807060504030201000";
const keys = { fingerprintKey: KEY, fingerprintIv: IV };

function loadModule(): typeof import("./fingerprint") {
  let loaded: typeof import("./fingerprint") | undefined;
  jest.isolateModules(() => {
    loaded = require("./fingerprint");
  });
  return loaded!;
}

const originalGetContext = HTMLCanvasElement.prototype.getContext;

beforeEach(() => {
  HTMLCanvasElement.prototype.getContext = jest.fn(() => null) as unknown as typeof originalGetContext;
  for (const name of Object.keys(getCookies() ?? {})) deleteCookie(name, { path: "/" });
});
afterEach(() => {
  HTMLCanvasElement.prototype.getContext = originalGetContext;
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe("getFingerprint", () => {
  it("resolves in jsdom with a hash, a decryptable payload and the webdriver flag", async () => {
    const { getFingerprint } = loadModule();
    const fingerprint = await getFingerprint(keys);
    expect(fingerprint.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(fingerprint.isWebdriver).toBe(false);
    const decrypted = decryptPayload(fingerprint.encryptedData, KEY, IV);
    expect(decrypted?.signals.canvas).toBe("unsupported");
    expect(Math.abs(decrypted!.timestampSec - Date.now() / 1000)).toBeLessThan(5);
  });

  it("keeps the stored fingerprint for the cookies' lifetime, so the same browser never looks like a new device", async () => {
    setCookie("_lh_fa", "a".repeat(32));
    setCookie("_lh_fb", "earlier-payload");
    setCookie("_lh_fc", "0");
    HTMLCanvasElement.prototype.getContext = jest.fn(() => {
      throw new Error("canvas blocked");
    }) as unknown as typeof originalGetContext;
    const { getFingerprint } = loadModule();
    expect(await getFingerprint(keys)).toEqual({ hash: "a".repeat(32), encryptedData: "earlier-payload", isWebdriver: false });
    expect(getCookie("_lh_fb")).toBe("earlier-payload");
  });

  it("collects and stores a fingerprint when the cookies hold none, even with a failed signal", async () => {
    HTMLCanvasElement.prototype.getContext = jest.fn(() => {
      throw new Error("canvas blocked");
    }) as unknown as typeof originalGetContext;
    const { getFingerprint } = loadModule();
    const fingerprint = await getFingerprint(keys);
    expect(getCookie("_lh_fa")).toBe(fingerprint.hash);
  });

  it("stores hash, payload and flag in the three obfuscated cookies", async () => {
    const { getFingerprint } = loadModule();
    const fingerprint = await getFingerprint(keys);
    expect(getCookie("_lh_fa")).toBe(fingerprint.hash);
    expect(getCookie("_lh_fb")).toBe(fingerprint.encryptedData);
    expect(getCookie("_lh_fc")).toBe("0");
  });

  it("collects only after 100 ms, once per page load", async () => {
    jest.useFakeTimers();
    const { getFingerprint } = loadModule();
    const first = getFingerprint(keys);
    await jest.advanceTimersByTimeAsync(99);
    expect(HTMLCanvasElement.prototype.getContext).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(HTMLCanvasElement.prototype.getContext).toHaveBeenCalled();
    expect(getFingerprint(keys)).toBe(first);
    await jest.runAllTimersAsync(); // the probes yield to the page between them
    await first;
  });

  it("publishes the computed fingerprint to subscribers", async () => {
    const { getFingerprint, onFingerprint, peekFingerprint } = loadModule();
    const listener = jest.fn();
    onFingerprint(listener);
    expect(peekFingerprint()).toBeNull();
    const fingerprint = await getFingerprint(keys);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(peekFingerprint()).toBe(fingerprint);
  });

  it("still resolves with a misconfigured key, without the payload", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const { getFingerprint } = loadModule();
    const fingerprint = await getFingerprint({ fingerprintKey: "", fingerprintIv: "" });
    expect(fingerprint.encryptedData).toBe("");
    expect(fingerprint.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(warn).toHaveBeenCalled();
  });
});
