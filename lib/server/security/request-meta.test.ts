import { reloadConfigForTests } from "@/lib/config";
import { clientIp, isSameOrigin, PEER_HEADER } from "./request-meta";

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
  const RECORDED = Symbol.for("lianghua.peerAddressRecorded");
  const peer = (address: string, more: Record<string, string> = {}) => h({ [PEER_HEADER]: address, ...more });

  it("without trusted proxies counts the socket's peer, whatever X-Forwarded-For the client sends", () => {
    reloadConfigForTests({ TRUSTED_PROXY_HOPS: "0" });
    const keys = new Set(Array.from({ length: 50 }, (_, i) => clientIp(peer("198.51.100.4", { "x-forwarded-for": `10.9.${i}.1` }))));
    expect([...keys]).toEqual(["198.51.100.4"]);
    expect(clientIp(h({ "x-forwarded-for": "203.0.113.7" }))).toBe("unknown");
  });

  it("trusts the peer header only when the server process records it (scripts/peer-address.cjs)", () => {
    reloadConfigForTests({ TRUSTED_PROXY_HOPS: "0" });
    const globals = globalThis as { [key: symbol]: unknown };
    delete globals[RECORDED];
    try {
      expect(clientIp(peer("203.0.113.9"))).toBe("unknown");
    } finally {
      globals[RECORDED] = true;
    }
  });

  it("with N trusted proxies takes the N-th entry from the right, as the proxies wrote it", () => {
    reloadConfigForTests({ TRUSTED_PROXY_HOPS: "1" });
    // nginx's $proxy_add_x_forwarded_for: what the client sent, then the address nginx saw
    expect(clientIp(peer("10.0.0.2", { "x-forwarded-for": "6.6.6.6, 203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientIp(peer("10.0.0.2", { "x-forwarded-for": "203.0.113.7" }))).toBe("203.0.113.7");
    const spoofed = new Set(Array.from({ length: 20 }, (_, i) => clientIp(peer("10.0.0.2", { "x-forwarded-for": `10.9.${i}.1, 203.0.113.7` }))));
    expect([...spoofed]).toEqual(["203.0.113.7"]);
    // not through the proxy at all: the socket's peer is all that is known
    expect(clientIp(peer("192.0.2.50"))).toBe("192.0.2.50");
    reloadConfigForTests({ TRUSTED_PROXY_HOPS: "2" });
    expect(clientIp(peer("10.0.0.3", { "x-forwarded-for": "6.6.6.6, 203.0.113.7, 10.0.0.1" }))).toBe("203.0.113.7");
    expect(clientIp(peer("10.0.0.3", { "x-forwarded-for": "203.0.113.7" }))).toBe("10.0.0.3");
  });

  it("counts an IPv6 client by its /64, in every spelling, and an IPv4-mapped peer as IPv4", () => {
    reloadConfigForTests({ TRUSTED_PROXY_HOPS: "0" });
    const keys = new Set(["2001:db8:1:2::1", "2001:DB8:1:2:ffff:0:0:9", "2001:0db8:0001:0002:0000:0000:0000:0001", "2001:db8:1:2:abcd::"].map((a) => clientIp(peer(a))));
    expect([...keys]).toEqual(["2001:db8:1:2::/64"]);
    expect(clientIp(peer("2001:db8:1:3::1"))).not.toBe("2001:db8:1:2::/64");
    expect(clientIp(peer("::ffff:203.0.113.7"))).toBe("203.0.113.7");
    reloadConfigForTests({ TRUSTED_PROXY_HOPS: "1" });
    expect(clientIp(peer("::1", { "x-forwarded-for": "2001:db8:1:2::1" }))).toBe(clientIp(peer("::1", { "x-forwarded-for": "2001:db8:1:2:0:0:0:77" })));
  });
});
