import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { FirstAdminSetup } from "@/components/auth/FirstAdminSetup";
import { Card, PageIntro } from "@/components/content/PageIntro";
import { loginRedirectTarget } from "@/lib/domain/return-path";
import { setupTokenState, SETUP_MESSAGES } from "@/lib/server/auth/first-admin";
import { getViewer } from "@/lib/server/auth/viewer";

export const metadata: Metadata = { title: "设置管理员", description: "首次运行：用启动时打印的一次性令牌设置第一个管理员。", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * First run (ADR 0034): while no administrator exists, the link start-up printed opens this page with its one-time
 * token. Once an administrator exists, the page says so and offers nothing.
 */
export default async function SetupPage({ searchParams }: Props) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  const [state, viewer] = await Promise.all([setupTokenState(token || null), getViewer()]);
  if (state === "admin-exists" || state === "setup-ended") {
    return (
      <>
        <PageIntro title="设置管理员" />
        <Card className="mx-auto max-w-md space-y-3 text-sm text-slate-700">
          <p data-testid="setup-closed">{state === "admin-exists" ? `${SETUP_MESSAGES.adminExists}。` : SETUP_MESSAGES.setupEnded}</p>
          <p>
            <Link className="text-brand underline" href={viewer?.role === "admin" ? "/admin" : "/"}>
              {viewer?.role === "admin" ? "进入后台" : "返回首页"}
            </Link>
          </p>
        </Card>
      </>
    );
  }
  return (
    <>
      <PageIntro title="设置管理员">首次运行：还没有管理员。用服务器启动时打印的设置链接（一次性，24 小时内有效）设置第一个管理员。</PageIntro>
      <Card className="mx-auto max-w-md space-y-3">
        {token && state === "bad-token" ? (
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
            {SETUP_MESSAGES.badToken}
          </p>
        ) : null}
        <FirstAdminSetup token={token} memberName={viewer ? viewer.userInfo.nickName : null} loginHref={loginRedirectTarget("/setup", token ? `?token=${encodeURIComponent(token)}` : "")} />
      </Card>
    </>
  );
}
