import type { Metadata } from "next";
import { Card, PageIntro } from "@/components/content/PageIntro";
import { requireViewer } from "@/lib/server/auth/gate";

export const metadata: Metadata = { title: "自动续费与邮件订阅", description: "停止自动续费（已付费期间仍可使用）与邮件退订。", robots: { index: false } };

export default async function UnsubscribePage() {
  const { userInfo } = await requireViewer();
  return (
    <>
      <PageIntro title="自动续费与邮件订阅" />
      <Card>
        <p className="font-medium text-slate-800">自动续费</p>
        <p className="mt-1 text-sm text-slate-600">你当前没有开启自动续费的订阅{userInfo.levelEndDate ? `，${userInfo.levelName} 有效期至 ${userInfo.levelEndDate}` : ""}。</p>
      </Card>
    </>
  );
}
