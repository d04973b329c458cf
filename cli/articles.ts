import { Command, InvalidArgumentError } from "commander";
import { ARTICLE_TYPES } from "@/lib/db/schema";
import { paidQuote } from "@/lib/domain/article-summary";
import { readInputFile } from "./input-file";
import { withDatabase } from "./with-database";

const LEVELS = ["0", "100", "200"];
/** The option each input field comes from, for error messages. */
const OPTION_OF: Record<string, string> = {
  type: "--type", title: "--title", body: "--body-file", minLevel: "--min-level", videoUrl: "--video", summary: "--summary",
  coverUrl: "--cover", tags: "--tags",
};

function typeArg(value: string): string {
  if (!(ARTICLE_TYPES as readonly string[]).includes(value)) throw new InvalidArgumentError(`must be one of ${ARTICLE_TYPES.join(", ")} (got "${value}")`);
  return value;
}

function levelArg(value: string): number {
  if (!LEVELS.includes(value.trim())) throw new InvalidArgumentError(`must be 0 (everyone), 100 (VIP) or 200 (SVIP) (got "${value}")`);
  return Number(value);
}

/** The body file as UTF-8 text (a BOM dropped); clear errors for a missing, empty or non-UTF-8 file. */
function readBody(file: string): string {
  const bytes = readInputFile(file, "--body-file");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new InvalidArgumentError(`--body-file ${file} is not UTF-8 text`);
  }
  text = text.replace(/^\uFEFF/, "");
  if (!text.trim()) throw new InvalidArgumentError(`--body-file ${file} is empty`);
  return text;
}

interface CreateOptions {
  type: string;
  title: string;
  bodyFile: string;
  minLevel: number;
  video?: string;
  summary?: string;
  cover?: string;
  tags?: string;
}

export function registerArticleCommands(program: Command): void {
  program
    .command("article:create")
    .description("publish an editorial article or video (Markdown body); prints its infoguid alone on the last line")
    .requiredOption("--type <type>", `one of ${ARTICLE_TYPES.join(" | ")}`, typeArg)
    .requiredOption("--title <title>", "the title (1–100 characters)")
    .requiredOption("--body-file <file>", "a UTF-8 Markdown file with the body")
    .option("--min-level <level>", "who may read it: 0 everyone, 100 VIP, 200 SVIP", levelArg, 0)
    .option("--video <url>", "the video's address (http(s) URL or /path; HLS .m3u8 or MP4); needed for --type video")
    .option("--summary <text>", "the summary (default: the start of the text every visitor may read: the whole body, or the lead-in of a gated one)")
    .option("--cover <url>", "a cover image address (http(s) URL or /path)")
    .option("--tags <list>", "tags, separated by commas")
    .action(async (opts: CreateOptions) => {
      const body = readBody(opts.bodyFile);
      const { ArticleInput } = await import("@/lib/domain/content/schemas");
      const { createArticle } = await import("@/lib/server/content/articles-admin");
      const { OPERATOR } = await import("@/lib/server/auth/roles");
      const input = {
        type: opts.type, title: opts.title, body, minLevel: opts.minLevel, videoUrl: opts.video ?? "", summary: opts.summary ?? "",
        coverUrl: opts.cover ?? "", tags: opts.tags ? opts.tags.split(/[,，]/) : [],
      };
      const parsed = ArticleInput.safeParse(input);
      if (!parsed.success) {
        throw new InvalidArgumentError(parsed.error.issues.map((i) => `${OPTION_OF[String(i.path[0])] ?? "input"}: ${i.message}`).join("; "));
      }
      const quote = paidQuote(parsed.data.summary, parsed.data.body, parsed.data.minLevel);
      if (quote) console.warn(`warning: --summary quotes the paid part of the body ("${quote}"); every visitor and search engine reads the summary`);
      await withDatabase(true, async () => {
        const outcome = await createArticle(OPERATOR, parsed.data, true);
        console.log(`published ${parsed.data.type} “${parsed.data.title}” for level ${parsed.data.minLevel} at /info/detail/${outcome.infoguid}`);
        console.log(outcome.infoguid);
      });
    });
}
