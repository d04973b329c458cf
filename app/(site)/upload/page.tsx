import type { Metadata } from "next";
import { Card, PageIntro } from "@/components/content/PageIntro";

export const metadata: Metadata = { title: "上传交割单", description: "上传券商导出的交割单（CSV、TXT、XLS、XLSX，GBK 或 UTF-8），自动识别格式并分析盈亏。" };

const BROKERS = ["同花顺", "通达信", "东方财富", "华泰", "海通", "国泰君安", "中信", "招商", "银河", "国金", "浙商", "中银国际", "华宝"];

export default function UploadPage() {
  return (
    <>
      <PageIntro title="上传交割单">从券商客户端导出交割单后上传，系统识别格式、逐行校验，再计算每笔交易的盈亏。</PageIntro>
      <Card>
        <p className="font-medium text-slate-800">交割单导入尚未开放</p>
        <p className="mt-2 text-sm text-slate-600">开放后将支持以下券商与软件的导出格式（CSV、TXT、XLSX，GBK 或 UTF-8）：</p>
        <ul className="mt-3 flex flex-wrap gap-2">
          {BROKERS.map((b) => (
            <li key={b} className="rounded bg-slate-100 px-2 py-1 text-sm text-slate-600">{b}</li>
          ))}
        </ul>
      </Card>
    </>
  );
}
