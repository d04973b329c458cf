import type { Metadata } from "next";
import { Card, PageIntro } from "@/components/content/PageIntro";
import { getViewer } from "@/lib/server/auth/viewer";

export const metadata: Metadata = { title: "登录密码", description: "设置或修改登录密码；未登录时可通过验证码重置。", robots: { index: false } };

export default async function PasswordPage() {
  const viewer = await getViewer();
  return (
    <>
      <PageIntro title="登录密码" />
      <Card>
        <p className="text-sm text-slate-600">
          {viewer
            ? "在线修改密码尚未开放。如需修改，请联系客服核实身份后处理。"
            : "通过验证码重置密码尚未开放。如忘记密码，请联系客服核实身份后处理。"}
        </p>
      </Card>
    </>
  );
}
