import type { Metadata } from "next";
import { Bell, Crown, FileUp, Gift, UserRound } from "lucide-react";
import Link from "@/components/ui/Link";
import type { ReactNode } from "react";
import { AvatarUpload } from "@/components/account/AvatarUpload";
import { BindAccountForm } from "@/components/account/BindAccountForm";
import { NicknameForm } from "@/components/account/NicknameForm";
import { Card, PageIntro } from "@/components/content/PageIntro";
import { requireViewer } from "@/lib/server/auth/gate";
import { accountProfileOf } from "@/lib/server/members/profile";

export const metadata: Metadata = { title: "账户设置", description: "昵称、头像、邮箱与手机号、会员等级与到期日、邀请码。", robots: { index: false } };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-h-12 items-center justify-between gap-4 border-b border-slate-100 py-2 last:border-0">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 break-all text-right font-medium text-slate-800">{children}</dd>
    </div>
  );
}

const linkClass = "inline-flex min-h-10 items-center text-sm text-brand hover:underline";

/** The phone tab bar's 我的 lands here: what a member reaches for most, one tap away (upload first). */
const SHORTCUTS = [
  { href: "/upload", label: "上传交割单", Icon: FileUp },
  { href: "/user/subscription", label: "我的订阅", Icon: Crown },
  { href: "/user/notif", label: "消息通知", Icon: Bell },
  { href: "/user/invite", label: "邀请好友", Icon: Gift },
  { href: "/user", label: "个人主页", Icon: UserRound },
];

export default async function AccountPage() {
  const viewer = await requireViewer();
  const profile = await accountProfileOf(viewer);
  return (
    <>
      <PageIntro title="账户设置" />
      <nav aria-label="常用功能" className="mb-4">
        <ul className="grid grid-cols-5 gap-1 rounded-xl border border-slate-200 bg-white p-1.5 shadow-sm">
          {SHORTCUTS.map(({ href, label, Icon }) => (
            <li key={href}>
              <Link
                href={href}
                className="flex min-h-16 flex-col items-center justify-center gap-1 rounded-lg px-0.5 text-center text-xs text-slate-700 hover:bg-slate-50 hover:text-brand"
              >
                <Icon aria-hidden="true" size={22} className="text-brand" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-4 md:grid-cols-2" data-testid="account-info">
        <Card>
          <h2 className="text-base font-semibold text-slate-900">基本资料</h2>
          <div className="divide-y divide-slate-100">
            <AvatarUpload avatarUrl={profile.avatarUrl} nickname={profile.nickname} />
            <NicknameForm nickname={profile.nickname} />
          </div>
        </Card>
        <Card>
          <h2 className="text-base font-semibold text-slate-900">邮箱与手机号</h2>
          <p className="mt-1 text-xs text-slate-500">绑定后可用于登录和找回密码，更换时需验证新的邮箱或手机号。</p>
          <div className="divide-y divide-slate-100">
            <BindAccountForm kind="email" value={profile.email} />
            <BindAccountForm kind="mobile" value={profile.mobile} />
          </div>
        </Card>
        <Card>
          <h2 className="text-base font-semibold text-slate-900">会员信息</h2>
          <dl className="mt-1 text-sm">
            <Row label="会员等级">{profile.levelName}</Row>
            <Row label="到期日">{profile.levelEndDate || "—"}</Row>
            <Row label="邀请码">
              <span className="font-mono tracking-widest">{profile.invitationCode}</span>
            </Row>
          </dl>
          <div className="mt-2 flex flex-wrap gap-x-5">
            <Link href="/user/subscription" className={linkClass}>我的订阅</Link>
            <Link href="/price" className={linkClass}>升级会员</Link>
            <Link href="/user/invite" className={linkClass}>邀请好友</Link>
          </div>
        </Card>
        <Card>
          <h2 className="text-base font-semibold text-slate-900">登录密码</h2>
          <div className="mt-1 flex min-h-12 items-center justify-between gap-4 text-sm">
            <span className="text-slate-600">{profile.hasPassword ? "已设置" : "未设置"}</span>
            <Link href="/user/password" className={linkClass}>{profile.hasPassword ? "修改密码" : "设置密码"}</Link>
          </div>
        </Card>
      </div>
    </>
  );
}
