import fc from "fast-check";
import { buildShareLinks, shareCopyText, shortLinkText, weiboShareUrl, withInvitationCode } from "./share-links";

function split(url: string) {
  const hashAt = url.indexOf("#");
  const hash = hashAt === -1 ? "" : url.slice(hashAt);
  const rest = hashAt === -1 ? url : url.slice(0, hashAt);
  const q = rest.indexOf("?");
  return { base: q === -1 ? rest : rest.slice(0, q), query: q === -1 ? "" : rest.slice(q + 1), hash };
}

const base = fc.webUrl({ withQueryParameters: false, withFragments: false });
const key = fc.constantFrom("code", "t", "r", "page", "tab", "q");
const value = fc.string({ unit: "grapheme", maxLength: 8 });
const params = fc.array(fc.tuple(key, value), { maxLength: 5 });
const fragment = fc.option(fc.stringMatching(/^[a-z0-9-]{0,8}$/), { nil: undefined });
const code = fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 });

const url = fc.tuple(base, params, fragment).map(([b, ps, f]) => {
  const query = ps.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
  return `${b}${query ? `?${query}` : ""}${f === undefined ? "" : `#${f}`}`;
});

describe("withInvitationCode", () => {
  it("appends ?code= to a bare URL and &code= after other parameters", () => {
    expect(withInvitationCode("https://a.cn/list/god", "AB12")).toBe("https://a.cn/list/god?code=AB12");
    expect(withInvitationCode("https://a.cn/rank?show=loss", "AB12")).toBe("https://a.cn/rank?show=loss&code=AB12");
  });

  it("replaces an existing code value in place and keeps the fragment", () => {
    expect(withInvitationCode("https://a.cn/?t=x&code=OLD&r=%2Fuser#top", "NEW")).toBe(
      "https://a.cn/?t=x&code=NEW&r=%2Fuser#top",
    );
  });

  it("leaves the URL alone when the member has no code", () => {
    expect(withInvitationCode("https://a.cn/?code=OLD", "")).toBe("https://a.cn/?code=OLD");
  });

  it("ends with exactly one code parameter carrying the new value", () => {
    fc.assert(
      fc.property(url, code, (u, c) => {
        const params = new URLSearchParams(split(withInvitationCode(u, c)).query);
        expect(params.getAll("code")).toEqual([c]);
      }),
    );
  });

  it("keeps the path, the fragment and every other parameter in order", () => {
    fc.assert(
      fc.property(url, code, (u, c) => {
        const before = split(u);
        const after = split(withInvitationCode(u, c));
        expect(after.base).toBe(before.base);
        expect(after.hash).toBe(before.hash);
        const others = (q: string) => [...new URLSearchParams(q)].filter(([k]) => k !== "code");
        expect(others(after.query)).toEqual(others(before.query));
      }),
    );
  });

  it("is idempotent and the last code wins", () => {
    fc.assert(
      fc.property(url, code, code, (u, c1, c2) => {
        const once = withInvitationCode(u, c1);
        expect(withInvitationCode(once, c1)).toBe(once);
        expect(withInvitationCode(once, c2)).toBe(withInvitationCode(u, c2));
      }),
    );
  });
});

describe("buildShareLinks", () => {
  const links = buildShareLinks("https://www.lianghua.cn/", "https://www.lianghua.cn/detail/g1?code=OLD", "INV9");

  it("points the four rows at the current page, home, masters and strategies with the code", () => {
    expect(links.current).toMatchObject({ label: "当前页面", url: "https://www.lianghua.cn/detail/g1?code=INV9" });
    expect(links.home).toMatchObject({ label: "首页", url: "https://www.lianghua.cn/?code=INV9" });
    expect(links.master).toMatchObject({ label: "大神交割单", url: "https://www.lianghua.cn/list/god?code=INV9" });
    expect(links.quant).toMatchObject({ label: "量化策略", url: "https://www.lianghua.cn/list/quant?code=INV9" });
  });

  it("gives home, master and quant their own share text with the referral reward", () => {
    const texts = new Set([links.home.shareText, links.master.shareText, links.quant.shareText]);
    expect(texts.size).toBe(3);
    for (const text of texts) expect(text).toContain("注册即得3天SVIP");
    expect(links.master.shareText).toContain("大神交割单");
  });

  it("copies text plus link, and Weibo carries both in its url parameter", () => {
    expect(shareCopyText(links.home)).toBe(`${links.home.shareText} https://www.lianghua.cn/?code=INV9`);
    const weibo = new URL(weiboShareUrl(links.home));
    expect(weibo.origin + weibo.pathname).toBe("https://service.weibo.com/share/share.php");
    expect(weibo.searchParams.get("url")).toBe(shareCopyText(links.home));
  });
});

describe("shortLinkText", () => {
  it("drops the scheme and leaves a short link whole", () => {
    expect(shortLinkText("https://www.example.com/?code=INV888")).toBe("www.example.com/?code=INV888");
  });

  it("keeps the host and the invitation code of a long link, with … in the middle", () => {
    const shown = shortLinkText("http://localhost:3000/detail/0f8c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b?tab=1&code=INV888", 34);
    expect(shown).toBe("localhost:3000/…?tab=1&code=INV888");
    expect(Array.from(shown)).toHaveLength(34);
  });

  it("never exceeds max characters, and keeps the start and the end of the link", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.integer({ min: 8, max: 80 }), (link, max) => {
        const shown = shortLinkText(link, max);
        const bare = link.replace(/^https?:\/\//i, "");
        expect(Array.from(shown).length).toBeLessThanOrEqual(max);
        if (Array.from(bare).length <= max) expect(shown).toBe(bare);
        else {
          const [head, tail] = shown.split("…") as [string, string];
          expect(bare.startsWith(head)).toBe(true);
          expect(bare.endsWith(tail)).toBe(true);
        }
      }),
    );
  });
});
