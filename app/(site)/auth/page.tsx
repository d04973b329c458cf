import type { Metadata } from "next";
import { MagicLinkCompletion } from "@/components/auth/MagicLinkCompletion";

export const metadata: Metadata = { title: "登录验证", description: "通过邮件中的登录链接完成登录。", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Where the one-click link of a login e-mail returns. */
export default async function AuthPage({ searchParams }: Props) {
  const { token } = await searchParams;
  return (
    <div className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      <MagicLinkCompletion token={typeof token === "string" ? token : null} />
    </div>
  );
}
