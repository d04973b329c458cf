import type { Metadata } from "next";
import { validatedParams } from "@/lib/server/routing";
import { LoginPage } from "../../_views/LoginPage";

export const metadata: Metadata = { title: "登录 / 注册", description: "登录或注册量化学堂，好友邀请注册即得 3 天 SVIP。" };

export default async function Login({ params }: { params: Promise<{ code?: string[] }> }) {
  const { code = [] } = await params;
  return <LoginPage code={validatedParams("login", ["login", ...code]).code} />;
}
