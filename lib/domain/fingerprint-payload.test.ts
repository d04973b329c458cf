import { fc, test as propTest } from "@fast-check/jest";
import Base64 from "crypto-js/enc-base64";
import {
  decryptPayload, encryptPayload, hashSignals, joinSignals, type FingerprintSignals,
} from "./fingerprint-payload";

const KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const IV = "f0e0d0c0b0a090807060504030201000";
const OTHER_KEY = "ff0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

const sample: FingerprintSignals = {
  canvas: "9f86d081884c7d659a2feaa0c55ad015", webgl: "Google Inc.~ANGLE", plugins: "PDF Viewer,Chrome PDF Viewer",
  fonts: "Microsoft YaHei,PingFang SC", audio: "124.04347527516074", webdriver: false,
};

const wellFormedText = fc.string({ unit: "grapheme", maxLength: 80 });
const signalsArb = fc.record({
  canvas: wellFormedText, webgl: wellFormedText, plugins: wellFormedText, fonts: wellFormedText, audio: wellFormedText,
  webdriver: fc.boolean(),
});

describe("hashSignals", () => {
  it("is the MD5 hex of the joined signals and stable", () => {
    expect(hashSignals(sample)).toMatch(/^[0-9a-f]{32}$/);
    expect(hashSignals({ ...sample })).toBe(hashSignals(sample));
    expect(hashSignals({ ...sample, webdriver: true })).not.toBe(hashSignals(sample));
  });

  it("does not throw on lone surrogates", () => {
    expect(() => hashSignals({ ...sample, fonts: "\uD800x" })).not.toThrow();
  });
});

describe("joinSignals", () => {
  it("keeps fields apart even when they contain the separator", () => {
    expect(joinSignals({ ...sample, canvas: "a|b" })).not.toBe(joinSignals({ ...sample, canvas: "a", webgl: "b|" + sample.webgl }));
  });
});

describe("encryptPayload / decryptPayload", () => {
  it("round-trips a known payload", () => {
    const payload = encryptPayload(sample, 1_760_000_000, KEY, IV);
    expect(payload).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decryptPayload(payload, KEY, IV)).toEqual({ signals: sample, timestampSec: 1_760_000_000 });
  });

  propTest.prop([signalsArb, fc.integer({ min: 0, max: 2 ** 40 })])("round-trips any signals and timestamp", (signals, ts) => {
    expect(decryptPayload(encryptPayload(signals, ts, KEY, IV), KEY, IV)).toEqual({ signals, timestampSec: ts });
  });

  propTest.prop([fc.string({ unit: "binary", maxLength: 40 }), fc.integer({ min: 0, max: 2 ** 31 })])(
    "replaces lone surrogates instead of failing",
    (text, ts) => {
      const decrypted = decryptPayload(encryptPayload({ ...sample, audio: text }, ts, KEY, IV), KEY, IV);
      expect(decrypted?.signals.audio).toBe(text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g, (u) => (u.length === 2 ? u : "\uFFFD")));
    },
  );

  propTest.prop([signalsArb, fc.nat(), fc.nat(), fc.integer({ min: 1, max: 255 })])(
    "rejects a payload with any byte changed",
    (signals, ts, position, flip) => {
      const bytes = Buffer.from(encryptPayload(signals, ts, KEY, IV), "base64");
      const index = position % bytes.length;
      bytes[index] = bytes[index]! ^ flip;
      expect(decryptPayload(bytes.toString("base64"), KEY, IV)).toBeNull();
    },
  );

  it("rejects garbage, truncation and the wrong key", () => {
    const payload = encryptPayload(sample, 1, KEY, IV);
    expect(decryptPayload("", KEY, IV)).toBeNull();
    expect(decryptPayload("not base64 at all!!", KEY, IV)).toBeNull();
    expect(decryptPayload(payload.slice(0, 24), KEY, IV)).toBeNull();
    expect(decryptPayload(payload, OTHER_KEY, IV)).toBeNull();
    expect(decryptPayload(payload, "short", IV)).toBeNull();
    expect(decryptPayload(Base64.stringify(Base64.parse("AAAA")), KEY, IV)).toBeNull();
  });

  propTest.prop([fc.string({ unit: "binary" })])("never throws on arbitrary input", (input) => {
    expect(decryptPayload(input, KEY, IV)).toBeNull();
  });

  it("refuses to encrypt with a malformed key", () => {
    expect(() => encryptPayload(sample, 1, "abc", IV)).toThrow(/key/);
    expect(() => encryptPayload(sample, 1, KEY, "abc")).toThrow(/IV/);
  });
});
