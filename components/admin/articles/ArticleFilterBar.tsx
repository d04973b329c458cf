import Link from "@/components/ui/Link";
import { Button } from "@/components/ui/Button";
import { fieldClass } from "@/components/ui/form/input-class";
import { LEVEL_LABELS, STATUS_LABELS, TYPE_LABELS } from "./articles-api";

/** The filters of /admin/articles as a GET form: type, status, level and title, kept in the URL. */
export function ArticleFilterBar({ filters }: { filters: { type?: string; status?: string; level?: string; q?: string } }) {
  return (
    <form method="get" action="/admin/articles" className="mb-5 grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="筛选文章">
      <label className="text-sm text-slate-600">
        类型
        <select name="type" defaultValue={filters.type ?? ""} className={`${fieldClass} mt-1 h-10`}>
          <option value="">全部</option>
          {Object.entries(TYPE_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </label>
      <label className="text-sm text-slate-600">
        状态
        <select name="status" defaultValue={filters.status ?? ""} className={`${fieldClass} mt-1 h-10`}>
          <option value="">全部</option>
          {Object.entries(STATUS_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </label>
      <label className="text-sm text-slate-600">
        等级
        <select name="level" defaultValue={filters.level ?? ""} className={`${fieldClass} mt-1 h-10`}>
          <option value="">全部</option>
          {[0, 100, 200].map((l) => <option key={l} value={l}>{LEVEL_LABELS[l]}</option>)}
        </select>
      </label>
      <label className="text-sm text-slate-600">
        标题包含
        <input name="q" defaultValue={filters.q ?? ""} maxLength={50} className={`${fieldClass} mt-1 h-10`} />
      </label>
      <div className="col-span-2 flex items-end gap-2 sm:col-span-1">
        <Button type="submit" size="sm" className="flex-1">筛选</Button>
        <Link href="/admin/articles" className="inline-flex min-h-10 items-center px-2 text-sm text-slate-500 hover:text-brand">清除</Link>
      </div>
    </form>
  );
}
