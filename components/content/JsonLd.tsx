import { jsonLdHtml } from "@/lib/domain/seo";

/** Structured data for search engines (one `<script type="application/ld+json">`, escaped so it cannot end early). */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdHtml(data) }} />;
}
