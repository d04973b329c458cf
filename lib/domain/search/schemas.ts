import { z } from "zod";
import { isSearchTerm } from "@/lib/domain/route-params";

/** `/api/search/suggest?q=`: an empty or blank term asks for nothing; anything else must be a search term. */
export const SuggestQuery = z.object({
  q: z
    .string()
    .max(200)
    .default("")
    .refine((v) => v.trim() === "" || isSearchTerm(v), "请求参数无效"),
});
export type SuggestQuery = z.infer<typeof SuggestQuery>;
export const SUGGEST_INVALID = "请求参数无效";
