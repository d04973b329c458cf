import Cookies from "js-cookie";
import { captureReferral, readInviteCode, readRefererRecord, rememberInviteCode } from "./referral";

const at = (search: string, pathname = "/price") => ({ search, origin: "https://www.example.com", pathname });
const cookieSetSpy = () => jest.spyOn(Cookies, "set");

beforeEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: "/" });
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
    expect(set).toHaveBeenCalledWith("cfc_inv", "AB12", expect.objectContaining({ expires: 7, path: "/" }));
    expect(set).toHaveBeenCalledWith("cfc.lianghua.referer", expect.any(String), expect.objectContaining({ expires: 3, path: "/" }));
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
