import { reloadConfigForTests } from "@/lib/config";
import { clientIp, isSameOrigin } from "./request-meta";

const h = (init: Record<string, string>) => new Headers(init);

afterAll(() => reloadConfigForTests());

describe("isSameOrigin", () => {
  beforeAll(() => reloadConfigForTests({ SITE_URL: "https://www.example.com/" }));

  it("P14: accepts our own origin (SITE_URL, trailing slash or not)", () => {
    expect(isSameOrigin(h({ origin: "https://www.example.com" }))).toBe(true);
  });

  it("P14: refuses a foreign origin, a look-alike, another scheme or port, and `null`", () => {
    for (const origin of ["https://evil.example", "https://www.example.com.evil.example", "http://www.example.com",
      "https://www.example.com:8443", "https://example.com", "null", "", "https://www.example.com/"]) {
      expect([origin, isSameOrigin(h({ origin }))]).toEqual([origin, false]);
    }
  });

  it("P14: without Origin, refuses what the browser marks as cross-site or same-site; accepts same-origin, typed URLs and non-browsers", () => {
    expect(isSameOrigin(h({ "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(isSameOrigin(h({ "sec-fetch-site": "same-site" }))).toBe(false);
    expect(isSameOrigin(h({ "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isSameOrigin(h({ "sec-fetch-site": "none" }))).toBe(true);
    expect(isSameOrigin(h({}))).toBe(true);
  });

  it("P3: compares with the configured SITE_URL, never with the Host or X-Forwarded-Host the client sent", () => {
    expect(isSameOrigin(h({ origin: "https://evil.example", host: "evil.example", "x-forwarded-host": "evil.example" }))).toBe(false);
    expect(isSameOrigin(h({ origin: "https://www.example.com", host: "evil.example", "x-forwarded-host": "evil.example" }))).toBe(true);
  });
});

describe("isSameOrigin with SITE_URL unset (ADR 0034)", () => {
  beforeAll(() => reloadConfigForTests({ PORT: "3400" }));

  it("accepts an Origin equal to the request's own origin: localhost and 127.0.0.1 on any port", () => {
    expect(isSameOrigin(h({ origin: "http://localhost:3400", host: "localhost:3400" }))).toBe(true);
    expect(isSameOrigin(h({ origin: "http://127.0.0.1:3400", host: "127.0.0.1:3400" }))).toBe(true);
    expect(isSameOrigin(h({ origin: "http://192.168.1.20:3400", host: "192.168.1.20:3400" }))).toBe(true);
  });

  it("refuses a foreign origin, another port or scheme, `null`, and a request without a usable Host", () => {
    for (const origin of ["https://evil.example", "http://localhost:3000", "https://localhost:3400", "http://127.0.0.1:3400", "null"]) {
      expect([origin, isSameOrigin(h({ origin, host: "localhost:3400" }))]).toEqual([origin, false]);
    }
    expect(isSameOrigin(h({ origin: "http://localhost:3400" }))).toBe(false);
    expect(isSameOrigin(h({ origin: "http://localhost:3400", host: "localhost:3400/@evil" }))).toBe(false);
  });

  it("trusts X-Forwarded-Host and -Proto only from trusted proxies", () => {
    const viaProxy = { origin: "https://quant.example.com", host: "127.0.0.1:3400", "x-forwarded-host": "quant.example.com", "x-forwarded-proto": "https" };
    expect(isSameOrigin(h(viaProxy))).toBe(false);
    reloadConfigForTests({ PORT: "3400", TRUSTED_PROXY_HOPS: "1" });
    expect(isSameOrigin(h(viaProxy))).toBe(true);
    expect(isSameOrigin(h({ ...viaProxy, origin: "https://evil.example" }))).toBe(false);
  });

  it("with SITE_URL set, only SITE_URL's origin is accepted, even when it matches the request's Host", () => {
    reloadConfigForTests({ PORT: "3400", SITE_URL: "https://www.example.com" });
    expect(isSameOrigin(h({ origin: "http://localhost:3400", host: "localhost:3400" }))).toBe(false);
    expect(isSameOrigin(h({ origin: "https://www.example.com", host: "localhost:3400" }))).toBe(true);
  });
});

describe("clientIp", () => {
  it("takes the socket address without trusted proxies, and the entry before the trusted hops with them", () => {
    reloadConfigForTests({ TRUSTED_PROXY_HOPS: "0" });
    expect(clientIp(h({ "x-forwarded-for": "6.6.6.6, 10.0.0.1" }))).toBe("10.0.0.1");
    reloadConfigForTests({ TRUSTED_PROXY_HOPS: "1" });
    expect(clientIp(h({ "x-forwarded-for": "6.6.6.6, 203.0.113.7, 10.0.0.1" }))).toBe("203.0.113.7");
    expect(clientIp(h({}))).toBe("unknown");
  });
});
