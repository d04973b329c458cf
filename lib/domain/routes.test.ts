import fc from "fast-check";
import { matchRoute, routeParams } from "./routes";

const GUID = "0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10";

describe("matchRoute", () => {
  it.each([
    ["/", "newhome"], ["/god", "Home"], ["/test", "test"], [`/test/${GUID}/2024-03-01`, "test"],
    [`/detail/${GUID}`, "detail"], [`/detail/${GUID}/2024-02-29/600519/week`, "detail"],
    ["/login", "login"], ["/login/AB12CD", "login"], ["/list/god", "type"], ["/list/quant/3", "type"],
    ["/list/case/2", "type"], ["/user/account", "account"], ["/user/blog", "blog"], [`/user/blog/${GUID}/new`, "blog"],
    [`/user/${GUID}/2`, "user"], ["/user", "user"], ["/search/贵州茅台", "search"], ["/rank/2024-05-06/week/loss", "rank"],
    ["/rank/2024-05-06/day/profit/passed", "rank"],
    ["/loss-tracker/2024-05-06", "loss"], ["/info/video", "info"], [`/info/detail/${GUID}`, "infodeail"],
    [`/analysis/${GUID}/monthly/2024`, "analysis"], ["/recs/AB12CD/%E5%B0%8F%E6%98%8E", "recs"], ["/error/503", "error"],
    ["/stripePay/result", "stripePayResult"], ["/pay/result", "payResult"], ["/quant/realtrade", "realtrade"],
    ["/admin", "admin"], ["/admin/members", "adminMembers"], [`/admin/members/${GUID}`, "adminMember"],
    ["/admin/traders", "adminMasters"], [`/admin/traders/${GUID}`, "adminMaster"],
    ["/admin/strategies", "adminStrategies"], ["/admin/plans", "adminPlans"], [`/admin/strategies/${GUID}`, "adminStrategy"],
    ["/admin/articles", "adminArticles"], ["/admin/articles/new", "adminArticleNew"], [`/admin/articles/${GUID}`, "adminArticle"],
  ])("%s is route %s", (path, name) => {
    expect(matchRoute(path)).toMatchObject({ status: "ok", name });
  });

  it.each([
    ["/detail/not-a-guid", ""], [`/detail/${GUID}/2023-02-29`, ""], [`/detail/${GUID}/2024-13-01`, ""],
    [`/detail/${GUID}/20240301`, ""], [`/detail/${GUID}/2024-03-01/60051`, ""], [`/detail/${GUID}/2024-03-01/600519/year`, ""],
    ["/list/other", ""], ["/list/god/0", "?x=1"], ["/list/god/-1", ""], ["/list/god/1.5", ""], ["/list/god/01", ""],
    ["/rank/2024-05-06/month", ""], ["/rank/2024-05-06/day/profit/failed", ""], ["/info/detail", ""], ["/user/account/extra", ""], ["/error/418", ""],
    [`/analysis/${GUID}/weird`, ""], ["/login/a", ""], ["/admin/members/not-a-guid", "?q=1"], ["/admin/members/12345", ""], ["/admin/traders/12345", ""],
  ])("%s fails its validate rule with the full path", (path, search) => {
    expect(matchRoute(path, search)).toEqual(
      expect.objectContaining({ status: "invalid", message: `Page Not Found: ${path}${search}` }),
    );
  });

  it.each(["/nope", "/god/extra", "/admin/other", `/admin/members/${GUID}/grants`, "/quant/unknown", "/list", `/detail/${GUID}/2024-03-01/600519/day/more`, "/rank/2024-05-06/day/profit/passed/more", "/%E0%A4%A"])(
    "%s matches no route",
    (path) => {
      expect(matchRoute(path, "?q=1")).toEqual({ status: "unmatched", message: `Page not found: ${path}` });
    },
  );

  it("never throws and always decides", () => {
    fc.assert(
      fc.property(fc.webPath(), fc.string(), (path, search) => {
        const m = matchRoute(path.startsWith("/") ? path : `/${path}`, search);
        expect(["ok", "invalid", "unmatched"]).toContain(m.status);
      }),
      { numRuns: 2000 },
    );
  });

  it("gives pages their typed parameters", () => {
    expect(routeParams("detail", ["detail", GUID, "2024-02-29"])).toEqual({ guid: GUID, date: "2024-02-29" });
    expect(routeParams("detail", ["detail", "x"])).toBeNull();
    expect(routeParams("recs", ["recs", "ABCD2345", "%E5%B0%8F%E6%98%8E"])).toEqual({ invitationcode: "ABCD2345", nickname: "小明" });
    expect(routeParams("recs", ["recs", "ABCD2345", "小明"])).toEqual({ invitationcode: "ABCD2345", nickname: "小明" });
    expect(routeParams("adminMember", ["admin", "members", GUID])).toEqual({ uguid: GUID });
    expect(routeParams("adminMember", ["admin", "members", "x"])).toBeNull();
    expect(routeParams("rank", ["rank", "2024-05-06", "week", "stocks", "passed"])).toEqual({ date: "2024-05-06", week: "week", show: "stocks", audit: "passed" });
    expect(routeParams("rank", ["rank", "2024-05-06", "week", "stocks", "all"])).toBeNull();
  });
});
