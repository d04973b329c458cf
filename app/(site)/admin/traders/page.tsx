import type { Metadata } from "next";
import Link from "next/link";
import { MasterForm } from "@/components/admin/traders/MasterForm";
import { cellClass, tableClass, tableWrapClass, theadClass } from "@/components/admin/labels";
import { EmptyState } from "@/components/content/EmptyState";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { formatDate } from "@/lib/domain/format";
import { requireEditorRights } from "@/lib/server/auth/gate";
import { adminMasterList } from "@/lib/server/statements/admin-list";

export const metadata: Metadata = { title: "大神管理", robots: { index: false } };

export default async function AdminTradersPage() {
  const viewer = await requireEditorRights();
  const masters = await adminMasterList(viewer);

  return (
    <>
      <PageIntro title="大神管理" aside={<Link href="/admin" className="text-sm text-brand hover:underline">返回管理后台</Link>}>
        创建大神、上传交割单、延迟公开与交易日点评
      </PageIntro>

      <Section title={`大神（${masters.length}）`}>
        {masters.length === 0 ? (
          <EmptyState title="还没有大神">在下方新建一位大神，再上传其交割单。</EmptyState>
        ) : (
          <div className={tableWrapClass}>
            <table className={`${tableClass} min-w-[720px]`} data-testid="admin-masters">
              <thead className={theadClass}>
                <tr>
                  <th className={cellClass}>名称</th>
                  <th className={`${cellClass} text-right`}>交割单</th>
                  <th className={`${cellClass} text-right`}>已公开</th>
                  <th className={`${cellClass} text-right`}>草稿</th>
                  <th className={cellClass}>延迟公开</th>
                  <th className={cellClass}>创建日期</th>
                  <th className={cellClass}>操作</th>
                </tr>
              </thead>
              <tbody>
                {masters.map((m) => (
                  <tr key={m.guid} className="border-t border-slate-100 align-top" data-testid="admin-master-row">
                    <td className={cellClass}>
                      <Link href={`/admin/traders/${m.guid}`} className="font-medium text-brand hover:underline">{m.name}</Link>
                      {m.isDemo ? <span className="ml-1.5 whitespace-nowrap rounded bg-amber-50 px-1.5 py-px text-xs text-amber-800">演示数据</span> : null}
                      {m.styleTags.length > 0 ? <div className="text-xs text-slate-500">{m.styleTags.join(" · ")}</div> : null}
                    </td>
                    <td className={`${cellClass} text-right tabular-nums`}>{m.statements}</td>
                    <td className={`${cellClass} text-right tabular-nums`}>{m.published}</td>
                    <td className={`${cellClass} text-right tabular-nums`}>{m.drafts}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>{m.disclosureDelayDays === 0 ? "即时公开" : `${m.disclosureDelayDays} 个交易日`}</td>
                    <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{formatDate(m.createdAt)}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>
                      <Link href={`/admin/traders/${m.guid}`} className="text-brand hover:underline" aria-label={`编辑 ${m.name}`}>编辑</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>

      <Section title="新建大神">
        <Card>
          <MasterForm />
        </Card>
      </Section>
    </>
  );
}
