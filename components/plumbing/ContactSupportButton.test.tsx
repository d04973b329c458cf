import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { bootIntercom, isIntercomUnavailable, openIntercom } from "@/lib/client/intercom";
import { notify } from "@/lib/client/toast";
import { ContactSupportButton } from "./ContactSupportButton";

jest.mock("@/lib/client/intercom", () => ({
  bootIntercom: jest.fn(async () => {}),
  openIntercom: jest.fn(async () => true),
  isIntercomUnavailable: jest.fn(() => false),
}));
jest.mock("@/lib/client/toast", () => ({ notify: jest.fn() }));
jest.mock("@/lib/client/userinfo", () => ({ loadUserInfo: jest.fn(() => null) }));

const boot = bootIntercom as jest.Mock;

let open: jest.SpyInstance;
beforeEach(() => {
  jest.clearAllMocks();
  open = jest.spyOn(window, "open").mockImplementation(() => null);
});
afterEach(() => open.mockRestore());

function renderChatButton() {
  render(<ContactSupportButton supportEmail="help@example.com" intercomAppId="app1">联系客服</ContactSupportButton>);
  return screen.getByRole("button", { name: "联系客服" });
}

describe("ContactSupportButton", () => {
  it("is a mailto link when no chat app id is configured", () => {
    render(<ContactSupportButton supportEmail="help@example.com" intercomAppId={null} className="btn">联系客服</ContactSupportButton>);
    const link = screen.getByRole("link", { name: "联系客服" });
    expect(link).toHaveAttribute("href", "mailto:help@example.com");
    expect(link).toHaveClass("btn");
  });

  it("boots and opens the chat widget", async () => {
    await userEvent.click(renderChatButton());
    expect(boot).toHaveBeenCalledWith("app1", null);
    expect(openIntercom).toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });

  it("falls back to e-mail when the widget cannot be loaded", async () => {
    boot.mockRejectedValueOnce(new Error("blocked"));
    await userEvent.click(renderChatButton());
    expect(open).toHaveBeenCalledWith("mailto:help@example.com", "_self");
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ type: "info", message: expect.stringContaining("help@example.com") }));
    expect(openIntercom).not.toHaveBeenCalled();
  });

  it("falls back to e-mail when the messenger does not open", async () => {
    (openIntercom as jest.Mock).mockResolvedValueOnce(false);
    await userEvent.click(renderChatButton());
    expect(open).toHaveBeenCalledWith("mailto:help@example.com", "_self");
  });

  it("goes straight to e-mail once the widget is known to be unreachable", async () => {
    (isIntercomUnavailable as jest.Mock).mockReturnValueOnce(true);
    await userEvent.click(renderChatButton());
    expect(boot).not.toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith("mailto:help@example.com", "_self");
  });
});
