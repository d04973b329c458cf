/**
 * A post's or an article's body as HTML. `html` must be renderMarkdown's output (lib/server/blog/render.ts renderBody hands it
 * over); nothing else may be passed here. null: the body could not be laid out within the time budget.
 */
export function BlogBody({ html }: { html: string | null }) {
  if (html === null) {
    return <p className="text-sm text-slate-500">正文暂时无法显示（排版超时），请稍后再试。</p>;
  }
  return <div className="prose-article" data-testid="blog-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
