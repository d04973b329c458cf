import { exchangeOf, hongKongCode, isHongKongMarketText, isShanghaiAccount, isShanghaiCode, isSubscriptionCode } from "@/lib/domain/market/codes";
import { cellAt, type Columns } from "@/lib/domain/statements/import/phases/columns";
import { digitsOf, type Lookups } from "@/lib/domain/statements/import/phases/lookups";
import type { Row, SecurityId } from "@/lib/domain/statements/import/phases/state";
import { nameKeyOf } from "@/lib/domain/statements/name-codes";

/**
 * The security of a row. 港股通 (five digits, exchange and market "HK") when: the code is written as five digits
 * with a leading zero (`09988`: an A-share that lost zeros loses all of them); five digits without one (`72988`, a
 * 072988 that lost one zero) or fewer only with a Hong Kong sign on the row or on a Shanghai account whose six-digit
 * padding is no Shanghai code (counter exports drop the zeros: 700 on A… is 00700, 961 on a Shenzhen account is
 * 000961).
 */
export function securityOf(columns: Columns, lookups: Lookups, row: Row): SecurityId | null {
  if (row.codeText === "") return columns.fields.code === undefined ? namedSecurity(columns, row) : null;
  const digits = digitsOf(lookups, row.codeText);
  if (!digits) return null;
  const account = cellAt(columns, row.cells, "account");
  const market = cellAt(columns, row.cells, "market");
  // only the first letter of the 股东代码 matters
  const key = `${digits}|${account.charAt(0)}|${market}|${row.hkSign ? 1 : 0}`;
  let id = lookups.ids.get(key);
  if (!id) {
    const six = digits.padStart(6, "0");
    let hk: boolean;
    if (digits.length === 5 && digits.charCodeAt(0) === 0x30) hk = true;
    else if (digits.length <= 5) hk = row.hkSign || (isShanghaiAccount(account) && !isShanghaiCode(six));
    else hk = row.hkSign && digits.startsWith("0") && isHongKongMarketText(market);
    const hkCode = hk ? hongKongCode(digits) : null;
    if (hkCode) {
      id = { code: hkCode, exchange: "HK", market: "HK", subscription: false };
    } else {
      let exchange = exchangeOf(six, { shareholderAccount: account || null, market: market || null });
      if (exchange === "HK") exchange = exchangeOf(six, { shareholderAccount: account || null });
      id = { code: six, exchange, market: "A", subscription: isSubscriptionCode(six) };
    }
    if (lookups.ids.size < 100_000) lookups.ids.set(key, id);
  }
  return id;
}

/**
 * A file without a code column: the security keyed by its name, for the import to resolve (docs/adr/0075). The
 * exchange is what the 股东代码 or 交易市场 says; without either it is a guess (深圳) that a resolved code replaces.
 */
function namedSecurity(columns: Columns, row: Row): SecurityId | null {
  const key = nameKeyOf(row.name);
  if (key === "" || /^\d+$/.test(key)) return null;
  if (row.hkSign) return { code: key, exchange: "HK", market: "HK", subscription: false };
  const account = cellAt(columns, row.cells, "account");
  const market = cellAt(columns, row.cells, "market");
  return { code: key, exchange: exchangeOf("", { shareholderAccount: account || null, market: market || null }), market: "A", subscription: false };
}
