import { config } from "@/lib/config";
import { masterByGuid } from "@/lib/server/content/masters";
import { guidOfImageFile, notFoundImage, ogImage } from "../../og-card";

export const dynamic = "force-dynamic";

/** /og/master/{guid}.png: a master's share image (public fields only). */
export async function GET(_req: Request, ctx: { params: Promise<{ file: string }> }) {
  const guid = guidOfImageFile((await ctx.params).file);
  const master = guid ? await masterByGuid(guid) : null;
  if (!master) return notFoundImage();
  return ogImage({
    seed: master.guid,
    heading: "MASTER TRADER",
    line: "Real settlement statements, B/S points on the K-line",
    badge: "",
    host: new URL(config().siteUrl).host,
    footer: "Statements / Analysis / Rankings",
  });
}
