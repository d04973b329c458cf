import { render, screen, within } from "@testing-library/react";
import type { OrderView, ReceiptView, SubscriptionView } from "@/lib/domain/payments/types";
import { AutoRenewList } from "./AutoRenewList";
import { OrdersTable } from "./OrdersTable";
import { ReceiptsTable } from "./ReceiptsTable";

const order = (status: OrderView["status"], n: number): OrderView =>
  ({
    orderGuid: `0000000${n}-aaaa-bbbb-cccc-dddddddddddd`, planId: "vip-month", planName: "VIP 月卡", levelId: 100, days: 30, method: "card", status,
    amountFen: 6800, currency: "cny", autoRenew: false, failureMessage: null, createdAt: "2025-01-01T02:00:00Z", paidAt: null,
  }) as OrderView;

describe("OrdersTable", () => {
  it("offers 继续支付 for a pending order, 重新购买 after a failure and 详情 otherwise", () => {
    render(<OrdersTable orders={[order("pending", 1), order("failed", 2), order("paid", 3)]} empty={null} />);
    const rows = screen.getAllByTestId("order-row");
    expect(rows.map((r) => within(r).getByRole("link").textContent)).toEqual(["继续支付", "重新购买", "详情"]);
    expect(within(rows[1]!).getByRole("link")).toHaveAttribute("href", "/pay?plan=vip-month");
    expect(within(rows[2]!).getByRole("link")).toHaveAttribute("href", `/pay/result?order=${encodeURIComponent(order("paid", 3).orderGuid)}`);
    expect(within(rows[0]!).getAllByRole("cell")[0]).toHaveAttribute("title", order("pending", 1).orderGuid);
    expect(rows[2]).toHaveTextContent("已支付");
  });

  it("shows the empty state without orders", () => {
    render(<OrdersTable orders={[]} empty={<p>暂无订单</p>} />);
    expect(screen.getByText("暂无订单")).toBeInTheDocument();
    expect(screen.queryByTestId("orders")).toBeNull();
  });
});

describe("ReceiptsTable", () => {
  it("shows the days granted, or that a refund ended them, and the refund", () => {
    const receipt = (n: string, extra: Partial<ReceiptView>) =>
      ({ receiptNumber: n, orderGuid: "o", paidAt: "2025-01-02T03:00:00Z", planName: "VIP 月卡", kind: "pass", grantFrom: null, grantTo: null, amountFen: 6800, refundedFen: 0, ...extra }) as ReceiptView;
    render(<ReceiptsTable receipts={[receipt("R-1", { grantFrom: "2025-01-02", grantTo: "2025-02-01" }), receipt("R-2", { refundedFen: 6800 })]} empty={null} />);
    const [first, second] = screen.getAllByTestId("receipt-row");
    expect(first).toHaveTextContent("2025-01-02 至 2025-02-01");
    expect(second).toHaveTextContent("已随退款失效");
    expect(second).toHaveTextContent("已退 ¥68.00");
  });
});

describe("AutoRenewList", () => {
  it("gives the next charge of a renewing subscription, the level's end of a cancelled one, and lists the ended", () => {
    const sub = (id: string, extra: Partial<SubscriptionView>) =>
      ({ id, planName: `卡${id}`, levelId: 200, status: "active", renewing: true, currentPeriodEnd: "2025-02-01", ...extra }) as SubscriptionView;
    render(<AutoRenewList current={[sub("1", {}), sub("2", { status: "canceling", renewing: false })]} past={[sub("3", { status: "canceled", currentPeriodEnd: "2024-02-01" })]} empty={null} />);
    const [renewing, cancelled] = within(screen.getByTestId("subscriptions")).getAllByRole("listitem");
    expect(renewing).toHaveTextContent("下次扣款日 2025-02-01");
    expect(within(renewing!).getByRole("link")).toHaveTextContent("取消自动续费");
    expect(cancelled).toHaveTextContent("SVIP 可使用至 2025-02-01");
    expect(screen.getByText(/已结束的订阅/)).toHaveTextContent("卡3（2024-02-01）");
  });
});
