import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { Gift } from "lucide-react";
import { RememberRecommendation } from "@/components/referral/RememberRecommendation";
import { config } from "@/lib/config";
import { REFERRAL_REWARD_DAYS } from "@/lib/domain/constants";
import { validatedParams } from "@/lib/server/routing";

type Props = { params: Promise<{ rest?: string[] }> };

async function parse(params: Props["params"]) {
  const { rest = [] } = await params;
  return validatedParams("recs", ["recs", ...rest]);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const p = await parse(params);
  const who = p.nickname ?? "好友";
  // one landing per invitation, alike but for the name: /recs is the page, the invitations are not (docs/adr/0082)
  const invitation = Boolean(p.invitationcode || p.nickname || p.orderguid);
  return {
    title: `${who} 邀请你加入${config().siteName}`,
    description: `注册即得 ${REFERRAL_REWARD_DAYS} 天 SVIP，从大神真实交割单学炒股。`,
    alternates: { canonical: "/recs" },
    robots: invitation ? { index: false, follow: true } : undefined,
  };
}

/** The landing page of a shared invitation; the middleware records the code in cfc_inv like ?code= does. */
export default async function RecsPage({ params }: Props) {
  const p = await parse(params);
  const { siteName } = config();
  return (
    <div className="mx-auto max-w-lg rounded-2xl bg-white p-6 text-center shadow-sm sm:p-10">
      <RememberRecommendation code={p.invitationcode ?? null} orderGuid={p.orderguid ?? null} />
      <Gift aria-hidden className="mx-auto h-12 w-12 text-red-500" strokeWidth={1.5} />
      <h1 className="mt-4 text-xl font-semibold leading-relaxed" data-testid="recs-headline">
        {p.nickname ?? "好友"} 邀请你加入{siteName}，注册即得 {REFERRAL_REWARD_DAYS} 天 SVIP
      </h1>
      <p className="mt-3 text-sm text-slate-600">逐笔查看顶级短线交易者的真实交割单、K线买卖点和盈亏复盘，SVIP 还可查看量化策略当日实盘。</p>
      <Link href={p.invitationcode ? `/login/${p.invitationcode}` : "/login"} className="mt-6 inline-flex h-11 items-center rounded-lg bg-brand px-8 font-semibold text-white">
        立即注册
      </Link>
    </div>
  );
}
