import { JsonLd } from "@/components/content/JsonLd";
import { config } from "@/lib/config";
import { itemListJsonLd } from "@/lib/domain/seo";

/** The schema.org ItemList of a page's list (a ranking, a directory), in the order shown; nothing for an empty list. */
export function ItemListJsonLd({ name, path, items }: { name: string; path: string; items: { name: string; path: string }[] }) {
  if (items.length === 0) return null;
  const { siteUrl, siteName } = config();
  return <JsonLd data={itemListJsonLd({ siteUrl, siteName }, { name, path, items })} />;
}
