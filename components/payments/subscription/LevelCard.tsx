import Link from "@/components/ui/Link";
import { Card } from "@/components/content/PageIntro";
import { buttonClass } from "@/components/ui/button-class";
import type { UserInfo } from "@/lib/domain/user-info";

/** 当前等级: the member's level and until when, with the ways to renew or upgrade and to manage renewal. */
export function LevelCard({ userInfo }: { userInfo: Pick<UserInfo, "levelId" | "levelName" | "levelEndDate"> }) {
  return (
    <Card className="mb-6">
      <p className="text-sm text-slate-500">当前等级</p>
      <p className="mt-1 text-xl font-semibold" data-testid="level-name">{userInfo.levelName}</p>
      <p className="mt-1 text-sm text-slate-600" data-testid="level-end-date">
        {userInfo.levelEndDate ? `有效期至 ${userInfo.levelEndDate}` : "免费会员长期有效"}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link href="/price" className={buttonClass("primary", "sm")}>{userInfo.levelId > 0 ? "续费 / 升级" : "升级会员"}</Link>
        <Link href="/user/unsubscribe" className={buttonClass("secondary", "sm")}>自动续费与邮件设置</Link>
      </div>
    </Card>
  );
}
