import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { loadStripe } from "@stripe/stripe-js";
import { HostedCheckoutButton } from "./HostedCheckoutButton";
import { StripePaymentForm } from "./StripePaymentForm";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push, refresh: jest.fn() }) }));
jest.mock("@stripe/stripe-js", () => ({ loadStripe: jest.fn() }));

const fetchMock = jest.fn();
const respond = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce({ ok: status >= 200 && status < 300, status, json: async () => body });
const sent = (call = 0) => JSON.parse((fetchMock.mock.calls[call]![1] as RequestInit).body as string);
const GUID = "6f1c2d3e-4a5b-4c6d-8e7f-001122334455";
const INTENT = { clientSecret: "pi_123_secret_456", publishableKey: "pk_test_1", mode: "payment", amountFen: 6800 };

function fakeStripe() {
  const handlers: Record<string, () => void> = {};
  const element: { on: jest.Mock; off: jest.Mock; mount: jest.Mock; destroy: jest.Mock } = {
    on: jest.fn(),
    off: jest.fn(),
    mount: jest.fn(),
    destroy: jest.fn(),
  };
  element.on.mockImplementation((event: string, handler: () => void) => {
    handlers[event] = handler;
    return element;
  });
  const elements = { create: jest.fn(() => element) };
  const stripe = {
    elements: jest.fn(() => elements),
    confirmPayment: jest.fn(),
    confirmSetup: jest.fn(),
    // react-stripe-js's <Elements> checks for these before it accepts a Stripe instance.
    createToken: jest.fn(),
    createPaymentMethod: jest.fn(),
    confirmCardPayment: jest.fn(),
  };
  return { stripe, elements, element, fire: (event: string) => act(() => handlers[event]?.()) };
}

beforeEach(() => {
  jest.clearAllMocks();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const renderForm = () => render(<StripePaymentForm orderGuid={GUID} amountFen={6800} planId="vip-month" autoRenew={false} />);

describe("StripePaymentForm", () => {
  it("mounts the Payment Element in Chinese and shows Stripe's error when confirming fails", async () => {
    const user = userEvent.setup();
    const fake = fakeStripe();
    jest.mocked(loadStripe).mockResolvedValue(fake.stripe as never);
    respond(200, INTENT);
    renderForm();
    expect(screen.getByTestId("stripe-skeleton")).toBeInTheDocument();
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith(`/api/pay/orders/${GUID}/intent`, expect.objectContaining({ method: "POST" }));
    expect(loadStripe).toHaveBeenCalledWith("pk_test_1");
    expect(fake.stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: INTENT.clientSecret, locale: "zh" }));
    expect(fake.elements.create).toHaveBeenCalledWith("payment", expect.anything());
    expect(screen.getByTestId("stripe-submit")).toBeDisabled();

    fake.fire("ready");
    expect(screen.queryByTestId("stripe-skeleton")).not.toBeInTheDocument();
    fake.stripe.confirmPayment.mockResolvedValueOnce({ error: { type: "card_error", message: "您的卡被拒绝了。" } });
    await user.click(screen.getByRole("button", { name: "支付 ¥68.00" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("您的卡被拒绝了。");
    expect(fake.stripe.confirmPayment).toHaveBeenCalledWith({
      elements: fake.elements,
      confirmParams: { return_url: `${window.location.origin}/stripePay/result?order=${GUID}` },
    });
  });

  it("says plainly when Stripe.js cannot load and offers the hosted Checkout instead", async () => {
    const user = userEvent.setup();
    jest.mocked(loadStripe).mockRejectedValue(new Error("Failed to load Stripe.js"));
    respond(200, INTENT);
    renderForm();
    expect(await screen.findByRole("alert")).toHaveTextContent("支付组件加载失败");
    expect(screen.getByText(/无法连接 Stripe/)).toBeInTheDocument();

    respond(200, { order: { orderGuid: "7f1c2d3e-4a5b-4c6d-8e7f-001122334455", method: "checkout" }, next: "/stripePay1?order=7f1c2d3e-4a5b-4c6d-8e7f-001122334455" });
    await user.click(screen.getByRole("button", { name: "改用 Stripe 收银台" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/stripePay1?order=7f1c2d3e-4a5b-4c6d-8e7f-001122334455"));
    expect(sent(1)).toMatchObject({ planId: "vip-month", method: "checkout", autoRenew: false });
  });

  it("shows the server's refusal and links to the result when the order is already paid", async () => {
    respond(409, { message: "该订单已支付，无需重复支付" });
    renderForm();
    expect(await screen.findByRole("alert")).toHaveTextContent("该订单已支付，无需重复支付");
    expect(screen.getByRole("link", { name: "查看订单状态" })).toHaveAttribute("href", `/pay/result?order=${GUID}`);
    expect(loadStripe).not.toHaveBeenCalled();
  });
});

describe("HostedCheckoutButton", () => {
  it("shows why the Checkout page could not be opened", async () => {
    const user = userEvent.setup();
    render(<HostedCheckoutButton orderGuid={GUID} />);
    respond(503, { message: "在线支付暂未开通，当前无法下单，也不会产生任何扣款" });
    await user.click(screen.getByRole("button", { name: "前往 Stripe 收银台支付" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("在线支付暂未开通");
    expect(fetchMock).toHaveBeenCalledWith(`/api/pay/orders/${GUID}/checkout`, expect.objectContaining({ method: "POST" }));
    expect(screen.getByRole("button", { name: "前往 Stripe 收银台支付" })).toBeEnabled();
  });
});
