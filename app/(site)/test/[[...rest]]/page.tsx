import type { Metadata } from "next";
import { validatedParams } from "@/lib/server/routing";
import { DetailPage, detailMetadata } from "../../_views/DetailPage";
import { HomePage, type SearchParams } from "../../_views/HomePage";

type Props = { params: Promise<{ rest?: string[] }>; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { rest = [] } = await params;
  // the home page under another address (SPEC's /test): its canonical is / (docs/adr/0082)
  if (rest.length === 0) return { alternates: { canonical: "/" } };
  return detailMetadata(validatedParams("test", ["test", ...rest]).guid);
}

/** `/test` shows the home page; `/test/{guid}/…` the detail page. */
export default async function Test({ params, searchParams }: Props) {
  const { rest = [] } = await params;
  if (rest.length === 0) return <HomePage searchParams={searchParams} />;
  return <DetailPage params={validatedParams("test", ["test", ...rest])} base="/test" />;
}
