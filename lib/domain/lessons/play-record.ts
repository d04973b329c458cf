import { BUY_PLAYS, PLAY_LABELS, type BuyPlay, type PlayLabel, type UnknownPlay } from "./plays";

/** Below this many round trips a 打法's figures are shown with a note: too few to mean much (docs/adr/0080). */
export const MIN_PLAY_SAMPLE = 20;

export interface LabelledBuy {
  code: string;
  date: string;
  time: string | null;
  price: number;
  label: PlayLabel | UnknownPlay;
}

export interface PlayTrip {
  code: string;
  openDate: string;
  /** closed, with a known cost: counted */
  realized: boolean;
  pnl: number;
}

export interface PlayStats {
  play: BuyPlay;
  label: string;
  /** buys made so */
  buys: number;
  /** realised round trips opened by such a buy */
  trips: number;
  wins: number;
  /** null without trips */
  winRate: number | null;
  totalPnl: number;
  averagePnl: number | null;
  /** fewer than MIN_PLAY_SAMPLE trips */
  smallSample: boolean;
}

export interface LimitUpStats {
  /** 打板 buys */
  buys: number;
  /** the average of next trading day's open over the buy price, less 1 (次日溢价), over the buys with a next day */
  nextDayPremium: number | null;
  nextDaySamples: number;
  /** the share of 打板 buys on days that closed below the limit-up price (炸板率) */
  brokenRate: number | null;
}

export interface PlayRecord {
  plays: PlayStats[];
  limitUp: LimitUpStats;
  /** buys no label could be given to (no bar that day) */
  unlabelled: number;
}

/**
 * A book's record per 打法: each realised round trip counts for the 打法 of the buy that opened it (the first labelled
 * buy of its code on its opening day), with the 打板 buys' next-day premium and 炸板 rate. `nextOpen` is the open of
 * the trading day after `date`.
 */
export function playRecord(buys: readonly LabelledBuy[], trips: readonly PlayTrip[], nextOpen: (code: string, date: string) => number | undefined): PlayRecord {
  const opening = new Map<string, LabelledBuy>();
  for (const buy of [...buys].sort((a, b) => (a.time ?? "").localeCompare(b.time ?? ""))) {
    const key = `${buy.code}|${buy.date}`;
    if (buy.label.play !== null && !opening.has(key)) opening.set(key, buy);
  }
  const stats = new Map<BuyPlay, PlayStats>(
    BUY_PLAYS.map((play) => [play, { play, label: PLAY_LABELS[`buy:${play}`], buys: 0, trips: 0, wins: 0, winRate: null, totalPnl: 0, averagePnl: null, smallSample: true }]),
  );
  let unlabelled = 0;
  for (const buy of buys) {
    if (buy.label.play === null) unlabelled++;
    else stats.get(buy.label.play as BuyPlay)!.buys++;
  }
  for (const trip of trips) {
    if (!trip.realized) continue;
    const buy = opening.get(`${trip.code}|${trip.openDate}`);
    if (!buy) continue;
    const s = stats.get(buy.label.play as BuyPlay)!;
    s.trips++;
    if (trip.pnl > 0) s.wins++;
    s.totalPnl = Math.round((s.totalPnl + trip.pnl) * 100) / 100;
  }
  for (const s of stats.values()) {
    s.winRate = s.trips > 0 ? s.wins / s.trips : null;
    s.averagePnl = s.trips > 0 ? Math.round((s.totalPnl / s.trips) * 100) / 100 : null;
    s.smallSample = s.trips < MIN_PLAY_SAMPLE;
  }
  const boards = buys.filter((b) => b.label.play === "limit-up");
  const premiums = boards.flatMap((b) => {
    const open = nextOpen(b.code, b.date);
    return open !== undefined && b.price > 0 ? [open / b.price - 1] : [];
  });
  const broken = boards.filter((b) => (b.label as PlayLabel).sealed === false).length;
  return {
    plays: [...stats.values()],
    limitUp: {
      buys: boards.length,
      nextDayPremium: premiums.length > 0 ? premiums.reduce((a, b) => a + b, 0) / premiums.length : null,
      nextDaySamples: premiums.length,
      brokenRate: boards.length > 0 ? broken / boards.length : null,
    },
    unlabelled,
  };
}
