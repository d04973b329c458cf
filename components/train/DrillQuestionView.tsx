import Link from "@/components/ui/Link";
import { klineChartProps } from "@/components/charts/kline-props";
import { DemoBadge } from "@/components/content/DemoBadge";
import { SimulatedDataBadge } from "@/components/statements/SimulatedDataBadge";
import type { DrillQuestion, DrillReveal } from "@/lib/domain/lessons/drill-dto";
import { limitMarks } from "@/lib/domain/market/limit-marks";
import { formatQuote, formatShares } from "@/lib/domain/statements/format";
import { DrillAnswer } from "./DrillAnswer";
import { StudyNote } from "./StudyNote";

interface Props {
  question: DrillQuestion;
  signedIn: boolean;
  leftToday: number | null;
  reveal: DrillReveal | null;
}

/**
 * A drill's question: the stock's daily bars up to the evening before and the master's position then. Nothing on this
 * page names the day or anything after it until the answer (docs/adr/0081): no date from the day on, no link to the
 * master's day.
 */
export function DrillQuestionView({ question, signedIn, leftToday, reveal }: Props) {
  const { master, stock, position } = question;
  const lastBar = question.bars[question.bars.length - 1]!;
  const caption = `${stock.name}(${stock.code})`;
  const bars = question.bars.map((b) => ({ ...b, code: stock.code, amount: null }));
  const chart = klineChartProps({ bars, markers: [], limitMarks: limitMarks(bars, stock.code, stock.name) }, { period: "day", highlight: null, caption });
  const setHref = `/train/${master.guid}`;
  return (
    <>
      <div className="mb-3">
        <Link prefetch={false} href={setHref} className="text-sm text-brand hover:underline">‹ {master.name}的训练题</Link>
      </div>
      <h1 className="text-xl font-semibold text-slate-900">换你，你买不买？</h1>
      <p className="mt-1 text-sm text-slate-700">
        {caption}：下面是截至 {lastBar.date} 收盘的 {question.bars.length} 根日K。下一个交易日，{master.name}对这只股票有操作——换你，会怎么做？
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {master.isDemo ? <DemoBadge /> : null}
        {question.simulated ? <SimulatedDataBadge /> : null}
      </div>
      <DrillAnswer questionChart={chart} caption={caption} setHref={setHref} signedIn={signedIn} leftToday={leftToday} initialReveal={reveal}>
        <p className="mt-3 text-sm text-slate-700" data-testid="drill-position">
          {position
            ? `大神此时持有 ${formatShares(position.shares)}，${position.averageCost === null ? "部分股份在交割单开始前已持有，成本未知" : `持仓均价 ${formatQuote(position.averageCost)}`}。`
            : "大神此时没有持仓。"}
        </p>
        <div className="mt-3"><StudyNote /></div>
      </DrillAnswer>
    </>
  );
}
