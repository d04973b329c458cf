import { NextResponse } from "next/server";
import { currentBuildId } from "@/lib/server/build-info";

export const dynamic = "force-dynamic";

/** `/builds/meta/{buildId}.json`: the manifest of the running build; other ids are unknown here. */
export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const id = currentBuildId();
  if (file !== `${id}.json`) return NextResponse.json({ message: "请求地址不存在" }, { status: 404 });
  return NextResponse.json({ id }, { headers: { "Cache-Control": "public, max-age=31536000, immutable" } });
}
