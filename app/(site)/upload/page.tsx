import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { StatementUpload } from "@/components/upload/StatementUpload";
import { formatDateTime } from "@/lib/domain/format";
import { getViewer } from "@/lib/server/auth/viewer";
import { myStatements } from "@/lib/server/statements/own";

export const metadata: Metadata = { title: "上传交割单", description: "上传券商导出的交割单（CSV、TXT、XLS、XLSX，GBK 或 UTF-8），自动识别格式并分析盈亏。" };

const BROKERS = ["同花顺", "通达信", "东方财富", "华泰", "海通", "国泰君安", "中信", "招商", "银河", "国金", "浙商", "中银国际", "华宝"];

export default async function UploadPage() {
  const viewer = await getViewer();
  const mine = viewer ? await myStatements(viewer) : [];
  return (
    <>
      <PageIntro title="上传交割单">从券商客户端导出交割单后上传，系统识别格式、逐行校验，再计算每笔交易的盈亏。</PageIntro>
      <StatementUpload canSave={!!viewer} loginHref="/login?r=%2Fupload" />
      <Section title="支持的格式">
        <Card>
          <ul className="flex flex-wrap gap-2">
            {BROKERS.map((b) => (
              <li key={b} className="rounded bg-slate-100 px-2 py-1 text-sm text-slate-600">{b}</li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-600">
            在交易软件中打开「查询 → 历史交割单（或交割单、资金流水）」，选择时间范围后导出为 Excel 或文本文件即可；其他券商只要表头包含成交日期、证券代码、买卖方向、成交数量、成交价格等常见列也能识别。
            真正的 Excel 97-2003（.xls）二进制文件请另存为 .xlsx 或文本文件后上传。
          </p>
        </Card>
      </Section>
      {mine.length ? (
        <Section title="我的交割单">
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
            {mine.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <Link className="font-medium text-slate-900 hover:text-brand" href={`/analysis/${s.id}`}>{s.title || s.fileName}</Link>
                <span className="text-xs text-slate-500">
                  {s.formatLabel} · {s.fillCount} 笔成交 · {s.isPublic ? "已公开" : "仅自己可见"} · {formatDateTime(s.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}
