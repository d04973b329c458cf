import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockFetch } from "@/components/ui/fetch-mock.test-support";
import { ConfirmOrderForm } from "./ConfirmOrderForm";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push, refresh: jest.fn() }) }));

const { fetchMock, respond, sent } = mockFetch();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const GUID = "6f1c2d3e-4a5b-4c6d-8e7f-001122334455";
const order = { orderGuid: GUID, method: "card", status: "pending" };

describe("ConfirmOrderForm", () => {
  it("makes one order on a double click and goes where the server says", async () => {
    const user = userEvent.setup();
    let answer: (value: unknown) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    render(<ConfirmOrderForm planId="vip-month" methods={["card", "checkout"]} renewable amountText="¥68.00" />);

    const button = screen.getByRole("button", { name: "确认支付 ¥68.00" });
    await user.dblClick(button);
    expect(button).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith("/api/pay/orders", expect.objectContaining({ method: "POST", credentials: "same-origin" }));
    expect(sent()).toEqual({ planId: "vip-month", method: "card", autoRenew: false, nonce: expect.stringMatching(UUID) });

    answer({ ok: true, status: 200, json: async () => ({ order, next: `/stripePay?order=${GUID}` }) });
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/stripePay?order=${GUID}`));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("keeps the nonce of the page view when the member retries after an error", async () => {
    const user = userEvent.setup();
    render(<ConfirmOrderForm planId="vip-month" methods={["card", "checkout"]} renewable amountText="¥68.00" />);
    respond(429, { message: "下单过于频繁，请稍后再试" });
    await user.click(screen.getByRole("button", { name: "确认支付 ¥68.00" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("下单过于频繁，请稍后再试");
    expect(push).not.toHaveBeenCalled();

    await user.click(screen.getByRole("radio", { name: /Stripe 收银台/ }));
    await user.click(screen.getByRole("checkbox", { name: "到期自动续费，可随时取消" }));
    respond(200, { order: { ...order, method: "checkout" }, next: `/stripePay1?order=${GUID}` });
    await user.click(screen.getByRole("button", { name: "确认支付 ¥68.00" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/stripePay1?order=${GUID}`));
    expect(sent(1)).toEqual({ planId: "vip-month", method: "checkout", autoRenew: true, nonce: sent(0).nonce });
  });

  it("offers auto-renewal only for renewable plans and never in 测试模式", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<ConfirmOrderForm planId="vip-year" methods={["card"]} renewable={false} amountText="¥598.00" />);
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "《用户协议》" })).toHaveAttribute("href", "/terms");
    unmount();

    render(<ConfirmOrderForm planId="vip-month" methods={["card", "test"]} renewable amountText="¥68.00" />);
    expect(screen.getByRole("checkbox", { name: "到期自动续费，可随时取消" })).not.toBeChecked();
    await user.click(screen.getByRole("radio", { name: /测试模式/ }));
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  });

  it("never follows an off-site next", async () => {
    const user = userEvent.setup();
    render(<ConfirmOrderForm planId="vip-month" methods={["test"]} renewable amountText="¥68.00" variant="compact" submitLabel="创建测试订单" />);
    respond(200, { order: { ...order, method: "test" }, next: "//evil.example/pay" });
    await user.click(screen.getByRole("button", { name: "创建测试订单" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/paytest?order=${GUID}`));
    expect(sent()).toMatchObject({ method: "test", autoRenew: false });
  });
});
