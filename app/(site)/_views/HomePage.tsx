import { cookies } from "next/headers";
import { HomeView } from "@/components/site/HomeView";
import { INVITE_COOKIE } from "@/lib/domain/site";
import { FREE_SAMPLE_DELAY_DAYS } from "@/lib/domain/statements/visibility";
import { isInvitationCode } from "@/lib/domain/route-params";
import { getViewer } from "@/lib/server/auth/viewer";
import { homeData } from "@/lib/server/content/home";
import { bestStrategiesBySharpe } from "@/lib/server/quant/strategies";
import { masterHub } from "@/lib/server/statements/master-hub";
import { rankings, type MasterRankRow } from "@/lib/server/statements/rankings";
import { JsonLd } from "@/components/content/JsonLd";
import { config } from "@/lib/config";
import { masterPath, websiteJsonLd } from "@/lib/domain/seo";
import { ItemListJsonLd } from "./ItemListJsonLd";

const HOME_TRADES = 8;
const HOME_RANK_ROWS = 5;

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The home page (`/`, also shown at `/test`). */
export async function HomePage({ searchParams }: { searchParams: SearchParams }) {
  const [viewer, query, jar] = await Promise.all([getViewer(), searchParams, cookies()]);
  const data = await homeData(viewer);
  const code = typeof query.code === "string" ? query.code : jar.get(INVITE_COOKIE)?.value;
  const [hub, rank, strategies] = await Promise.all([masterHub(viewer), rankings(viewer, { period: "day", show: "profit" }), bestStrategiesBySharpe(3)]);
  const latestDay = hub.day && hub.trades.length ? { day: hub.day, trades: hub.trades.slice(0, HOME_TRADES), total: hub.tradesTotal } : null;
  const topRank = rank.day ? { day: rank.day, rows: (rank.rows as MasterRankRow[]).slice(0, HOME_RANK_ROWS) } : null;
  const masters = hub.masters.slice(0, 6);
  const { siteUrl, siteName } = config();
  return (
    <>
      <JsonLd data={websiteJsonLd({ siteUrl, siteName })} />
      <ItemListJsonLd name="大神交割单" path="/" items={masters.map((m) => ({ name: m.name, path: masterPath(m.guid) }))} />
      <HomeView
        {...data}
        masters={masters}
        strategies={strategies}
        latestDay={latestDay}
        topRank={topRank}
        asOf={{ asOf: hub.asOf, delay: hub.fullAccess ? null : { who: "免费会员", days: FREE_SAMPLE_DELAY_DAYS, through: hub.sampleThrough } }}
        loggedIn={!!viewer}
        invitationCode={code && isInvitationCode(code) ? code : null}
      />
    </>
  );
}
