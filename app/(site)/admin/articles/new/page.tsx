import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { ArticleForm } from "@/components/admin/articles/ArticleForm";
import { Card, PageIntro } from "@/components/content/PageIntro";
import { requireEditorRights } from "@/lib/server/auth/gate";

export const metadata: Metadata = { title: "写文章", robots: { index: false } };

export default async function NewArticlePage() {
  await requireEditorRights();
  return (
    <>
      <PageIntro title="写文章" aside={<Link href="/admin/articles" className="text-sm text-brand hover:underline">返回文章列表</Link>}>
        交易案例、交割单解读、策略分享、教学视频和市场资讯
      </PageIntro>
      <Card>
        <ArticleForm />
      </Card>
    </>
  );
}
