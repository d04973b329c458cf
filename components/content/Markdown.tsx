import { renderMarkdown } from "@/lib/domain/markdown";

/** Markdown rendered through the one sanitising pipeline: the only way HTML from content reaches a page. */
export function Markdown({ source }: { source: string }) {
  return <div className="prose-article" dangerouslySetInnerHTML={{ __html: renderMarkdown(source) }} />;
}
