import fc from "fast-check";
import { requestOrigin } from "./request-origin";

const direct = (host: string | null, extra: Partial<{ forwardedHost: string; forwardedProto: string }> = {}) =>
  requestOrigin({ host, forwardedHost: extra.forwardedHost ?? null, forwardedProto: extra.forwardedProto ?? null, trustedProxyHops: 0 });

describe("requestOrigin", () => {
  it("is the Host the browser fetched, over http, for any local name and port", () => {
    expect(direct("localhost:3400")).toBe("http://localhost:3400");
    expect(direct("127.0.0.1:3400")).toBe("http://127.0.0.1:3400");
    expect(direct("[::1]:3400")).toBe("http://[::1]:3400");
    expect(direct("LocalHost:80")).toBe("http://localhost");
    expect(direct("quant.example.com")).toBe("http://quant.example.com");
  });

  it("ignores X-Forwarded-Host and -Proto without trusted proxies (a client can send them)", () => {
    expect(direct("localhost:3400", { forwardedHost: "evil.example", forwardedProto: "https" })).toBe("http://localhost:3400");
  });

  it("behind trusted proxies takes the entry the outermost one wrote, and https from its X-Forwarded-Proto", () => {
    const behind = (hops: number, forwardedHost: string, forwardedProto: string | null) =>
      requestOrigin({ host: "127.0.0.1:3000", forwardedHost, forwardedProto, trustedProxyHops: hops });
    expect(behind(1, "quant.example.com", "https")).toBe("https://quant.example.com");
    expect(behind(1, "evil.example, quant.example.com", "http, https")).toBe("https://quant.example.com");
    expect(behind(2, "evil.example, quant.example.com, inner.local", "https, https, http")).toBe("https://quant.example.com");
    expect(behind(1, "quant.example.com", null)).toBe("http://quant.example.com");
    expect(requestOrigin({ host: "127.0.0.1:3000", forwardedHost: null, forwardedProto: null, trustedProxyHops: 1 })).toBe("http://127.0.0.1:3000");
  });

  it("has no origin for a missing or malformed Host (never one a URL would read as a user, path or query)", () => {
    for (const host of [null, "", " ", "evil.example/@localhost", "user@localhost:3000", "localhost:3000/x", "localhost?x", "localhost:99999", "a b", "localhost#x"]) {
      expect([host, direct(host)]).toEqual([host, null]);
    }
  });

  it("property: whatever a client sends as Host, the answer is null or a bare origin naming exactly that host", () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string()), fc.option(fc.string()), fc.integer({ min: 0, max: 3 }), (host, fh, fp, hops) => {
        const origin = requestOrigin({ host, forwardedHost: fh, forwardedProto: fp, trustedProxyHops: hops });
        if (origin === null) return;
        const url = new URL(origin);
        expect(url.origin).toBe(origin);
        expect(["http:", "https:"]).toContain(url.protocol);
        expect(url.username + url.password + url.search + url.hash).toBe("");
      }),
    );
  });

  it("refuses an ACE label that is no valid punycode (xn--a), as the URL parser does", () => {
    expect(direct("xn--a.a:1")).toBeNull();
  });

  it("property: a well-formed host and port round-trip into the origin", () => {
    // an ACE label (xn--…) is well-formed only as valid punycode, which the URL parser checks: "xn--a" is no host
    const label = fc.stringMatching(/^[a-z]([a-z0-9-]{0,10}[a-z0-9])?$/).filter((l) => !/^xn--/.test(l));
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 65535 }), (labels, port) => {
        const host = labels.join(".");
        const expected = port === 80 ? `http://${host}` : `http://${host}:${port}`;
        expect(direct(`${host}:${port}`)).toBe(expected);
      }),
    );
  });
});
