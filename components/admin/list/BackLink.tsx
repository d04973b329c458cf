import Link from "@/components/ui/Link";
import type { ReactNode } from "react";

/** The link back up, at the right of an admin page's heading (返回管理后台, 返回会员列表). */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return <Link href={href} className="text-sm text-brand hover:underline">{children}</Link>;
}
