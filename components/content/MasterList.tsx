import Link from "@/components/ui/Link";
import { DemoBadge, DemoSectionNote } from "./DemoBadge";
import { demoLabelling } from "@/lib/domain/demo-labels";

export interface MasterListItem {
  guid: string;
  name: string;
  bio: string;
  avatarUrl: string;
  styleTags: string[];
  isDemo: boolean;
}

export function MasterAvatar({ name, avatarUrl, size = 48 }: { name: string; avatarUrl: string; size?: number }) {
  if (avatarUrl) {
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={avatarUrl} alt={name} width={size} height={size} className="shrink-0 rounded-full object-cover" />;
  }
  return (
    <span
      aria-hidden
      style={{ width: size, height: size }}
      className="flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-blue-600 to-indigo-500 text-lg font-semibold text-white"
    >
      {[...name][0]}
    </span>
  );
}

/** A master's name as a card's heading, with 演示数据 when the list labels its demo rows one by one. */
export function MasterName({ name, demo }: { name: string; demo: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="font-semibold text-slate-900">{name}</span>
      {demo ? <DemoBadge /> : null}
    </div>
  );
}

/** Masters with their profile; trade figures join in once their statements are imported. */
export function MasterList({ items }: { items: MasterListItem[] }) {
  const demoRows = demoLabelling(items).rows;
  return (
    <>
      <DemoSectionNote items={items} />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((m) => (
          <li key={m.guid}>
            <Link prefetch={false} href={`/detail/${m.guid}`} className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-300">
              <MasterAvatar name={m.name} avatarUrl={m.avatarUrl} />
              <div className="min-w-0">
                <MasterName name={m.name} demo={demoRows && m.isDemo} />
                <p className="mt-1 line-clamp-2 text-sm text-slate-500">{m.bio}</p>
                <div className="mt-2 flex flex-wrap gap-1">
                  {m.styleTags.map((t) => (
                    <span key={t} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{t}</span>
                  ))}
                </div>
                <p className="mt-2 text-xs text-slate-500">暂无已导入的交割单</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
