/** Every URL form the audit tried, and more, of each gated page (ADR 0029). */
export function urlFormsOf(page: string): string[] {
  const [first, ...rest] = page.slice(1).split("/");
  const encodeFirstChar = (s: string) => `%${s.charCodeAt(0).toString(16)}${s.slice(1)}`;
  return [
    page, `${page}/`, `${page}//`, `/${page}`, page.replace("/", "//"),
    `${page}.rsc`, `${page}.prefetch.rsc`, `${page}.prefetch`, `${page}.anything`, `${page}.segments/_tree.segment.rsc`, `${page}.segments/_full.segment.rsc`,
    `${page}.segments${page}/__PAGE__.segment.rsc`, `${page}.segments/$c$children/__PAGE__.segment.rsc`,
    `/${encodeFirstChar(first!)}${rest.length ? "/" + rest.join("/") : ""}`,
    rest.length ? `/${first}/${encodeFirstChar(rest.join("/"))}` : `/${first}%2F`,
    `/${first}${rest.map((r) => "%2F" + r).join("")}`, `/${first}${rest.map((r) => "%2f" + r).join("")}`,
    `/${encodeURIComponent("%" + first!.charCodeAt(0).toString(16))}${first!.slice(1)}${rest.length ? "/" + rest.join("/") : ""}`,
    page.toUpperCase(), page.replace(/\b\w/g, (c) => c.toUpperCase()), page.replace(/\//g, "\\"),
    `${page}/.`, `/user/../${page.slice(1)}`, `/./${page.slice(1)}`, `${page}/x/..`, page.replace(/\//g, "/%2e/"),
  ];
}
