import { Pagination } from "@/components/content/Pagination";
import { listHref } from "./list-href";

/** 上一页 / 第 n / m 页 / 下一页 under an admin list, keeping its filters in the links (`?q=…&page=n`). */
export function AdminPager({ path, filters = {}, page, total, pageSize }: {
  path: string;
  filters?: Record<string, string | number | null | undefined>;
  page: number;
  total: number;
  pageSize: number;
}) {
  return <Pagination base={path} page={page} total={total} pageSize={pageSize} href={(n) => listHref(path, filters, n)} />;
}
