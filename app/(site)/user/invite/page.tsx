import type { Metadata } from "next";
import QRCode from "qrcode";
import Link from "@/components/ui/Link";
import { CopyField } from "@/components/site/CopyField";
import { Card, PageIntro } from "@/components/content/PageIntro";
import { config } from "@/lib/config";
import { QR_ERROR_CORRECTION, QR_SIZE, REFERRAL_REWARD_DAYS } from "@/lib/domain/constants";
import { requireViewer } from "@/lib/server/auth/gate";
import { inviteesOf } from "@/lib/server/members/invitations";

export const metadata: Metadata = { title: "邀请好友", description: "分享你的邀请链接，好友注册即得 3 天 SVIP。", robots: { index: false } };

export default async function InvitePage() {
  const viewer = await requireViewer();
  const link = `${config().siteUrl}/login/${viewer.userInfo.invitationCode}`;
  const [invitees, qr] = await Promise.all([
    inviteesOf(viewer),
    QRCode.toDataURL(link, { width: QR_SIZE, errorCorrectionLevel: QR_ERROR_CORRECTION, margin: 1 }),
  ]);
  return (
    <>
      <PageIntro title="邀请好友">好友通过你的链接注册，即得 {REFERRAL_REWARD_DAYS} 天 SVIP 会员。</PageIntro>
      <div className="grid gap-4 md:grid-cols-[1fr_auto]">
        <Card>
          <p className="text-sm text-slate-500">我的邀请码</p>
          <p className="mt-1 font-mono text-2xl font-semibold tracking-widest text-slate-900" data-testid="invitation-code">{viewer.userInfo.invitationCode}</p>
          <p className="mt-4 text-sm text-slate-500">邀请链接</p>
          <CopyField value={link} />
          <p className="mt-4 text-sm text-slate-600">
            已邀请 <span className="font-semibold text-slate-900">{invitees.length}</span> 位好友 ·{" "}
            <Link href="/user/invitation" className="text-brand underline">查看邀请记录</Link>
          </p>
        </Card>
        <Card className="flex flex-col items-center">
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={qr} width={QR_SIZE} height={QR_SIZE} alt="邀请链接二维码" className="h-48 w-48 sm:h-60 sm:w-60" />
          <p className="mt-2 text-xs text-slate-500">微信扫码打开邀请链接</p>
        </Card>
      </div>
    </>
  );
}
