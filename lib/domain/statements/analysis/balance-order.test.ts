import type { Fill } from "@/lib/domain/statements/types";
import { analyzeStatement } from "./index";
import { fees, fill, resetLines } from "./rows.test-support";

beforeEach(resetLines);

const analyze = (...fills: Fill[]) => analyzeStatement({ fills, events: [] });

describe("share balances against times within a day", () => {
  it("follow the balance chain: a sale timed before its buy still closes the trip, with no unknown opening", () => {
    const a = analyze(
      // the sale's time is before the buy's, but its balance (0) comes after the buy's (1000)
      fill({ date: "2024-03-04", time: "09:30:00", side: "sell", quantity: 1000, price: 10.5, fees: fees(5), shareBalance: 0 }),
      fill({ date: "2024-03-04", time: "10:00:00", side: "buy", quantity: 1000, price: 10, fees: fees(5), shareBalance: 1000 }),
    );
    // 10,500 − 10,000 − 10
    expect(a.roundTrips.map((t) => [t.status, t.openingUnknown, t.pnl])).toEqual([["closed", false, 490]]);
    expect(a.openPositions).toEqual([]);
    expect(a.fills.map((f) => f.side)).toEqual(["buy", "sell"]);
  });

  it("keep each code's rows in the places the times gave them (other codes' rows between them stay put)", () => {
    const a = analyze(
      fill({ date: "2024-03-04", time: "09:30:00", side: "sell", quantity: 300, price: 11, fees: fees(1), shareBalance: 0 }),
      fill({ date: "2024-03-04", time: "09:45:00", code: "000001", name: "平安银行", side: "buy", quantity: 100, price: 9, fees: fees(1), shareBalance: 100 }),
      fill({ date: "2024-03-04", time: "10:00:00", side: "buy", quantity: 300, price: 10, fees: fees(1), shareBalance: 300 }),
    );
    expect(a.roundTrips.map((t) => [t.code, t.status, t.openingUnknown, t.pnl])).toEqual([
      ["600000", "closed", false, 298],
      ["000001", "open", false, -901],
    ]);
  });

  it("keep the time order when the balances make no single chain", () => {
    const a = analyze(
      fill({ date: "2024-03-04", time: "09:30:00", side: "sell", quantity: 1000, price: 10.5, fees: fees(5), shareBalance: 500 }),
      fill({ date: "2024-03-04", time: "10:00:00", side: "buy", quantity: 1000, price: 10, fees: fees(5), shareBalance: 2000 }),
    );
    expect(a.fills.map((f) => f.side)).toEqual(["sell", "buy"]);
  });
});
