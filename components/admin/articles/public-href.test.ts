import { articlePublicHref } from "./public-href";

const G = "5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f";

describe("articlePublicHref", () => {
  it("sends a blog post to its author's blog whatever its status, an article to /info/detail once published", () => {
    expect(articlePublicHref({ infoguid: G, type: "blog", status: "hidden", authorId: "u1" })).toBe(`/user/blog/u1/${G}`);
    expect(articlePublicHref({ infoguid: G, type: "blog", status: "published", authorId: null })).toBeNull();
    expect(articlePublicHref({ infoguid: G, type: "case", status: "published", authorId: "u1" })).toBe(`/info/detail/${G}`);
    expect(articlePublicHref({ infoguid: G, type: "video", status: "draft", authorId: null })).toBeNull();
  });
});
