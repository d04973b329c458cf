import { demoLabelling } from "@/lib/domain/demo-labels";

/** Every piece of demo data carries this label wherever it shows: once per section (ADR 0039). */
export function DemoBadge() {
  return (
    <span className="inline-flex shrink-0 items-center rounded border border-amber-300 bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800">
      演示数据
    </span>
  );
}

/** The one label of a section whose rows are all demo data; nothing otherwise (mixed lists label their rows). */
export function DemoSectionNote({ items, className = "mb-2" }: { items: readonly { isDemo: boolean }[]; className?: string }) {
  if (!demoLabelling(items).section) return null;
  return (
    <p className={`flex items-center gap-2 text-xs text-slate-500 ${className}`} data-testid="demo-section-note">
      <DemoBadge />
      <span>本栏内容均为演示数据</span>
    </p>
  );
}
