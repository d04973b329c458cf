import { NextResponse } from "next/server";
import { z } from "zod";
import { currentBuildId } from "@/lib/server/build-info";
import { AppError, route } from "@/lib/server/http";

export const dynamic = "force-dynamic";

const Params = z.object({ file: z.string() });

/** `/builds/meta/{buildId}.json`: the manifest of the running build; other ids are unknown here. */
export const GET = route({ name: "build manifest", auth: "visitor", session: false, params: Params }, async ({ params: { file } }) => {
  const id = currentBuildId();
  if (file !== `${id}.json`) throw new AppError("not_found", "请求地址不存在");
  return NextResponse.json({ id }, { headers: { "Cache-Control": "public, max-age=31536000, immutable" } });
});
