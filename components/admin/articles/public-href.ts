/**
 * Where readers see an article: a member's blog post on its author's blog (whatever its status: a hidden post stays
 * visible to its author there), an editor's article at /info/detail once published; null when there is no such page.
 */
export function articlePublicHref(a: { infoguid: string; type: string; status: string; authorId: string | null }): string | null {
  if (a.type === "blog") return a.authorId ? `/user/blog/${a.authorId}/${a.infoguid}` : null;
  return a.status === "published" ? `/info/detail/${a.infoguid}` : null;
}
