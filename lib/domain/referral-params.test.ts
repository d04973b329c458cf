import { fc, test as propTest } from "@fast-check/jest";
import {
  encodedRecordLength, parseReferralParams, planReferralCookies, REFERER_COOKIE_BUDGET, type EntryContext,
} from "./referral-params";

describe("parseReferralParams", () => {
  it("reads code, t and r from the entry query", () => {
    const params = parseReferralParams("?code=AB12&t=wechat&r=%2Fdetail%2Fg1&utm_source=x");
    expect(params).toEqual({
      code: "AB12", tracking: "wechat", returnPath: "/detail/g1",
      query: { code: "AB12", t: "wechat", r: "/detail/g1", utm_source: "x" },
    });
  });

  it("takes code and t from inside r when the entry URL has none", () => {
    const r = encodeURIComponent("/user/invite?code=XY9&t=qq#top");
    expect(parseReferralParams(`?r=${r}`)).toMatchObject({ code: "XY9", tracking: "qq", returnPath: "/user/invite?code=XY9&t=qq#top" });
  });

  it("prefers the entry URL's own code and t over those in r", () => {
    const r = encodeURIComponent("/x?code=INNER&t=inner");
    expect(parseReferralParams(`code=OUTER&t=outer&r=${r}`)).toMatchObject({ code: "OUTER", tracking: "outer" });
  });

  it("ignores empty and malformed invitation codes", () => {
    expect(parseReferralParams("?code=").code).toBeNull();
    expect(parseReferralParams("?code=%3Cscript%3E").code).toBeNull();
    expect(parseReferralParams("?code=a%20b").code).toBeNull();
  });

  it("keeps the first value of a repeated parameter", () => {
    expect(parseReferralParams("?a=1&a=2").query).toEqual({ a: "1" });
  });

  propTest.prop([fc.string({ unit: "binary" })])("never throws on arbitrary strings", (search) => {
    const params = parseReferralParams(search);
    expect(params.code === null || /^[A-Za-z0-9_-]{1,64}$/.test(params.code)).toBe(true);
    expect(Object.keys(params.query).length).toBeLessThanOrEqual(20);
  });

  propTest.prop([fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), fc.string({ minLength: 1, maxLength: 50 })])(
    "finds any well-formed code and trimmed t, directly or inside r",
    (code, t) => {
      const query = new URLSearchParams({ code, t }).toString();
      const direct = parseReferralParams(`?${query}`);
      const nested = parseReferralParams(`?${new URLSearchParams({ r: `/p?${query}` })}`);
      for (const params of [direct, nested]) {
        expect(params.code).toBe(code);
        expect(params.tracking).toBe(t.trim() === "" ? null : t.trim());
      }
    },
  );
});

describe("planReferralCookies", () => {
  const entry = (overrides: Partial<EntryContext>): EntryContext => ({
    search: "", referrer: "", origin: "https://www.example.com", pathname: "/", hasRefererCookie: false, ...overrides,
  });

  it("records the invitation code and the referer cookie for a campaign link", () => {
    const plan = planReferralCookies(entry({ search: "?code=AB12&t=wx", referrer: "https://weibo.com/x", pathname: "/price" }));
    expect(plan).toEqual({
      inviteCode: "AB12",
      referer: { TParam: "wx", QuestionParam: { code: "AB12", t: "wx" }, Referer: "https://weibo.com/x", cUrl: "https://www.example.com/price" },
    });
  });

  it("records a campaign even when a referer cookie exists", () => {
    expect(planReferralCookies(entry({ search: "?t=mail", hasRefererCookie: true })).referer?.TParam).toBe("mail");
  });

  it("does not overwrite an existing referer cookie on internal navigation", () => {
    const plan = planReferralCookies(entry({ referrer: "https://www.example.com/god", hasRefererCookie: true }));
    expect(plan).toEqual({ inviteCode: null, referer: null });
  });

  it("records a landing from another site when no referer cookie exists", () => {
    const plan = planReferralCookies(entry({ referrer: "https://www.baidu.com/s?wd=x" }));
    expect(plan.referer).toMatchObject({ TParam: "", Referer: "https://www.baidu.com/s?wd=x" });
  });

  it("records nothing for a direct visit without parameters", () => {
    expect(planReferralCookies(entry({}))).toEqual({ inviteCode: null, referer: null });
  });

  propTest.prop([fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), fc.boolean()])(
    "never throws on arbitrary input",
    (search, referrer, hasRefererCookie) => {
      planReferralCookies(entry({ search, referrer, hasRefererCookie }));
    },
  );

  propTest.prop([
    fc.dictionary(fc.string({ unit: "grapheme", maxLength: 300 }), fc.string({ unit: "grapheme", maxLength: 300 }), { maxKeys: 40 }),
    fc.string({ unit: "grapheme", maxLength: 600 }),
  ])("keeps the referer cookie within its size budget", (query, tracking) => {
    const search = new URLSearchParams({ ...query, t: tracking || "x" }).toString();
    const plan = planReferralCookies(entry({ search, referrer: `https://other.example/${"长".repeat(400)}` }));
    expect(plan.referer).not.toBeNull();
    expect(encodedRecordLength(plan.referer!)).toBeLessThanOrEqual(REFERER_COOKIE_BUDGET);
  });
});
