import fc from "fast-check";
import { checkDevice } from "./device-check";
import { deviceIdentity, encryptPayload, hashSignals, type FingerprintSignals } from "./fingerprint-payload";

const keys = { keyHex: "6c69616e676875612d666f722d646576656c6f706d656e742d6b65792d333221", ivHex: "6c69616e676875612d69762d31362121" };
const signals: FingerprintSignals = { canvas: "c1", webgl: "ANGLE (Intel)", plugins: "pdf", fonts: "PingFang SC", audio: "124.04", webdriver: false };
const now = 1_795_000_000;

describe("checkDevice (the browser encrypts, the server checks)", () => {
  it("accepts a payload made by the browser under our key", () => {
    const encryptedData = encryptPayload(signals, now - 60, keys.keyHex, keys.ivHex);
    expect(checkDevice({ hash: hashSignals(signals), encryptedData, isWebdriver: "0" }, keys, now)).toEqual({
      status: "valid", hash: deviceIdentity(signals), isWebdriver: false, ageSec: 60,
    });
  });

  it("flags automation when the signals say webdriver", () => {
    const s = { ...signals, webdriver: true };
    const result = checkDevice({ hash: hashSignals(s), encryptedData: encryptPayload(s, now, keys.keyHex, keys.ivHex) }, keys, now);
    expect(result).toMatchObject({ status: "valid", isWebdriver: true });
  });

  it("names the same device whether or not its audio signal was collected in time", () => {
    const withAudio = { ...signals, audio: "124.04347527516074" };
    const timedOut = { ...signals, audio: "error" };
    const a = checkDevice({ hash: hashSignals(withAudio), encryptedData: encryptPayload(withAudio, now, keys.keyHex, keys.ivHex) }, keys, now);
    const b = checkDevice({ hash: hashSignals(timedOut), encryptedData: encryptPayload(timedOut, now, keys.keyHex, keys.ivHex) }, keys, now);
    expect(a.status === "valid" && b.status === "valid" && a.hash === b.hash).toBe(true);
    const otherCanvas = { ...signals, canvas: "other" };
    const c = checkDevice({ hash: hashSignals(otherCanvas), encryptedData: encryptPayload(otherCanvas, now, keys.keyHex, keys.ivHex) }, keys, now);
    expect(c.status === "valid" && a.status === "valid" && c.hash !== a.hash).toBe(true);
  });

  it("refuses a hash that does not match the signals, another key, stale and future payloads", () => {
    const encryptedData = encryptPayload(signals, now, keys.keyHex, keys.ivHex);
    expect(checkDevice({ hash: "0".repeat(32), encryptedData }, keys, now)).toEqual({ status: "invalid", reason: "hash-mismatch" });
    const otherKey = { ...keys, keyHex: "00".repeat(32) };
    expect(checkDevice({ hash: hashSignals(signals), encryptedData }, otherKey, now)).toEqual({ status: "invalid", reason: "undecryptable" });
    const old = encryptPayload(signals, now - 4 * 86_400, keys.keyHex, keys.ivHex);
    expect(checkDevice({ hash: hashSignals(signals), encryptedData: old }, keys, now)).toEqual({ status: "invalid", reason: "stale" });
    const future = encryptPayload(signals, now + 3600, keys.keyHex, keys.ivHex);
    expect(checkDevice({ hash: hashSignals(signals), encryptedData: future }, keys, now)).toEqual({ status: "invalid", reason: "future" });
    expect(checkDevice({}, keys, now)).toEqual({ status: "absent" });
  });

  it("never throws on whatever a client puts in the cookies", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (hash, encryptedData, isWebdriver) => {
        const result = checkDevice({ hash, encryptedData, isWebdriver }, keys, now);
        expect(["absent", "invalid"]).toContain(result.status);
      }),
      { numRuns: 1000 },
    );
  });
});
