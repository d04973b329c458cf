/**
 * A member's statement moves none of the page cache's data versions (docs/adr/0071), so no render of its analysis may
 * be kept by the cache: the visitor's render for the cache is refused (a 404 the cache remembers, docs/adr/0065)
 * while a visitor's own request still shows the public statement.
 */
import { randomUUID } from "node:crypto";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { PAGE_FILL_HEADER } from "@/lib/domain/page-cache";
import type { UserInfo } from "@/lib/domain/user-info";
import { createUser } from "@/lib/server/members/users";
import { saveOwnStatement } from "@/lib/server/statements/own";
import AnalysisPage from "./(site)/analysis/[guid]/[[...rest]]/page";

let requestHeaders = new Headers();
jest.mock("next/headers", () => ({
  cookies: async () => ({ get: () => undefined, getAll: () => [] }),
  headers: async () => requestHeaders,
}));
process.env.LOG_LEVEL = "silent";

const STATEMENT_CSV = [
  "成交日期,成交时间,证券代码,证券名称,操作,成交数量,成交均价,成交金额,发生金额,手续费,印花税",
  "20240102,09:35:00,600519,贵州茅台,证券买入,100,1700.00,170000.00,-170005.00,5.00,0.00",
  "20240103,10:01:00,600519,贵州茅台,证券卖出,100,1710.00,171000.00,170824.00,5.00,171.00",
].join("\n");

describeOnEachEngine("a member's public statement's analysis", () => {
  it("is shown to a visitor and refused to the render for the page cache", async () => {
    const owner = await createUser({ email: `fill-${randomUUID().slice(0, 8)}@example.com` });
    const viewer = { userId: owner.id, role: "member" as const, userInfo: { levelId: 0 } as UserInfo };
    const { statementId } = await saveOwnStatement(viewer, new TextEncoder().encode(STATEMENT_CSV), "公开的.csv", true);
    const props = { params: Promise.resolve({ guid: statementId }), searchParams: Promise.resolve({}) };

    requestHeaders = new Headers({ "user-agent": "Mozilla/5.0", "x-lianghua-peer": "10.26.0.1" });
    await expect(AnalysisPage(props)).resolves.toBeTruthy();

    requestHeaders = new Headers({ "user-agent": "Mozilla/5.0", "x-lianghua-peer": "127.0.0.1", [PAGE_FILL_HEADER]: "the-fill-secret" });
    await expect(AnalysisPage(props)).rejects.toMatchObject({ digest: expect.stringMatching(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/) });
  });
});
