import {
  addDaysToDate, availableMethods, continuePayHref, isPayable, newNonce, parseYuanToFen, fenToYuanInput, planValue,
  purchaseEffect, safeLocalPath, shortOrderNo, subscriptionState,
} from "./pay-helpers";

const base = { currentLevelId: 0, currentLevelName: "普通会员", levelEndDate: "", planLevelId: 100, planLevelName: "VIP", days: 30, today: "2026-11-20" };

describe("purchaseEffect", () => {
  it("starts today for a free member", () => {
    expect(purchaseEffect(base)).toBe("支付后立即生效，VIP 有效期至 2026-12-20。");
  });
  it("extends the same level end to end (同等级顺延)", () => {
    expect(purchaseEffect({ ...base, currentLevelId: 100, currentLevelName: "VIP", levelEndDate: "2026-12-31", days: 90 })).toBe(
      "同等级顺延：VIP 有效期从 2026-12-31 顺延 90 天，至 2027-03-31。",
    );
  });
  it("upgrades at once and keeps the lower level", () => {
    expect(purchaseEffect({ ...base, currentLevelId: 100, currentLevelName: "VIP", levelEndDate: "2027-01-31", planLevelId: 200, planLevelName: "SVIP" })).toBe(
      "支付后立即升级为 SVIP，有效期至 2026-12-20；你的 VIP（至 2027-01-31）不会作废，SVIP 到期后仍可继续使用。",
    );
  });
  it("warns that a lower level overlaps a higher one", () => {
    expect(purchaseEffect({ ...base, currentLevelId: 200, currentLevelName: "SVIP", levelEndDate: "2027-01-31" })).toMatch(/已包含 VIP 的全部权益/);
  });
});

describe("money and dates", () => {
  it("adds calendar days across months and years", () => {
    expect(addDaysToDate("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysToDate("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDaysToDate("bad", 1)).toBe("");
  });
  it("parses yuan into fen without floating point", () => {
    expect(parseYuanToFen("68")).toBe(6800);
    expect(parseYuanToFen("68.5")).toBe(6850);
    expect(parseYuanToFen(" ¥1,098.00 ")).toBe(109800);
    expect(parseYuanToFen("0.29")).toBe(29);
    expect(parseYuanToFen("19.99")).toBe(1999);
    for (const bad of ["", "abc", "1.234", "-5", "1e3", "."]) expect(parseYuanToFen(bad)).toBeNull();
    expect(fenToYuanInput(6800)).toBe("68.00");
    expect(fenToYuanInput(6805)).toBe("68.05");
  });
  it("works out the per-month price and the saving against the monthly plan", () => {
    expect(planValue(6800, "month", 6800)).toBeNull();
    expect(planValue(18800, "quarter", 6800)).toEqual({ perMonthFen: 6267, savingFen: 1600 });
    expect(planValue(59800, "year", 6800)).toEqual({ perMonthFen: 4983, savingFen: 21800 });
    expect(planValue(59800, "year", null)).toEqual({ perMonthFen: 4983, savingFen: 0 });
  });
});

describe("orders and subscriptions", () => {
  const guid = "6f1c2d3e-4a5b-4c6d-8e7f-001122334455";
  it("links an order to the page of its method", () => {
    expect(continuePayHref({ orderGuid: guid, method: "card" })).toBe(`/stripePay?order=${guid}`);
    expect(continuePayHref({ orderGuid: guid, method: "checkout" })).toBe(`/stripePay1?order=${guid}`);
    expect(continuePayHref({ orderGuid: guid, method: "test" })).toBe(`/paytest?order=${guid}`);
    expect(shortOrderNo(guid)).toBe("6F1C2D3E");
    expect(isPayable({ status: "failed" })).toBe(true);
    expect(isPayable({ status: "paid" })).toBe(false);
  });
  it("follows only same-origin paths", () => {
    expect(safeLocalPath("/paytest?order=1", "/x")).toBe("/paytest?order=1");
    for (const bad of ["//evil.example", "https://evil.example", "/\\evil", 42, undefined]) expect(safeLocalPath(bad, "/x")).toBe("/x");
  });
  it("names subscription states in Chinese", () => {
    expect(subscriptionState({ status: "active", renewing: true }).text).toBe("自动续费中");
    expect(subscriptionState({ status: "active", renewing: false }).text).toBe("已取消自动续费，到期后不再扣款");
    expect(subscriptionState({ status: "past_due", renewing: true }).text).toBe("扣款失败，请更新付款方式");
    expect(subscriptionState({ status: "canceled", renewing: false }).text).toBe("已结束");
  });
  it("lists the methods that are configured", () => {
    expect(availableMethods({ stripe: true, testMode: false })).toEqual(["card", "checkout"]);
    expect(availableMethods({ stripe: false, testMode: true })).toEqual(["test"]);
    expect(availableMethods({ stripe: false, testMode: false })).toEqual([]);
  });
  it("makes v4 nonces", () => {
    const ids = new Set(Array.from({ length: 20 }, newNonce));
    expect(ids.size).toBe(20);
  });
});
