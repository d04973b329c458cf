import { webcrypto } from "node:crypto";
import { fc, test as propTest } from "@fast-check/jest";
import { decryptPayload, encryptPayload, type FingerprintSignals } from "@/lib/domain/fingerprint-payload";
import { encryptFingerprintPayload } from "./fingerprint-encrypt";

const KEY_256 = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const KEY_128 = "8899aabbccddeeff0011223344556677";
const KEY_192 = "000102030405060708090a0b0c0d0e0f1011121314151617";
const IV = "f0e0d0c0b0a090807060504030201000";
const subtle = webcrypto.subtle as unknown as SubtleCrypto;

const sample: FingerprintSignals = {
  canvas: "9f86d081884c7d659a2feaa0c55ad015", webgl: "Google Inc.~ANGLE", plugins: "PDF Viewer",
  fonts: "Microsoft YaHei,PingFang SC", audio: "124.04347527516074", webdriver: false,
};
const text = fc.string({ unit: "binary", maxLength: 60 });
const signalsArb = fc.record({ canvas: text, webgl: text, plugins: text, fonts: text, audio: text, webdriver: fc.boolean() });

describe("encryptFingerprintPayload", () => {
  propTest.prop([signalsArb, fc.integer({ min: 0, max: 2 ** 40 }), fc.constantFrom(KEY_128, KEY_256)])(
    "with WebCrypto gives exactly the server's CryptoJS bytes, so the server reads it",
    async (signals, timestampSec, key) => {
      const payload = await encryptFingerprintPayload(signals, timestampSec, key, IV, subtle);
      expect(payload).toBe(encryptPayload(signals, timestampSec, key, IV));
      expect(decryptPayload(payload, key, IV)?.timestampSec).toBe(Math.floor(timestampSec));
    },
  );

  it("uses WebCrypto for 128- and 256-bit keys", async () => {
    const spy = { importKey: jest.fn(subtle.importKey.bind(subtle)), encrypt: jest.fn(subtle.encrypt.bind(subtle)) };
    await encryptFingerprintPayload(sample, 1_760_000_000, KEY_256, IV, spy as unknown as SubtleCrypto);
    expect(spy.encrypt).toHaveBeenCalledTimes(1);
  });

  it("falls back to the CryptoJS code without WebCrypto, for a 192-bit key, and when WebCrypto refuses", async () => {
    const refusing = { importKey: jest.fn(() => Promise.reject(new Error("NotSupportedError"))), encrypt: jest.fn() };
    const expected = encryptPayload(sample, 1_760_000_000, KEY_256, IV);
    expect(await encryptFingerprintPayload(sample, 1_760_000_000, KEY_256, IV, null)).toBe(expected);
    expect(await encryptFingerprintPayload(sample, 1_760_000_000, KEY_256, IV, refusing as unknown as SubtleCrypto)).toBe(expected);
    expect(refusing.importKey).toHaveBeenCalled();

    const unused = { importKey: jest.fn(), encrypt: jest.fn() };
    const payload192 = await encryptFingerprintPayload(sample, 1_760_000_000, KEY_192, IV, unused as unknown as SubtleCrypto);
    expect(unused.importKey).not.toHaveBeenCalled();
    expect(decryptPayload(payload192, KEY_192, IV)).toEqual({ signals: sample, timestampSec: 1_760_000_000 });
  });

  it("refuses a malformed key or IV, as the server's code does", async () => {
    await expect(encryptFingerprintPayload(sample, 1, "abc", IV, subtle)).rejects.toThrow(/key/);
    await expect(encryptFingerprintPayload(sample, 1, KEY_256, "abc", subtle)).rejects.toThrow(/IV/);
  });
});
