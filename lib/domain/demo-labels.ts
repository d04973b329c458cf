/**
 * Where 演示数据 is said (ADR 0039): once for a section whose rows are all demo data; on each demo row only when a
 * section mixes demo and real rows, so a real row is never mistaken for a demo one, nor the other way round.
 */
export interface DemoLabelling {
  /** one label for the whole section */
  section: boolean;
  /** a label on each demo row */
  rows: boolean;
}

export function demoLabelling(items: readonly { isDemo: boolean }[]): DemoLabelling {
  const demo = items.reduce((n, item) => n + (item.isDemo ? 1 : 0), 0);
  if (demo === 0) return { section: false, rows: false };
  if (demo === items.length) return { section: true, rows: false };
  return { section: false, rows: true };
}
