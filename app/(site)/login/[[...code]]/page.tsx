import type { Metadata } from "next";
import { validatedParams } from "@/lib/server/routing";
import { LoginPage } from "../../_views/LoginPage";

/** /login is the page; an invitation's /login/{code} and any ?r= return path are the same form (docs/adr/0082). */
export async function generateMetadata({ params }: { params: Promise<{ code?: string[] }> }): Promise<Metadata> {
  const { code = [] } = await params;
  return {
    title: "登录 / 注册",
    description: "登录或注册量化学堂，好友邀请注册即得 3 天 SVIP。",
    alternates: { canonical: "/login" },
    robots: code.length ? { index: false, follow: true } : undefined,
  };
}

export default async function Login({ params }: { params: Promise<{ code?: string[] }> }) {
  const { code = [] } = await params;
  return <LoginPage code={validatedParams("login", ["login", ...code]).code} />;
}
