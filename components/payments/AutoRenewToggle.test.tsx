import "@/components/ui/test-polyfills";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SubscriptionView } from "@/lib/domain/payments/types";
import { AutoRenewToggle } from "./AutoRenewToggle";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), refresh }) }));

const fetchMock = jest.fn();
const respond = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce({ ok: status >= 200 && status < 300, status, json: async () => body });
const sent = (call = 0) => JSON.parse((fetchMock.mock.calls[call]![1] as RequestInit).body as string);

const SUB: SubscriptionView = {
  id: "0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10",
  planName: "VIP 月卡",
  levelId: 100,
  status: "active",
  renewing: true,
  currentPeriodEnd: "2026-12-01",
};

beforeEach(() => {
  jest.clearAllMocks();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe("AutoRenewToggle", () => {
  it("asks before cancelling, explains access stays until the period ends, and can turn renewal back on", async () => {
    const user = userEvent.setup();
    render(<AutoRenewToggle subscription={SUB} today="2026-11-20" />);
    expect(screen.getByTestId("subscription-status")).toHaveTextContent("自动续费中");
    expect(screen.getByText("下次扣款日 2026-12-01")).toBeInTheDocument();

    // Changing one's mind sends nothing.
    await user.click(screen.getByRole("button", { name: "取消自动续费" }));
    let dialog = screen.getByRole("dialog", { name: "取消自动续费？" });
    expect(dialog).toHaveTextContent("仍可使用至 2026-12-01");
    await user.click(within(dialog).getByRole("button", { name: "暂不取消" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "取消自动续费" }));
    dialog = screen.getByRole("dialog", { name: "取消自动续费？" });
    respond(200, { subscription: { ...SUB, renewing: false }, message: "已取消自动续费，会员有效期至 2026-12-01" });
    await user.click(within(dialog).getByRole("button", { name: "确认取消" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith("/api/user/subscription", expect.objectContaining({ method: "POST" }));
    expect(sent()).toEqual({ subscriptionId: SUB.id, renew: false });
    expect(screen.getByRole("status")).toHaveTextContent("已取消自动续费，会员有效期至 2026-12-01");
    expect(screen.getByTestId("subscription-status")).toHaveTextContent("已取消自动续费，到期后不再扣款");
    expect(screen.getByText("VIP 可使用至 2026-12-01")).toBeInTheDocument();
    expect(refresh).toHaveBeenCalled();

    respond(200, { subscription: SUB, message: "已恢复自动续费" });
    await user.click(screen.getByRole("button", { name: "恢复自动续费" }));
    await waitFor(() => expect(screen.getByTestId("subscription-status")).toHaveTextContent("自动续费中"));
    expect(sent(1)).toEqual({ subscriptionId: SUB.id, renew: true });
    expect(screen.getByRole("button", { name: "取消自动续费" })).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's message when cancelling fails", async () => {
    const user = userEvent.setup();
    render(<AutoRenewToggle subscription={SUB} today="2026-11-20" />);
    await user.click(screen.getByRole("button", { name: "取消自动续费" }));
    respond(503, { message: "在线支付暂未开通" });
    await user.click(screen.getByRole("button", { name: "确认取消" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("alert")).toHaveTextContent("在线支付暂未开通");
    expect(screen.getByTestId("subscription-status")).toHaveTextContent("自动续费中");
  });

  it("offers no switch once the paid period is over", () => {
    render(<AutoRenewToggle subscription={{ ...SUB, renewing: false }} today="2026-12-02" />);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
