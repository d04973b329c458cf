import crypto from "node:crypto";
import fc from "fast-check";
import { newDeviceToken, verifyDeviceToken } from "./device-cookie";

// Count the constant-time comparisons (the real function does the work).
jest.mock("node:crypto", () => {
  const actual = jest.requireActual<typeof import("node:crypto")>("node:crypto");
  return { ...actual, timingSafeEqual: jest.fn((a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => actual.timingSafeEqual(a, b)) };
});

const KEY = Buffer.from("a-test-key-of-more-than-thirty-two-characters", "utf8");
const keyArb = fc.uint8Array({ minLength: 16, maxLength: 64 });
const idArb = fc.uint8Array({ minLength: 16, maxLength: 16 });
const randomId = () => crypto.randomBytes(16);

describe("the signed device cookie value", () => {
  it("verifies under the key that made it and gives back the id, which is the random bytes", () => {
    fc.assert(fc.property(idArb, keyArb, (bytes, key) => {
      const { id, token } = newDeviceToken(bytes, key);
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(id, "base64url").equals(Buffer.from(bytes))).toBe(true);
      expect(verifyDeviceToken(token, key)).toBe(id);
    }));
    expect(() => newDeviceToken(new Uint8Array(8), KEY)).toThrow();
  });

  it("fails for any tampering: a character replaced, removed or added anywhere, or the value cut", () => {
    const tampered = fc.record({
      key: keyArb,
      bytes: idArb,
      at: fc.nat(),
      char: fc.oneof(fc.constantFrom(..."ABCabc019-_.=+/% "), fc.string({ minLength: 1, maxLength: 1, unit: "binary" })),
      how: fc.constantFrom("replace", "remove", "insert", "cut", "append"),
    });
    fc.assert(fc.property(tampered, ({ key, bytes, at, char, how }) => {
      const { token } = newDeviceToken(bytes, key);
      const i = at % token.length;
      const changed =
        how === "replace" ? token.slice(0, i) + char + token.slice(i + 1)
        : how === "remove" ? token.slice(0, i) + token.slice(i + 1)
        : how === "insert" ? token.slice(0, i) + char + token.slice(i)
        : how === "cut" ? token.slice(0, i)
        : token + char;
      fc.pre(changed !== token);
      expect(verifyDeviceToken(changed, key)).toBeNull();
    }), { numRuns: 2000 });
  });

  it("fails under another key, and for values the server never made", () => {
    fc.assert(fc.property(keyArb, keyArb, (a, b) => {
      fc.pre(Buffer.compare(Buffer.from(a), Buffer.from(b)) !== 0);
      expect(verifyDeviceToken(newDeviceToken(randomId(), a).token, b)).toBeNull();
    }));
    fc.assert(fc.property(fc.string({ maxLength: 100 }), (s) => expect(verifyDeviceToken(s, KEY)).toBeNull()));
    // The right shape with a made-up signature: what a script without the key can do at best.
    fc.assert(fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/), (s) => expect(verifyDeviceToken(s, KEY)).toBeNull()));
    for (const absent of [undefined, null, ""]) expect(verifyDeviceToken(absent, KEY)).toBeNull();
  });

  it("compares a well-formed value's signature in constant time, never by ==", () => {
    const compare = jest.mocked(crypto.timingSafeEqual);
    fc.assert(fc.property(fc.nat(42), fc.constantFrom(..."AQgw_-"), (at, char) => {
      const { token } = newDeviceToken(randomId(), KEY);
      const signature = token.slice(23);
      const forged = `${token.slice(0, 23)}${signature.slice(0, at)}${char}${signature.slice(at + 1)}`;
      compare.mockClear();
      const result = verifyDeviceToken(forged, KEY);
      expect(compare).toHaveBeenCalledTimes(1);
      const [given, expected] = compare.mock.calls[0]! as [Buffer, Buffer];
      expect(given.length).toBe(expected.length);
      expect(result === null).toBe(forged !== token);
    }));
  });
});
