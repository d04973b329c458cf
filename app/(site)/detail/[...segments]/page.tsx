import type { Metadata } from "next";
import { validatedParams } from "@/lib/server/routing";
import { DetailPage, detailTitle } from "../../_views/DetailPage";

type Props = { params: Promise<{ segments: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { segments } = await params;
  const title = await detailTitle(validatedParams("detail", ["detail", ...segments]).guid);
  return { title, description: `${title}：逐笔成交、K线买卖点、盈亏与持股天数。` };
}

export default async function Detail({ params }: Props) {
  const { segments } = await params;
  return <DetailPage params={validatedParams("detail", ["detail", ...segments])} />;
}
