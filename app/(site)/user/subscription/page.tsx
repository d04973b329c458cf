import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro, Section } from "@/components/content/PageIntro";
import { subscriptionState } from "@/components/payments/pay-helpers";
import { AutoRenewList } from "@/components/payments/subscription/AutoRenewList";
import { LevelCard } from "@/components/payments/subscription/LevelCard";
import { LoginToSeeSubscription } from "@/components/payments/subscription/LoginToSeeSubscription";
import { OrdersTable } from "@/components/payments/subscription/OrdersTable";
import { ReceiptsTable } from "@/components/payments/subscription/ReceiptsTable";
import { buttonClass } from "@/components/ui/button-class";
import { getViewer } from "@/lib/server/auth/viewer";
import { ordersOfMember, receiptsOfMember } from "@/lib/server/payments/orders";
import { subscriptionsOfMember } from "@/lib/server/payments/subscriptions";

export const metadata: Metadata = { title: "我的订阅", description: "会员等级、到期日、自动续费、订单与收据。", robots: { index: false } };

/**
 * SPEC §5 gates only invite, account, notif, invitation and unsubscribe: a visitor sees this page with a login prompt
 * (and nothing of anyone's orders); a member sees their own.
 */
export default async function SubscriptionPage() {
  const viewer = await getViewer();
  if (!viewer) {
    return (
      <>
        <PageIntro title="我的订阅" />
        <LoginToSeeSubscription />
      </>
    );
  }
  const [subscriptions, orders, receipts] = await Promise.all([subscriptionsOfMember(viewer), ordersOfMember(viewer), receiptsOfMember(viewer)]);
  const current = subscriptions.filter((s) => subscriptionState(s).tone !== "ended");
  const past = subscriptions.filter((s) => subscriptionState(s).tone === "ended");

  return (
    <>
      <PageIntro title="我的订阅" />
      <LevelCard userInfo={viewer.userInfo} />

      <Section title="自动续费" more={current.length ? <Link href="/user/unsubscribe" className="text-sm text-brand hover:underline">管理</Link> : undefined}>
        <AutoRenewList
          current={current}
          past={past}
          empty={<EmptyState title="没有开启自动续费">购买月卡时勾选“到期自动续费”，到期后自动续期，可随时取消。</EmptyState>}
        />
      </Section>

      <Section title="订单记录">
        <OrdersTable orders={orders} empty={<EmptyState title="暂无订单" action={<Link href="/price" className={buttonClass("secondary", "sm")}>查看会员价格</Link>} />} />
      </Section>

      <Section title="收据">
        <ReceiptsTable receipts={receipts} empty={<EmptyState title="暂无收据">每次成功扣款（含自动续费）都会在这里生成一张收据，并发送到你的邮箱。</EmptyState>} />
      </Section>
    </>
  );
}
