import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { notFound } from "next/navigation";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro } from "@/components/content/PageIntro";
import { DayJump } from "@/components/masters/DayJump";
import { packDays } from "@/lib/domain/packed-days";
import { FillsTable } from "@/components/quant/FillsTable";
import { PositionsTable } from "@/components/quant/PositionsTable";
import { StrategySection } from "@/components/quant/StrategySection";
import { DataAsOf } from "@/components/site/DataAsOf";
import { LockedBox } from "@/components/site/LockedBox";
import { getViewer } from "@/lib/server/auth/viewer";
import { REALTRADE_DELAY_DAYS } from "@/lib/server/quant/access";
import { realtradeDay } from "@/lib/server/quant/realtrade";

export const metadata: Metadata = { title: "策略实盘", description: "量化策略的实盘成交与持仓。SVIP 查看当日，其他会员延迟 5 个交易日。" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RealtradePage({ searchParams }: Props) {
  const asked = (await searchParams).date;
  const date = typeof asked === "string" ? asked : undefined;
  const day = await realtradeDay(await getViewer(), date);
  if (!day) notFound();
  return (
    <>
      <PageIntro title="策略实盘" aside={day.days.length ? <DayJump value={day.date} days={packDays(day.days)} hrefTemplate="/quant/realtrade?date={date}" /> : null}>
        {day.delayed ? "SVIP 查看当日成交与持仓。" : "SVIP：当日成交与持仓。"}
      </PageIntro>
      <DataAsOf asOf={day.asOf} delay={day.delayed ? { who: "非 SVIP 会员", days: REALTRADE_DELAY_DAYS, through: day.through } : null} />
      {day.locked ? (
        <LockedBox title={`${date} 的实盘仅对 SVIP 开放`} levelId={200} levelName="SVIP" cta="升级SVIP，查看策略当日实盘与信号">
          其他会员延迟 {REALTRADE_DELAY_DAYS} 个交易日查看（最近可看 {day.through}）。
        </LockedBox>
      ) : day.groups.length === 0 ? (
        <EmptyState title={day.date ? `${day.date} 没有实盘成交` : "暂无实盘成交"}>策略接入实盘后，这里按交易日展示成交与持仓。</EmptyState>
      ) : (
        day.groups.map((g) => (
          <StrategySection
            key={g.guid}
            strategy={g}
            action={<Link className="text-sm text-brand hover:underline" href={`/quant?s=${g.guid}`}>策略详情 ›</Link>}
          >
            <div className="space-y-4" data-testid="realtrade-group">
              <FillsTable fills={g.fills} title={`${day.date} 成交`} />
              <PositionsTable positions={g.positions} title={g.positionsDate ? `持仓 · ${g.positionsDate}` : "持仓"} emptyText="当日无持仓" />
            </div>
          </StrategySection>
        ))
      )}
      {day.delayed && !day.locked ? (
        <LockedBox title="查看当日实盘" levelId={200} levelName="SVIP" cta="升级SVIP，查看策略当日实盘与信号">
          SVIP 会员可查看策略当天的每一笔成交、持仓与跟单信号。
        </LockedBox>
      ) : null}
    </>
  );
}
