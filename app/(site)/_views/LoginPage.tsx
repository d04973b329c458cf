import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { LoginPanel } from "@/components/site/LoginPanel";
import { REFERRAL_REWARD_DAYS } from "@/lib/domain/constants";
import { INVITE_COOKIE } from "@/lib/domain/site";
import { getViewer } from "@/lib/server/auth/viewer";

/** `/login/{code?}` and `/new`: log in or register; an invitation code promises the referral reward. */
export async function LoginPage({ code }: { code?: string }) {
  if (await getViewer()) redirect("/");
  const invitationCode = code ?? (await cookies()).get(INVITE_COOKIE)?.value ?? "";
  return (
    <div className="mx-auto max-w-md rounded-2xl bg-white p-5 shadow-sm sm:p-8">
      <h1 className="mb-1 text-xl font-semibold">登录 / 注册</h1>
      <p className="mb-5 text-sm text-slate-500">
        {invitationCode ? `使用邀请码 ${invitationCode} 注册，即得 ${REFERRAL_REWARD_DAYS} 天 SVIP。` : "首次使用验证码登录即自动注册。"}
      </p>
      <LoginPanel invitationCode={invitationCode} />
    </div>
  );
}
