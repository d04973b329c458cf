import { getCookies, deleteCookie } from "cookies-next/client";
import { captureReferral, readInviteCode, readRefererRecord, rememberInviteCode } from "./referral";

const at = (search: string, pathname = "/price") => ({ search, origin: "https://www.example.com", pathname });
const cookieSetSpy = () => jest.spyOn(Document.prototype, "cookie", "set");
const written = (set: jest.SpyInstance, name: string) => set.mock.calls.map((call) => String(call[0])).find((c) => c.startsWith(`${name}=`));
/** Days from now to the Expires attribute of a string written to document.cookie. */
const daysUntilExpiry = (cookie: string | undefined) => (Date.parse(/Expires=([^;]+)/.exec(cookie ?? "")?.[1] ?? "") - Date.now()) / 86_400_000;

beforeEach(() => {
  for (const name of Object.keys(getCookies() ?? {})) deleteCookie(name, { path: "/" });
  jest.restoreAllMocks();
});

describe("captureReferral", () => {
  it("stores the invitation code for 7 days and the tracking cookie for 3 days", () => {
    const set = cookieSetSpy();
    captureReferral(at("?code=AB12&t=wx"), "https://weibo.com/");
    expect(readInviteCode()).toBe("AB12");
    expect(readRefererRecord()).toEqual({
      TParam: "wx", QuestionParam: { code: "AB12", t: "wx" }, Referer: "https://weibo.com/", cUrl: "https://www.example.com/price",
    });
    expect(written(set, "cfc_inv")).toMatch(/^cfc_inv=AB12; .*Path=\/; .*SameSite=Lax/);
    expect(daysUntilExpiry(written(set, "cfc_inv"))).toBeCloseTo(7, 2);
    expect(written(set, "cfc.lianghua.referer")).toMatch(/Path=\/; .*SameSite=Lax/);
    expect(daysUntilExpiry(written(set, "cfc.lianghua.referer"))).toBeCloseTo(3, 2);
  });

  it("takes the code carried inside r", () => {
    captureReferral(at(`?r=${encodeURIComponent("/user/invite?code=XY9")}`), "");
    expect(readInviteCode()).toBe("XY9");
  });

  it("keeps the recorded attribution on internal navigation without code or t", () => {
    captureReferral(at("?t=mail"), "https://mail.example.org/");
    captureReferral(at("", "/god"), "https://www.example.com/price");
    expect(readRefererRecord()?.TParam).toBe("mail");
  });

  it("writes nothing for a direct visit", () => {
    const set = cookieSetSpy();
    captureReferral(at(""), "");
    expect(set).not.toHaveBeenCalled();
  });
});

describe("rememberInviteCode", () => {
  it("stores a code from a landing page path", () => {
    rememberInviteCode("RECS1");
    expect(readInviteCode()).toBe("RECS1");
  });
});
