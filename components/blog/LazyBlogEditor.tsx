"use client";

import dynamic from "next/dynamic";
import type { BlogEditorProps } from "./BlogEditor";

/**
 * The editor (Markdown preview through the sanitiser, the form) is fetched only where someone writes: the blog page
 * of a reader does not carry it in its first load. Rendered in the browser only: a server-rendered form whose code
 * has not arrived yet would submit natively (and lose the text) when pressed.
 */
const BlogEditor = dynamic(() => import("./BlogEditor").then((m) => m.BlogEditor), {
  ssr: false,
  loading: () => (
    <p role="status" className="py-16 text-center text-sm text-slate-500">
      正在打开编辑器…
    </p>
  ),
});

export function LazyBlogEditor(props: BlogEditorProps) {
  return <BlogEditor {...props} />;
}
