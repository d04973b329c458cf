import { act, render, screen, waitFor } from "@testing-library/react";
import type { OrderView } from "@/lib/domain/payments/types";
import { OrderOutcome } from "./OrderOutcome";
import { OrderStatusPoller, POLL_INTERVAL_MS, POLL_LIMIT_MS } from "./OrderStatusPoller";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), refresh }) }));

const fetchMock = jest.fn();
const GUID = "6f1c2d3e-4a5b-4c6d-8e7f-001122334455";
const ORDER: OrderView = {
  orderGuid: GUID,
  planId: "vip-month",
  planName: "VIP 月卡",
  levelId: 100,
  days: 30,
  amountFen: 6800,
  currency: "cny",
  method: "card",
  autoRenew: false,
  status: "paid",
  failureMessage: null,
  createdAt: "2026-11-20T06:00:00.000Z",
  paidAt: "2026-11-20T06:01:02.000Z",
};
const member = { levelName: "VIP", levelEndDate: "2026-12-20" };

beforeEach(() => {
  jest.clearAllMocks();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe("OrderOutcome", () => {
  it("paid: the member's level and end date, the order and where to go next", () => {
    render(<OrderOutcome order={{ ...ORDER, autoRenew: true }} member={member} />);
    expect(screen.getByRole("heading", { name: "支付成功" })).toBeInTheDocument();
    expect(screen.getByTestId("outcome-level")).toHaveTextContent("你现在是 VIP，有效期至 2026-12-20");
    expect(screen.getByText("已开通自动续费，可随时在“我的订阅”中取消。")).toBeInTheDocument();
    const summary = screen.getByTestId("order-summary");
    expect(summary).toHaveTextContent("VIP 月卡");
    expect(summary).toHaveTextContent("¥68.00");
    expect(summary).toHaveTextContent("2026-11-20 14:01:02");
    expect(summary).toHaveTextContent(GUID);
    expect(screen.getByRole("link", { name: "我的订阅" })).toHaveAttribute("href", "/user/subscription");
    expect(screen.queryByTestId("order-poller")).not.toBeInTheDocument();
  });

  it("pending: says it is being confirmed, polls and lets the member continue paying", () => {
    render(<OrderOutcome order={{ ...ORDER, status: "pending", paidAt: null }} member={{ levelName: "普通会员", levelEndDate: "" }} />);
    expect(screen.getByRole("heading", { name: "等待支付结果" })).toBeInTheDocument();
    expect(screen.getByTestId("order-poller")).toHaveTextContent("正在确认支付结果");
    expect(screen.getByRole("link", { name: "还没付款？继续支付" })).toHaveAttribute("href", `/stripePay?order=${GUID}`);
  });

  it("failed: the reason and a way to pay again", () => {
    render(<OrderOutcome order={{ ...ORDER, status: "failed", paidAt: null, failureMessage: "余额不足" }} member={member} poll={false} />);
    expect(screen.getByRole("heading", { name: "支付未成功" })).toBeInTheDocument();
    expect(screen.getByTestId("outcome-reason")).toHaveTextContent("余额不足");
    expect(screen.getByRole("link", { name: "重新支付" })).toHaveAttribute("href", "/pay?plan=vip-month");
  });

  it("unknown order: 订单不存在", () => {
    render(<OrderOutcome order={null} member={member} />);
    expect(screen.getByRole("heading", { name: "订单不存在" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "查看会员价格" })).toHaveAttribute("href", "/price");
  });

  it("refunded: says the days are gone", () => {
    render(<OrderOutcome order={{ ...ORDER, status: "refunded" }} member={{ levelName: "普通会员", levelEndDate: "" }} />);
    expect(screen.getByRole("heading", { name: "订单已退款" })).toBeInTheDocument();
    expect(screen.getByText(/本订单对应的会员天数已失效/)).toBeInTheDocument();
  });
});

describe("OrderOutcome and the browser's copy of the membership", () => {
  const renewed = {
    nickName: "龙哥", avatar: "", mobile: "", email: "long@example.com", invitationCode: "ABC123", levelEndDate: "2027-01-19",
    levelName: "VIP", levelId: 100, levelCode: "vip", uguid: "6f1c2d3e-0000-4c6d-8e7f-001122334455",
  };
  afterEach(() => {
    document.cookie = "userinfo=; path=/; max-age=0";
    window.localStorage.clear();
  });

  it("an outcome asks the server once, whose answer rewrote the cookie, and the localStorage mirror follows it", async () => {
    // The login's copy still has the end date before this renewal at the same level.
    document.cookie = `userinfo=${encodeURIComponent(JSON.stringify({ ...renewed, levelEndDate: "2026-12-20" }))}; path=/`;
    fetchMock.mockImplementation(async (url: string) => {
      document.cookie = `userinfo=${encodeURIComponent(JSON.stringify(renewed))}; path=/`;
      return { ok: url === "/api/user/info", json: async () => ({ data: renewed }) };
    });
    render(<OrderOutcome order={ORDER} member={member} />);
    await waitFor(() => expect(window.localStorage.getItem("userinfo_lianghua")).toContain("2027-01-19"));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/user/info"]);
  });

  it("an unknown order asks nothing", () => {
    render(<OrderOutcome order={null} member={member} />);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("OrderStatusPoller", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const answer = (status: string) => fetchMock.mockResolvedValueOnce({ ok: true, status: 200, json: async () => ({ order: { ...ORDER, status } }) });

  it("asks every 2 s and re-renders the page once the status changes", async () => {
    answer("pending");
    answer("paid");
    render(<OrderStatusPoller orderGuid={GUID} status="pending" />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/pay/orders/${GUID}`);
    expect(refresh).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(refresh).toHaveBeenCalledTimes(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("stops after 60 s and offers a manual check", async () => {
    fetchMock.mockResolvedValue({ ok: true, status: 200, json: async () => ({ order: { ...ORDER, status: "pending" } }) });
    render(<OrderStatusPoller orderGuid={GUID} status="pending" />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(POLL_LIMIT_MS + POLL_INTERVAL_MS);
    });
    const calls = fetchMock.mock.calls.length;
    expect(calls).toBeLessThanOrEqual(POLL_LIMIT_MS / POLL_INTERVAL_MS);
    expect(screen.getByRole("button", { name: "重新查询" })).toBeInTheDocument();
    expect(screen.getByText(/暂时还没有收到支付结果/)).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5);
    });
    expect(fetchMock.mock.calls.length).toBe(calls);
  });
});
