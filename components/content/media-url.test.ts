import fc from "fast-check";
import { isHlsUrl, isSafeMediaUrl } from "./media-url";

describe("isSafeMediaUrl", () => {
  it("accepts our own paths and http(s) URLs", () => {
    expect(isSafeMediaUrl("/demo/videos/a.mp4")).toBe(true);
    expect(isSafeMediaUrl("https://cdn.example.com/v/index.m3u8")).toBe(true);
  });

  it("refuses scripts, data, protocol-relative and backslash tricks that lead to another site", () => {
    for (const bad of ["javascript:alert(1)", "data:video/mp4;base64,AAAA", "//evil.example/x.mp4", "/\\evil.example/x.mp4", "/a\\b", "", null, undefined]) {
      expect(isSafeMediaUrl(bad)).toBe(false);
    }
  });

  it("never accepts anything with a backslash or that does not start with / or http(s)://", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (isSafeMediaUrl(s)) {
          expect(s.includes("\\")).toBe(false);
          expect(/^(\/(?!\/)|https?:\/\/)/i.test(s)).toBe(true);
        }
      }),
    );
  });

  it("recognises HLS playlists", () => {
    expect(isHlsUrl("/v/a.m3u8?t=1")).toBe(true);
    expect(isHlsUrl("/v/a.mp4")).toBe(false);
  });
});
