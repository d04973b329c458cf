const SWATCH = "inline-block h-2.5 w-2.5 rounded-sm";
const LOSS = "22, 163, 74";
const GAIN = "224, 40, 46";

/**
 * 亏 ■■□■■ 盈: the key of a monthly heat map, from a strong loss (green) through nothing to a strong gain (red).
 * `strong` is the opacity of the strongest swatch, `zeroClassName` the look of a month without a result.
 */
export function HeatScale({ strong, zeroClassName }: { strong: number; zeroClassName: string }) {
  return (
    <span className="inline-flex items-center gap-1" aria-hidden>
      亏
      <span className={SWATCH} style={{ background: `rgba(${LOSS}, ${strong})` }} />
      <span className={SWATCH} style={{ background: `rgba(${LOSS}, 0.3)` }} />
      <span className={`${SWATCH} ${zeroClassName}`} />
      <span className={SWATCH} style={{ background: `rgba(${GAIN}, 0.3)` }} />
      <span className={SWATCH} style={{ background: `rgba(${GAIN}, ${strong})` }} />
      盈
    </span>
  );
}
