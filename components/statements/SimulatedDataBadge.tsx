/** Market data that is simulated (no licensed feed for these bars) carries this label wherever it shows. */
export function SimulatedDataBadge({ title = "K线为模拟行情，仅用于演示买卖点，不代表真实价格" }: { title?: string }) {
  return (
    <span
      data-testid="simulated-data-badge"
      title={title}
      className="inline-flex shrink-0 items-center rounded border border-amber-300 bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800"
    >
      模拟行情
    </span>
  );
}
