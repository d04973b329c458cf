/** Random times inside continuous trading (09:30–11:30, 13:00–14:57), in windows a trader would use. */
export type TimeWindow = "open" | "session" | "close";

const SESSIONS = [
  [9 * 3600 + 30 * 60, 11 * 3600 + 30 * 60],
  [13 * 3600, 14 * 3600 + 57 * 60],
] as const;

const WINDOWS: Record<TimeWindow, readonly (readonly [number, number])[]> = {
  open: [[9 * 3600 + 30 * 60, 10 * 3600 + 15 * 60]],
  session: SESSIONS,
  close: [[14 * 3600 + 40 * 60, 14 * 3600 + 57 * 60]],
};

/** seconds since midnight → `HH:mm:ss` */
export function timeOfDay(seconds: number): string {
  const hh = String(Math.floor(seconds / 3600)).padStart(2, "0");
  const mm = String(Math.floor(seconds / 60) % 60).padStart(2, "0");
  const ss = String(seconds % 60).padStart(2, "0");
  return `${hh}:${mm}:${ss}`;
}

/** `HH:mm:ss` (or `HH:mm`) → seconds since midnight; missing parts count as 0 */
export function secondsOfDay(time: string): number {
  const [hh = 0, mm = 0, ss = 0] = time.split(":").map(Number);
  return hh * 3600 + mm * 60 + ss;
}

/** `HH:mm:ss` inside the window; `u` is a uniform in [0, 1) */
export function tradingTime(window: TimeWindow, u: number): string {
  const ranges = WINDOWS[window];
  const total = ranges.reduce((sum, [from, to]) => sum + (to - from), 0);
  let offset = Math.floor(u * total);
  for (const [from, to] of ranges) {
    if (offset < to - from) return timeOfDay(from + offset);
    offset -= to - from;
  }
  return timeOfDay((ranges.at(-1)?.[1] ?? SESSIONS[1][1]) - 1);
}

/** true when `HH:mm:ss` is inside continuous trading */
export function isContinuousTradingTime(time: string): boolean {
  const [hh = NaN, mm = NaN, ss = NaN] = time.split(":").map(Number);
  const seconds = hh * 3600 + mm * 60 + ss;
  return SESSIONS.some(([from, to]) => seconds >= from && seconds <= to);
}
