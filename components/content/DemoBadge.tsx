/** Every piece of demo data carries this label wherever it shows. */
export function DemoBadge() {
  return (
    <span className="inline-flex shrink-0 items-center rounded border border-amber-300 bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800">
      演示数据
    </span>
  );
}
