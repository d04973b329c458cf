import { z } from "zod";
import { MAX_INGEST_BODY_BYTES } from "@/lib/domain/quant/ingest-schema";
import { route } from "@/lib/server/http";
import { handleIngest, INGEST_NO_STORE, INGEST_TOO_LARGE } from "@/lib/server/quant/ingest-route";

/** Any string: an unknown or malformed guid gets the same 401 as a wrong key (nothing tells a caller which). */
const Params = z.object({ guid: z.string() });

/**
 * Machine ingest, `Authorization: Bearer <strategy key>`: `{signals:[{id, date, time?, code, name, side, price?,
 * weight?, note?}]}` (1–500) for a live or paper strategy; each new signal is fanned out to the followers, a replayed
 * one is not. A backtest strategy answers 409.
 * Answers `{accepted, duplicates}`; 400 `{message, errors:[{index, field, message}]}`; 401; 409; 413; 429.
 */
export const POST = route(
  { name: "quant ingest signals", auth: "visitor", sameOrigin: false, params: Params, body: "stream", maxBytes: MAX_INGEST_BODY_BYTES, tooLargeMessage: INGEST_TOO_LARGE, refusalHeaders: INGEST_NO_STORE },
  ({ req, params: { guid } }) => handleIngest(req, guid, "signals"),
);
