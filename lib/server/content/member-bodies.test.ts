import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import * as paywall from "@/lib/domain/paywall";
import { createUser } from "@/lib/server/members/users";
import { articleForViewer, relatedArticles } from "./articles";

// The paywall's parser, watched: a member's body must never reach it (only the budgeted render may lay it out).
jest.mock("@/lib/domain/paywall", () => {
  const actual = jest.requireActual<typeof import("@/lib/domain/paywall")>("@/lib/domain/paywall");
  return { ...actual, plainText: jest.fn(actual.plainText), leadIn: jest.fn(actual.leadIn) };
});

/** Saves within the save budget, then took 1.4 s of the event loop when its article page parsed it again. */
const SLOW_TO_PARSE = `${"*".repeat(3000)}a${"*".repeat(3000)}`;

/**
 * A published post with that body, as the blog's save stores it when the machine is quick enough to pass the save
 * budget (stored directly: whether a loaded test machine passes that budget is not what is tested here), and with no
 * stored summary, so the page has to describe the body itself.
 */
async function publishedPost(title: string): Promise<string> {
  const user = await createUser({ email: `bodies-${randomUUID().slice(0, 8)}@example.com` });
  const [row] = await (await db()).insert(articles)
    .values({ type: "blog", title, body: SLOW_TO_PARSE, summary: "", authorId: user.id, minLevel: 0, status: "published", publishedAt: new Date() })
    .returning({ infoguid: articles.infoguid });
  return row!.infoguid;
}

describeOnEachEngine("members' bodies on article pages", () => {
  it("never reach the paywall's parser: the description and related snippets come from the budgeted render", async () => {
    // two posts, so the related list holds the other one
    const first = await publishedPost("星号");
    await publishedPost("星号二");
    jest.mocked(paywall.plainText).mockClear();
    jest.mocked(paywall.leadIn).mockClear();

    const article = await articleForViewer(first, null);
    expect(article).not.toBeNull();
    expect(typeof article!.description).toBe("string");
    await relatedArticles(article!, null, 4);

    const parsed = [...jest.mocked(paywall.plainText).mock.calls, ...jest.mocked(paywall.leadIn).mock.calls].map(([source]) => source);
    // the stored summary (120 characters of it) may be read as Markdown; the body itself never
    expect(parsed.filter((source) => source.includes(SLOW_TO_PARSE.slice(0, 1000))).length).toBe(0);
  }, 60_000);
});
