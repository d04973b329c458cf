import type { SignChecks } from "@/lib/domain/statements/import/phases/state";
import type { WarningLog } from "@/lib/domain/statements/import/phases/warnings";

/** Phase 4: the sign 发生金额 carries, judged over the whole file. */
export function reportSigns(checks: SignChecks, warn: WarningLog, cashName: string): void {
  const n = checks.lines.length;
  let anyBuy = false;
  let unsigned = true;
  for (let i = 0; i < n; i++) {
    if (checks.buys[i]) anyBuy = true;
    if (checks.buys[i] !== checks.flipped[i]) unsigned = false;
  }
  if (anyBuy && unsigned) {
    warn.note(`${cashName}不带正负号（买入也记为正数），买卖方向按业务名称判断。`);
    return;
  }
  for (let i = 0; i < n; i++) {
    if (!checks.flipped[i]) continue;
    warn.add(
      "发生金额正负号与买卖方向不符",
      `第${checks.lines[i]}行：${cashName}的正负号与${checks.buys[i] ? "买入" : "卖出"}方向不符，买卖方向按业务名称判断。`,
    );
  }
}

