import { boardOf } from "@/lib/domain/market/codes";

/**
 * Buy quantities (research B.2): 100-share lots; 科创板 at least 200 then steps of 1; 北交所 at least 100 then
 * steps of 1; convertible bonds (11x/12x) in lots of 10. Sells may be odd lots, so only buys are checked.
 */
export function minBuyQuantity(code: string): number {
  if (boardOf(code) === "star") return 200;
  if (/^1[12]\d{4}$/.test(code)) return 10;
  return 100;
}

export function isValidBuyQuantity(code: string, quantity: number): boolean {
  if (!Number.isInteger(quantity) || quantity < minBuyQuantity(code)) return false;
  const board = boardOf(code);
  if (board === "star" || board === "bj") return true;
  return quantity % minBuyQuantity(code) === 0;
}
