import type { Metadata } from "next";
import { Card, PageIntro } from "@/components/content/PageIntro";
import { requireViewer } from "@/lib/server/auth/gate";

export const metadata: Metadata = { title: "账户设置", description: "昵称、头像、邮箱与手机号、会员等级与到期日、邀请码。", robots: { index: false } };

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-3 last:border-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-all text-right font-medium text-slate-800">{value}</dd>
    </div>
  );
}

export default async function AccountPage() {
  const { userInfo } = await requireViewer();
  return (
    <>
      <PageIntro title="账户设置" />
      <Card>
        <dl className="text-sm" data-testid="account-info">
          <Row label="昵称" value={userInfo.nickName} />
          <Row label="邮箱" value={userInfo.email || "未绑定"} />
          <Row label="手机号" value={userInfo.mobile && userInfo.mobile !== userInfo.email ? userInfo.mobile : "未绑定"} />
          <Row label="会员等级" value={userInfo.levelName} />
          <Row label="到期日" value={userInfo.levelEndDate || "—"} />
          <Row label="邀请码" value={userInfo.invitationCode} />
        </dl>
      </Card>
    </>
  );
}
