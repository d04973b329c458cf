import Link from "@/components/ui/Link";
import { Card } from "@/components/content/PageIntro";
import { buttonClass } from "@/components/ui/button-class";

/** What a visitor sees on /user/subscription: a login prompt, and nothing of anyone's orders. */
export function LoginToSeeSubscription() {
  return (
    <Card className="mx-auto max-w-md text-center">
      <p className="text-base font-medium text-slate-900">登录后查看你的会员与订单</p>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">这里会列出你的会员等级与到期日、自动续费、订单记录和收据。</p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <Link href={`/login?r=${encodeURIComponent("/user/subscription")}`} className={buttonClass("primary", "md")}>登录 / 注册</Link>
        <Link href="/price" className={buttonClass("secondary", "md")}>查看会员价格</Link>
      </div>
    </Card>
  );
}
