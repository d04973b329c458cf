import { NextResponse } from "next/server";
import { logger } from "@/lib/server/logger";
import { AVATAR_FILE_RE, readAvatar } from "@/lib/server/members/profile";

export const dynamic = "force-dynamic";

const notFound = () =>
  NextResponse.json({ message: "请求地址不存在" }, { status: 404, headers: { "X-Content-Type-Options": "nosniff" } });

/**
 * Serves an uploaded avatar. Only names we generate (32 hex digits + .jpg/.png/.webp) are looked up, so no path
 * can leave the avatar folder; the type comes from the extension we chose: `.webp` for every avatar since they are
 * re-encoded (ADR 0030), `.jpg`/`.png` for older ones whose bytes were checked. Names are never reused, so the file
 * may be cached for a year.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  if (!AVATAR_FILE_RE.test(file)) return notFound();
  try {
    const avatar = await readAvatar(file);
    if (!avatar) return notFound();
    return new NextResponse(new Uint8Array(avatar.bytes), {
      headers: {
        "Content-Type": avatar.contentType,
        "Content-Length": String(avatar.bytes.byteLength),
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      },
    });
  } catch (err) {
    logger().error({ err, file }, "avatar read failed");
    return NextResponse.json({ message: "服务器内部错误" }, { status: 500 });
  }
}
