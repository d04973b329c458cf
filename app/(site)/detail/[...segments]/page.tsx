import type { Metadata } from "next";
import { validatedParams } from "@/lib/server/routing";
import { DetailPage, detailMetadata } from "../../_views/DetailPage";

type Props = { params: Promise<{ segments: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { segments } = await params;
  return detailMetadata(validatedParams("detail", ["detail", ...segments]).guid);
}

export default async function Detail({ params }: Props) {
  const { segments } = await params;
  return <DetailPage params={validatedParams("detail", ["detail", ...segments])} />;
}
