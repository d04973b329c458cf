import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockFetch } from "@/components/ui/fetch-mock.test-support";
import { TEST_CARDS } from "@/lib/domain/payments/test-cards";
import { TestCardForm, formatCardNumber, formatExpiry } from "./TestCardForm";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push, refresh: jest.fn() }) }));

const { fetchMock, respond, sent } = mockFetch();
const GUID = "6f1c2d3e-4a5b-4c6d-8e7f-001122334455";

describe("card input formatting", () => {
  it("groups card digits by four and adds the slash after the month", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-42a4 2")).toBe("4242 4242");
    expect(formatCardNumber("37828224631000599999")).toBe("3782 8224 6310 0059 999");
    expect(formatExpiry("1234")).toBe("12/34");
    expect(formatExpiry("12")).toBe("12");
    expect(formatExpiry("12/3")).toBe("12/3");
  });
});

describe("TestCardForm", () => {
  async function fill(number: string) {
    const user = userEvent.setup();
    await user.type(screen.getByTestId("test-card-number"), number);
    await user.type(screen.getByTestId("test-card-expiry"), "1234");
    await user.type(screen.getByTestId("test-card-cvc"), "123");
    return user;
  }

  it("shows a declined card's reason in place and keeps what was typed", async () => {
    render(<TestCardForm orderGuid={GUID} />);
    const user = await fill("4000000000000002");
    expect(screen.getByLabelText("卡号")).toHaveValue("4000 0000 0000 0002");
    expect(screen.getByLabelText("卡号")).toHaveAttribute("inputmode", "numeric");
    expect(screen.getByLabelText("卡号")).toHaveAttribute("autocomplete", "cc-number");

    respond(402, { message: "银行卡被拒绝，请换一张卡或联系发卡行", order: { orderGuid: GUID, status: "failed" } });
    await user.click(screen.getByTestId("test-card-submit"));
    expect(await screen.findByRole("alert")).toHaveTextContent("银行卡被拒绝，请换一张卡或联系发卡行");
    expect(sent()).toEqual({ orderGuid: GUID, number: "4000000000000002", expiry: "12/34", cvc: "123" });
    expect(screen.getByTestId("test-card-number")).toHaveValue("4000 0000 0000 0002");
    expect(screen.getByTestId("test-card-expiry")).toHaveValue("12/34");
    expect(screen.getByTestId("test-card-cvc")).toHaveValue("123");
    expect(screen.getByTestId("test-card-submit")).toBeEnabled();
    expect(push).not.toHaveBeenCalled();

    // Another card on the same order.
    await user.clear(screen.getByTestId("test-card-number"));
    await user.type(screen.getByTestId("test-card-number"), "4242424242424242");
    respond(200, { order: { orderGuid: GUID, status: "paid" }, message: "支付成功（测试模式）" });
    await user.click(screen.getByTestId("test-card-submit"));
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/pay/result?order=${GUID}`));
    expect(sent(1).number).toBe("4242424242424242");
  });

  it("checks the fields before asking the server", async () => {
    const user = userEvent.setup();
    render(<TestCardForm orderGuid={GUID} />);
    await user.type(screen.getByTestId("test-card-number"), "4242");
    await user.click(screen.getByTestId("test-card-submit"));
    expect(screen.getByRole("alert")).toHaveTextContent("请输入完整的卡号");
    await user.type(screen.getByTestId("test-card-number"), "424242424242");
    await user.type(screen.getByTestId("test-card-expiry"), "1340");
    await user.click(screen.getByTestId("test-card-submit"));
    expect(screen.getByRole("alert")).toHaveTextContent("有效期月份应为 01–12");
    await user.clear(screen.getByTestId("test-card-expiry"));
    await user.type(screen.getByTestId("test-card-expiry"), "1240");
    await user.type(screen.getByTestId("test-card-cvc"), "12");
    await user.click(screen.getByTestId("test-card-submit"));
    expect(screen.getByRole("alert")).toHaveTextContent("请输入 3 或 4 位安全码");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fills a card from the test card table", async () => {
    const user = userEvent.setup();
    render(<TestCardForm orderGuid={GUID} cards={TEST_CARDS} />);
    await user.click(screen.getByRole("button", { name: "填入 余额不足" }));
    expect(screen.getByTestId("test-card-number")).toHaveValue("4000 0000 0000 9995");
    expect(screen.getByTestId("test-card-expiry")).toHaveValue("12/34");
    expect(screen.getByTestId("test-card-cvc")).toHaveValue("123");
  });

  it("points to the result when the order was paid meanwhile", async () => {
    render(<TestCardForm orderGuid={GUID} />);
    const user = await fill("4242424242424242");
    respond(409, { message: "该订单已支付，无需重复支付" });
    await user.click(screen.getByTestId("test-card-submit"));
    expect(await screen.findByRole("alert")).toHaveTextContent("该订单已支付，无需重复支付");
    expect(screen.getByRole("link", { name: "查看支付结果" })).toHaveAttribute("href", `/pay/result?order=${GUID}`);
  });
});
