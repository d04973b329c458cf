import { defaultCalendar } from "@/lib/domain/market/calendar";
import type { Fill, StatementEvent } from "@/lib/domain/statements/types";
import { Allotments } from "./allotments";
import { canonicalCodes } from "./codes";
import { assignDividends } from "./dividends";
import { marketFigures } from "./market-figures";
import { fenToYuan } from "./money";
import { prepareEvents, prepareFills } from "./prepare";
import type { AnalysisState } from "./state";
import { finishTrips, openPositionsOf } from "./trips";
import { trustedBalances } from "./trust";
import type { AnalysisOptions, StatementAnalysis } from "./types";
import { walkPositions } from "./walk";

export { roundMoney } from "./money";
export * from "./style";
export type * from "./types";

/**
 * The analysis of one settlement statement (PRODUCT.md "Domain rules", the /analysis page; ADR 0032). Pure and
 * deterministic; every figure can be redone by hand from the fills and events:
 *
 * Order. Fills are put in time order by (date, time, canonical code, file order); a fill without a time sorts
 * before the timed fills of its day. Rows of one stock at one timestamp keep their file order — except that a file
 * listed newest first (more date decreases than increases between neighbouring rows) is read bottom-up first, so
 * same-day rows of such a file keep their real order. Shares arriving (红股, 股份转入, 份额拆分) and allotment rows of
 * a date come before that date's fills (booked at the start of the day); shares leaving (股份转出/托管转出, 份额合并)
 * come after them (an ETF bought and merged on one day, as in a 华西 file).
 *
 * Markets. A-shares (market "A": SH/SZ/BJ) and 港股通 (market "HK": five-digit codes, never padded or mapped) are
 * never summed together. `roundTrips` holds the trips of both; `summary`, `monthly`, `perStock`, `holding`, `style`
 * and `equityCurve` are A-share figures; `hk` holds the summary and per-stock rows of the 港股通 trips in their own
 * currency (null without a 港股通 fill). HK fills without fees are not estimated (the schedule is the A-share one):
 * their fees are 0, marked 估.
 *
 * Amounts. A fill's amount is the file's 成交金额 when it states one (the price column may be a rounded average),
 * else price × quantity as the reader computed it. buyAmount / sellAmount = Σ amount of a trip's buys / sells, in
 * integer fen. Fees are the file's, or derived from net cash (推算), or estimated by the dated schedule when the
 * fill has none (估: feeBasis "schedule", feesEstimated).
 *
 * Positions. One FIFO queue of lots per code (A-share old Beijing codes are the 920 code). A buy (an IPO fill too, at
 * the issue price) adds a lot costing its amount + its fees; bonus shares add a lot at zero cost; a sell or a
 * transfer out takes shares from the oldest lots. An ETF 份额合并/拆分 (share_adjust) rescales the lots to the new
 * share count, cost unchanged. 股份转入/托管转入 adds a lot of unknown cost (below) unless it is the listing of an
 * allotment.
 *
 * Unknown openings. Shares held before the file began are an unknown-cost lot, put first in the queue: the part of a
 * sell (or transfer out, or share reduction) beyond what is held; shares transferred in without an allotment; bonus
 * shares or a share increase while nothing is held; and the shares a believed share-balance column shows beyond what
 * the file bought (a column is believed when it is not 0 everywhere and moves by the row's quantity on most rows
 * of the code, see balances.ts). The trip containing such shares has openingUnknown and is not realised. A sell,
 * transfer out or reduction while nothing at all is held (and no balance left after it) makes no trip: its fill has
 * roundTrip null and unmatchedQuantity = its quantity. Each case is listed in `unknownOpenings` with a Chinese reason.
 *
 * Allotments. Allotment rows (配债 / 中签 / 缴款 / 扣款 / 回冲) of a subscription code form a group: quantity the
 * largest stated less the shares of refund rows (申购返款), cost the cash paid net of refunds; a share event on a
 * subscription code with an open group (中信's 托管转出 of 783158) belongs to the group. They are never fills nor
 * trips. The group joins its listing code: the first later IPO fill, 股份转入 or sell while nothing is held, of the
 * same exchange with the same quantity and the same first two characters of the name (豪美发债 → 豪美转债; a row named
 * only 新增证券, or by its code, matches on quantity and exchange). An IPO fill already costs the issue price, so the group is only consumed; a transfer in
 * or a sell gets a lot at the group's cost (added to the trip's buyAmount and quantity). Groups that never join are
 * listed in `pendingAllotments`.
 *
 * Round trips. A trip opens when a position leaves zero and closes when it returns to zero; every fill in between
 * belongs to it. quantity = shares that entered (bought, bonus, allotted, unknown-opening); fees = every fee of its
 * fills; dividends are the events of that code dated within [openDate, closeDate] (an open trip: from openDate on; a
 * date shared by a closing and a re-opening trip goes to the earlier trip). Dividend tax (deducted when the shares
 * are sold, often days later) goes to the trip that held the shares at the latest dividend of the code on or before
 * the tax date, else the trip holding on the tax date, else the latest trip of the code closed on or before it.
 * pnl = sellAmount − buyAmount − fees + dividends − dividendTax. status: "open" while shares are held (pnl is only
 * the cash so far, never a result), "transferred" when a transfer out took part (no sale price: no P&L),
 * "closed" otherwise; realized = closed and not openingUnknown. Trips are listed in the order they opened.
 *
 * Unmatched. Dividends outside every holding period, dividend tax with no trip of its code, and transfers out are
 * listed in `unmatched`.
 *
 * Holding days. calendar.daysBetween(openDate, closeDate): trading days after the open up to and including the
 * close (0 = closed on the day it opened, 当日); an open trip counts to `asOf`, else to the last fill date (the last
 * share event's date in a file without fills).
 *
 * Summary (per market). Counts and ratios are over realised trips: roundTrips = realised trips; winRate = wins /
 * realised (NaN with none); profitFactor = won / |lost| (Infinity with wins and no loss, NaN with neither); avgWin =
 * won / wins and avgLoss = lost / losses (a negative number), both NaN without such trips and rounded to the fen;
 * avgHoldingDays unrounded (NaN with none); totalFees and turnover over every fill of the market (unmatched ones
 * included); openPositions = open trips of the market. Streaks use realised trips in close order (close date, close
 * time, open date, open order); a trip with pnl 0 is neither a win nor a loss and ends both streaks.
 *
 * Views (A-shares). monthly: by close month, months with a realised trip only; perStock: every code with a fill,
 * realised pnl of its realised trips, fees and turnover of all its fills, best pnl first; holding: the seven
 * buckets, realised trips; style.entries and style.timeOfDay: trade buys (IPO fills are not entries);
 * style.boards: realised trips and trade buys per board; equityCurve: realised pnl accumulated by close date.
 */

/**
 * The phases (ADR 0058), over one AnalysisState: prepare (fills and events in time order, fees present), trust (which
 * share-balance columns are believed), walk (lots, trips, unknown openings, allotments, history), dividends, then the
 * finished trips and each market's figures.
 */
function initialState(input: { fills: readonly Fill[]; events: readonly StatementEvent[] }, options: AnalysisOptions): AnalysisState {
  const canonical = canonicalCodes();
  const prepared = prepareFills(input.fills, options, canonical);
  const { events, positionEvents } = prepareEvents(input.events, canonical);
  return {
    ...prepared,
    events,
    positionEvents,
    options,
    calendar: options.calendar ?? defaultCalendar,
    trustedBalance: trustedBalances(prepared.fills, positionEvents),
    positions: new Map(),
    trips: [],
    unmatched: [],
    unknownOpenings: [],
    allotments: new Allotments(),
    history: options.positionHistory ? { snapshots: [], touched: new Set(), date: "" } : null,
  };
}

export function analyzeStatement(
  input: { fills: readonly Fill[]; events: readonly StatementEvent[] },
  options: AnalysisOptions = {},
): StatementAnalysis {
  const state = initialState(input, options);
  walkPositions(state);
  assignDividends(state);
  const finished = finishTrips(state);
  const { fills, events, trips, positions, allotments, unmatched, unknownOpenings, history } = state;
  const nameOf = (code: string): string => options.names?.(code) ?? positions.get(code)?.lastName ?? "";
  const a = marketFigures("A", trips, finished, state, nameOf);
  const hasHk = fills.some((f) => f.market === "HK");
  const hk = hasHk ? marketFigures("HK", trips, finished, state, nameOf) : null;
  const openPositions = openPositionsOf(state, nameOf);
  const byDate = <T extends { date: string }>(x: T, y: T) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0);
  unmatched.sort(byDate);
  unknownOpenings.sort(byDate);
  return {
    fills,
    events,
    roundTrips: finished.roundTrips,
    summary: a.summary,
    monthly: a.monthly,
    perStock: a.perStock,
    holding: a.holding,
    style: a.style,
    hk: hk === null ? null : { summary: hk.summary, perStock: hk.perStock, currency: fills.find((f) => f.market === "HK")!.currency },
    openPositions,
    ...(history === null ? {} : { positionHistory: history.snapshots }),
    unknownOpenings,
    pendingAllotments: allotments.pending().map((g) => ({
      code: g.code, exchange: g.exchange, name: g.name, quantity: g.quantity, cost: fenToYuan(g.costFen), date: g.date, line: g.line,
    })),
    unmatched,
    equityCurve: a.equityCurve,
  };
}
