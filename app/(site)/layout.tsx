import { cookies } from "next/headers";
import { Header } from "@/components/layout/Header";
import { DisclaimerBar } from "@/components/layout/DisclaimerBar";
import { SiteProviders } from "@/components/layout/SiteProviders";
import { TabBar, TabBarSpacer } from "@/components/layout/TabBar";
import { Footer } from "@/components/site/Footer";
import { config } from "@/lib/config";
import { INVITE_COOKIE } from "@/lib/domain/site";
import { hasEditorRights } from "@/lib/server/auth/roles";
import { getViewer } from "@/lib/server/auth/viewer";
import { unreadCount } from "@/lib/server/notifications/unread";
import { payOffer } from "@/lib/domain/payments/offer";
import { listPlans, paymentAvailability } from "@/lib/server/payments/catalog";

/** The default layout: header, page, footer, the fixed risk-disclaimer bar and, on phones, the bottom tab bar. */
export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  const viewer = await getViewer();
  // A render for a members' access class (ADR 0067) holds nobody's count: the browser asks for its own.
  const classOnly = viewer?.accessClassOnly === true;
  const unread = classOnly ? 0 : await unreadCount(viewer);
  const plans = (await listPlans()).map(({ id, levelId, name, period, priceFen, renewable }) => ({ id, levelId, name, period, priceFen, renewable }));
  const { siteName, siteUrl } = config();
  const invitation = (await cookies()).get(INVITE_COOKIE)?.value ?? "";
  return (
    <SiteProviders siteUrl={siteUrl} siteName={siteName} plans={plans} payment={payOffer(paymentAvailability())} invitationCode={invitation}>
      <Header viewer={viewer?.userInfo ?? null} unreadCount={unread} isStaff={hasEditorRights(viewer)} siteName={siteName} classOnly={classOnly} />
      <main className="mx-auto w-full max-w-6xl px-4 py-5 sm:py-8">{children}</main>
      <Footer siteName={siteName} />
      <DisclaimerBar />
      <TabBarSpacer />
      <TabBar loggedIn={viewer !== null} />
    </SiteProviders>
  );
}
