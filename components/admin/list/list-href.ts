/** An admin list's URL with its filters and page: empty filters and page 1 are left out (`/admin/members?q=x&page=2`). */
export function listHref(path: string, filters: Record<string, string | number | null | undefined>, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
