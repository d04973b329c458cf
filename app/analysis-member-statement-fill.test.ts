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
import { roundTripBytes } from "@/lib/server/statements/round-trip-csv.test-support";
import AnalysisPage from "./(site)/analysis/[guid]/[[...rest]]/page";

let requestHeaders = new Headers();
jest.mock("next/headers", () => ({
  cookies: async () => ({ get: () => undefined, getAll: () => [] }),
  headers: async () => requestHeaders,
}));
process.env.LOG_LEVEL = "silent";


describeOnEachEngine("a member's public statement's analysis", () => {
  it("is shown to a visitor and refused to the render for the page cache", async () => {
    const owner = await createUser({ email: `fill-${randomUUID().slice(0, 8)}@example.com` });
    const viewer = { userId: owner.id, role: "member" as const, userInfo: { levelId: 0 } as UserInfo };
    const { statementId } = await saveOwnStatement(viewer, roundTripBytes(), "公开的.csv", true);
    const props = { params: Promise.resolve({ guid: statementId }), searchParams: Promise.resolve({}) };

    requestHeaders = new Headers({ "user-agent": "Mozilla/5.0", "x-lianghua-peer": "10.26.0.1" });
    await expect(AnalysisPage(props)).resolves.toBeTruthy();

    requestHeaders = new Headers({ "user-agent": "Mozilla/5.0", "x-lianghua-peer": "127.0.0.1", [PAGE_FILL_HEADER]: "the-fill-secret" });
    await expect(AnalysisPage(props)).rejects.toMatchObject({ digest: expect.stringMatching(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/) });
  });
});
