import Link from "@/components/ui/Link";
import type { ReactNode } from "react";
import { DemoBadge } from "./DemoBadge";

/** The first cell of an admin list's row: the name linking to the item's page, 演示数据, and a grey line under it. */
export function NameCell({ href, name, isDemo, note }: { href: string; name: string; isDemo: boolean; note: ReactNode }) {
  return (
    <>
      <Link prefetch={false} href={href} className="font-medium text-brand hover:underline">{name}</Link>
      {isDemo ? <DemoBadge /> : null}
      {note === null ? null : <div className="text-xs text-slate-500">{note}</div>}
    </>
  );
}
