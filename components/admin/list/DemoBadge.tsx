/** 演示数据 beside the name of a master, strategy or article the demo seed made. */
export function DemoBadge() {
  return <span className="ml-1.5 whitespace-nowrap rounded bg-amber-50 px-1.5 py-px text-xs text-amber-800">演示数据</span>;
}
