import { z } from "zod";
import { config } from "@/lib/config";
import { findMaster } from "@/lib/server/content/masters";
import { route } from "@/lib/server/http";
import { guidOfImageFile, notFoundImage, ogImage } from "../../og-card";

export const dynamic = "force-dynamic";

/** The image file named in the address; a name that is no guid gets the not-found image, not a JSON 404. */
const Params = z.object({ file: z.string() }).transform(({ file }) => ({ guid: guidOfImageFile(file) }));

/** /og/master/{guid}.png: a master's share image (public fields only). */
export const GET = route({ name: "master share image", auth: "visitor", session: false, params: Params }, async ({ params: { guid } }) => {
  const master = guid ? await findMaster(null, guid) : null;
  if (!master) return notFoundImage();
  return ogImage({
    seed: master.guid,
    heading: "MASTER TRADER",
    line: "Real settlement statements, B/S points on the K-line",
    badge: "",
    host: new URL(config().siteUrl).host,
    footer: "Statements / Analysis / Rankings",
  });
});
