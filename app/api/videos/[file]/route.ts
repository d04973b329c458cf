import { NextResponse } from "next/server";
import { z } from "zod";
import { byteRange } from "@/lib/domain/byte-range";
import { STORED_VIDEO_NAME } from "@/lib/domain/content/video-links";
import { checkVideoLink, openStoredVideo } from "@/lib/server/content/video-links";
import { route } from "@/lib/server/http";

export const dynamic = "force-dynamic";

const NOT_FOUND = "视频不存在";
const Params = z.object({ file: z.string().regex(STORED_VIDEO_NAME, NOT_FOUND) });
const Query = z.object({ e: z.coerce.number().int().positive(), s: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

const MEDIA_HEADERS = {
  "Content-Type": "video/mp4",
  "Accept-Ranges": "bytes",
  // The address is one viewer's for a few hours: browsers may keep it that long, shared caches never.
  "Cache-Control": "private, max-age=3600",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
};

/**
 * A stored video (ADR 0066), only through an address the article page signed for a viewer allowed to watch it, until
 * it expires; byte ranges answered 206 (browsers seek by them, Safari plays only so), each read from the store as it is
 * sent, so a phone's ranges of a 500 MB lesson cost what they carry.
 */
export const GET = route(
  {
    name: "video read", auth: "visitor", session: false, params: Params, query: Query,
    invalidMessage: "视频链接无效，请从文章页面打开", refusalHeaders: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  },
  async ({ req, params: { file }, query: { e, s } }) => {
    const check = checkVideoLink(file, e, s);
    if (check === "forged") return NextResponse.json({ message: "视频链接无效，请从文章页面打开" }, { status: 403 });
    if (check === "expired") return NextResponse.json({ message: "视频链接已过期，请刷新文章页面" }, { status: 403 });
    const video = await openStoredVideo(file);
    if (!video) return NextResponse.json({ message: NOT_FOUND }, { status: 404 });
    const range = byteRange(req.headers.get("range"), video.size);
    if (range === "unsatisfiable") {
      return new NextResponse(null, { status: 416, headers: { ...MEDIA_HEADERS, "Content-Range": `bytes */${video.size}` } });
    }
    const { start, end } = range ?? { start: 0, end: video.size - 1 };
    const headers = {
      ...MEDIA_HEADERS,
      "Content-Length": String(end - start + 1),
      ...(range ? { "Content-Range": `bytes ${start}-${end}/${video.size}` } : {}),
    };
    // Next answers HEAD with this handler and drops the body unread: nothing is opened for it.
    if (req.method === "HEAD") return new NextResponse(null, { status: range ? 206 : 200, headers });
    const body = await video.stream(start, end);
    if (!body) return NextResponse.json({ message: NOT_FOUND }, { status: 404 });
    return new NextResponse(body, { status: range ? 206 : 200, headers });
  },
);
