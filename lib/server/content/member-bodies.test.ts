import { randomUUID } from "node:crypto";
import { describeOnEachEngine } from "@/lib/db/test-support";
import * as paywall from "@/lib/domain/paywall";
import type { Viewer } from "@/lib/server/auth/viewer";
import { createBlogPost } from "@/lib/server/blog/posts";
import { membershipOf } from "@/lib/server/members/grants";
import { toUserInfo } from "@/lib/server/members/user-info";
import { createUser } from "@/lib/server/members/users";
import { articleForViewer, relatedArticles } from "./articles";

// The paywall's parser, watched: a member's body must never reach it (only the budgeted render may lay it out).
jest.mock("@/lib/domain/paywall", () => {
  const actual = jest.requireActual<typeof import("@/lib/domain/paywall")>("@/lib/domain/paywall");
  return { ...actual, plainText: jest.fn(actual.plainText), leadIn: jest.fn(actual.leadIn) };
});

/** Saves within the save budget, then took 1.4 s of the event loop when its article page parsed it again. */
const SLOW_TO_PARSE = `${"*".repeat(3000)}a${"*".repeat(3000)}`;

async function author(): Promise<Viewer> {
  const user = await createUser({ email: `bodies-${randomUUID().slice(0, 8)}@example.com` });
  return { userId: user.id, role: user.role, userInfo: toUserInfo(user, await membershipOf(user.id)) };
}

describeOnEachEngine("members' bodies on article pages", () => {
  it("never reach the paywall's parser: the description and related snippets come from the budgeted render", async () => {
    // two posts (two authors: publishing is rate-limited per member), so the related list holds the other one
    const first = await createBlogPost(await author(), { title: "星号", body: SLOW_TO_PARSE, publish: true });
    await createBlogPost(await author(), { title: "星号二", body: SLOW_TO_PARSE, publish: true });
    jest.mocked(paywall.plainText).mockClear();
    jest.mocked(paywall.leadIn).mockClear();

    const article = await articleForViewer(first.infoguid, null);
    expect(article).not.toBeNull();
    expect(typeof article!.description).toBe("string");
    await relatedArticles(article!, null, 4);

    const parsed = [...jest.mocked(paywall.plainText).mock.calls, ...jest.mocked(paywall.leadIn).mock.calls].map(([source]) => source);
    // the stored summary (120 characters of it) may be read as Markdown; the body itself never
    expect(parsed.filter((source) => source.includes(SLOW_TO_PARSE.slice(0, 1000))).length).toBe(0);
  }, 60_000);
});
