import { z } from "zod";
import { isGuid } from "@/lib/domain/route-params";
import { route } from "@/lib/server/http";
import { answerCsvUpload, CSV_TOO_LARGE, CSV_UPLOAD_LIMIT } from "@/lib/server/quant/csv-import";

export const maxDuration = 60;

const Params = z.object({ guid: z.string().refine(isGuid, "策略不存在").transform((guid) => guid.toLowerCase()) });

/** Administrators: import a `date,nav` CSV (multipart `file`) for a strategy; a file with any bad line stores nothing. */
export const POST = route(
  { name: "strategy nav csv import", auth: "admin", params: Params, body: "stream", maxBytes: CSV_UPLOAD_LIMIT, tooLargeMessage: CSV_TOO_LARGE },
  ({ req, viewer, params: { guid } }) => answerCsvUpload(viewer, guid, req, "nav"),
);
