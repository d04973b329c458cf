import Link from "@/components/ui/Link";

/** Rows of several strategies (the 实盘 page, the follow page) carry the strategy they belong to. */
export interface StrategyRef {
  strategyName?: string;
  strategyHref?: string | null;
}

export function hasStrategyColumn(rows: readonly StrategyRef[], show?: boolean): boolean {
  return show ?? rows.some((r) => Boolean(r.strategyName));
}

export function StrategyName({ name, href, className }: { name?: string; href?: string | null; className?: string }) {
  if (!name) return <span className="text-slate-500">—</span>;
  return href ? (
    <Link prefetch={false} href={href} className={className ?? "text-slate-700 hover:text-brand hover:underline"}>
      {name}
    </Link>
  ) : (
    <span className={className ?? "text-slate-700"}>{name}</span>
  );
}

/** `贵州茅台(600519)` from a name and `600519.SH` (or a bare code). */
export function stockLabel(name: string, code: string): string {
  const short = /^\d{6}/.test(code) ? code.slice(0, 6) : code;
  return name ? `${name}(${short})` : short;
}
