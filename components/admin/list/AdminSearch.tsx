/** The search box of an admin list: a GET form to the list itself, so the query lives in the URL (`?q=…`). */
export function AdminSearch({ action, id, label, query, maxLength }: {
  /** the list's path, e.g. /admin/members */
  action: string;
  id: string;
  /** the box's accessible name and placeholder */
  label: string;
  query: string;
  maxLength: number;
}) {
  return (
    <form role="search" action={action} method="get" className="mb-4 flex gap-2">
      <label htmlFor={id} className="sr-only">{label}</label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={query}
        maxLength={maxLength}
        placeholder={label}
        className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base outline-none focus:border-brand"
      />
      <button type="submit" className="inline-flex h-11 shrink-0 items-center rounded-lg bg-brand px-4 font-medium text-white">搜索</button>
    </form>
  );
}
