import { NextRequest } from "next/server";
import { INVITE_COOKIE, REFERER_COOKIE } from "@/lib/domain/site";
import { proxy } from "@/proxy";

process.env.LOG_LEVEL = "silent";
const ORIGIN = "http://localhost:3000";
const DOCUMENT = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

const answer = (path: string, headers: Record<string, string> = {}) => proxy(new NextRequest(ORIGIN + path, { headers: { ...DOCUMENT, ...headers } }));

describe("proxy: the entry request's own answer records the referral (no script needed)", () => {
  it("sets cfc_inv and the referral record for an invitation link on any page", () => {
    const res = answer("/?code=ABCD2345&t=wx", { referer: "https://mp.weixin.qq.com/s/abc" });
    expect(res.cookies.get(INVITE_COOKIE)).toMatchObject({ value: "ABCD2345", path: "/", sameSite: "lax", maxAge: 7 * 86400 });
    const record = JSON.parse(res.cookies.get(REFERER_COOKIE)!.value);
    expect(record).toEqual({ TParam: "wx", QuestionParam: { code: "ABCD2345", t: "wx" }, Referer: "https://mp.weixin.qq.com/s/abc", cUrl: `${ORIGIN}/` });
    expect(res.cookies.get(REFERER_COOKIE)!.maxAge).toBe(3 * 86400);
    expect(res.cookies.get(INVITE_COOKIE)!.httpOnly ?? false).toBe(false); // the page's script reads it
  });

  it("keeps an earlier attribution on internal navigation, and sets nothing for a router fetch", () => {
    expect(answer("/god", { referer: `${ORIGIN}/` }).cookies.get(REFERER_COOKIE)).toBeUndefined();
    expect(answer("/god", { referer: "https://www.baidu.com/", cookie: `${REFERER_COOKIE}=x` }).cookies.get(REFERER_COOKIE)).toBeUndefined();
    expect(answer("/?code=ABCD2345", { accept: "*/*" }).cookies.get(INVITE_COOKIE)).toBeUndefined();
    expect(answer("/?code=bad%20code").cookies.get(INVITE_COOKIE)).toBeUndefined();
  });
});
