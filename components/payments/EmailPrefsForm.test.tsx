import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { EmailPrefsForm } from "./EmailPrefsForm";

const fetchMock = jest.fn();
const respond = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce({ ok: status >= 200 && status < 300, status, json: async () => body });
const sent = (call = 0) => JSON.parse((fetchMock.mock.calls[call]![1] as RequestInit).body as string);

beforeEach(() => {
  jest.clearAllMocks();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe("EmailPrefsForm", () => {
  it("shows one switch per topic and saves each change", async () => {
    const user = userEvent.setup();
    render(<EmailPrefsForm optOuts={["signals"]} />);
    const expiry = screen.getByRole("switch", { name: "会员到期提醒" });
    const signals = screen.getByRole("switch", { name: "策略信号邮件" });
    expect(expiry).toBeChecked();
    expect(screen.getByRole("switch", { name: "自动续费通知" })).toBeChecked();
    expect(signals).not.toBeChecked();
    expect(expiry).toHaveAccessibleDescription("会员到期前 3 天提醒你续费");

    respond(200, { optOuts: ["signals", "expiry"] });
    await user.click(expiry);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("已关闭，不再发送此类邮件"));
    expect(fetchMock).toHaveBeenCalledWith("/api/user/email-prefs", expect.objectContaining({ method: "POST" }));
    expect(sent()).toEqual({ topic: "expiry", subscribed: false });
    expect(expiry).not.toBeChecked();

    respond(200, { optOuts: ["expiry"] });
    await user.click(signals);
    await waitFor(() => expect(signals).toBeChecked());
    expect(sent(1)).toEqual({ topic: "signals", subscribed: true });
    expect(screen.getByRole("status")).toHaveTextContent("已开启");
  });

  it("puts the switch back and says why when saving fails", async () => {
    const user = userEvent.setup();
    render(<EmailPrefsForm optOuts={[]} />);
    const renewal = screen.getByRole("switch", { name: "自动续费通知" });
    respond(500, {});
    await user.click(renewal);
    expect(await screen.findByRole("alert")).toHaveTextContent("服务器内部错误，请稍后再试");
    expect(renewal).toBeChecked();
  });
});
