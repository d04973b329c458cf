import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { AutoRenewToggle } from "@/components/payments/AutoRenewToggle";
import { EmailPrefsForm } from "@/components/payments/EmailPrefsForm";
import { subscriptionState } from "@/components/payments/pay-helpers";
import { shanghaiDate } from "@/lib/domain/membership";
import { requireViewer } from "@/lib/server/auth/gate";
import { emailOptOutsOf } from "@/lib/server/payments/email-prefs";
import { subscriptionsOfMember } from "@/lib/server/payments/subscriptions";

export const metadata: Metadata = { title: "自动续费与邮件订阅", description: "停止自动续费（已付费期间仍可使用）与邮件退订。", robots: { index: false } };

export default async function UnsubscribePage() {
  const viewer = await requireViewer();
  const { userInfo } = viewer;
  const [subscriptions, optOuts] = await Promise.all([subscriptionsOfMember(viewer), emailOptOutsOf(viewer)]);
  const today = shanghaiDate(new Date());
  // Renewing ones, and cancelled ones whose paid period has not ended yet (they can be turned back on).
  const manageable = subscriptions.filter(
    (s) => subscriptionState(s).tone !== "ended" && (s.renewing || s.currentPeriodEnd === null || s.currentPeriodEnd >= today),
  );

  return (
    <>
      <PageIntro title="自动续费与邮件订阅" aside={<Link href="/user/subscription" className="text-sm text-brand hover:underline">我的订阅</Link>} />

      <Section title="自动续费">
        {manageable.length === 0 ? (
          <Card>
            <p className="text-sm text-slate-600" data-testid="no-renewal">
              你当前没有开启自动续费的订阅{userInfo.levelEndDate ? `，${userInfo.levelName} 有效期至 ${userInfo.levelEndDate}` : ""}。
            </p>
          </Card>
        ) : (
          <>
            <ul className="space-y-3">
              {manageable.map((s) => (
                <li key={s.id}>
                  <Card>
                    <AutoRenewToggle subscription={s} today={today} />
                  </Card>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-slate-500">取消自动续费后不再扣款，已付费的时间照常使用；到期前可随时恢复。</p>
          </>
        )}
      </Section>

      <Section title="邮件订阅">
        <Card>
          <EmailPrefsForm optOuts={optOuts} />
          <p className="mt-4 border-t border-slate-100 pt-3 text-xs text-slate-500">
            支付收据、退款通知和账号安全邮件（如登录验证码、密码修改）始终会发送，不受以上设置影响。
          </p>
        </Card>
      </Section>
    </>
  );
}
