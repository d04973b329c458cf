import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/account/ChangePasswordForm";
import { ResetPasswordForm } from "@/components/account/ResetPasswordForm";
import { Card, PageIntro } from "@/components/content/PageIntro";
import { hasPassword } from "@/lib/server/auth/password-change";
import { getViewer } from "@/lib/server/auth/viewer";

export const metadata: Metadata = { title: "登录密码", description: "设置或修改登录密码；未登录时可通过验证码重置。", robots: { index: false } };

/** Logged in: set or change the password. Logged out: reset it by a one-time code. */
export default async function PasswordPage() {
  const viewer = await getViewer();
  if (!viewer) {
    return (
      <>
        <PageIntro title="重置密码" />
        <Card className="mx-auto max-w-md">
          <ResetPasswordForm />
        </Card>
      </>
    );
  }
  const existing = await hasPassword(viewer.userId);
  // userInfo.mobile falls back to the e-mail; only a real mobile number is a name to keep out of the password.
  const { email, mobile, nickName } = viewer.userInfo;
  const names = { email, mobile: mobile === email ? null : mobile, nickname: nickName };
  return (
    <>
      <PageIntro title={existing ? "修改密码" : "设置密码"} />
      <Card className="mx-auto max-w-md">
        <ChangePasswordForm hasPassword={existing} names={names} />
      </Card>
    </>
  );
}
