import { NextResponse } from "next/server";
import { z } from "zod";
import { route } from "@/lib/server/http";
import { AVATAR_FILE_RE, readAvatar } from "@/lib/server/members/profile";

export const dynamic = "force-dynamic";

const NOT_FOUND = "请求地址不存在";
/** Only names we generate (32 hex digits + .jpg/.png/.webp) are looked up, so no path can leave the avatar folder. */
const Params = z.object({ file: z.string().regex(AVATAR_FILE_RE, NOT_FOUND) });

/**
 * Serves an uploaded avatar. The type comes from the extension we chose: `.webp` for every avatar since they are
 * re-encoded (ADR 0030), `.jpg`/`.png` for older ones whose bytes were checked. Names are never reused, so the file
 * may be cached for a year.
 */
export const GET = route(
  { name: "avatar read", auth: "visitor", session: false, params: Params, refusalHeaders: { "X-Content-Type-Options": "nosniff" } },
  async ({ params: { file } }) => {
    const avatar = await readAvatar(file);
    if (!avatar) return NextResponse.json({ message: NOT_FOUND }, { status: 404 });
    return new NextResponse(new Uint8Array(avatar.bytes), {
      headers: {
        "Content-Type": avatar.contentType,
        "Content-Length": String(avatar.bytes.byteLength),
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      },
    });
  },
);
