import "@/components/ui/test-polyfills";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getCookies, getCookie, deleteCookie } from "cookies-next/client";
import { useState } from "react";
import { Popup, shouldShowPopup, type PopupProps } from "./Popup";

/** Days from now to the Expires attribute of a Set-Cookie-style string written to document.cookie. */
function daysUntilExpiry(written: string): number {
  const expires = /Expires=([^;]+)/.exec(written)?.[1];
  return expires ? (Date.parse(expires) - Date.now()) / 86_400_000 : NaN;
}

function clearCookies() {
  for (const name of Object.keys(getCookies() ?? {})) deleteCookie(name, { path: "/" });
}

function Harness(props: Partial<PopupProps>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? "弹窗已打开" : "弹窗已关闭"}</p>
      <Popup
        open={open}
        {...props}
        onClose={() => {
          props.onClose?.();
          setOpen(false);
        }}
      >
        开通VIP查看全部大神交割单
      </Popup>
    </>
  );
}

beforeEach(clearCookies);

describe("Popup", () => {
  it("shows the default title and buttons, and the body", () => {
    render(<Popup open>正文</Popup>);
    const dialog = screen.getByRole("dialog", { name: "通知" });
    expect(within(dialog).getByRole("button", { name: "确认" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "取消" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "关闭" })).toBeInTheDocument();
    expect(within(dialog).getByText("正文")).toBeVisible();
  });

  it("paints the header with the theme colour fading to 10% lighter", () => {
    render(<Popup open themeColor="#1d4ed8" />);
    const style = screen.getByTestId("popup-header").getAttribute("style") ?? "";
    expect(style).toMatch(/linear-gradient\(135deg, (#1d4ed8|rgb\(29, 78, 216\)), (#3460dc|rgb\(52, 96, 220\))\)/);
  });

  it("uses the given texts", () => {
    render(<Popup open title="限时优惠" subtitle="今日开通立减" primaryText="立即开通" secondaryText="以后再说" />);
    const dialog = screen.getByRole("dialog", { name: "限时优惠" });
    expect(dialog).toHaveAccessibleDescription("今日开通立减");
    expect(within(dialog).getByRole("button", { name: "立即开通" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "以后再说" })).toBeInTheDocument();
  });

  it("calls onPrimary and onSecondary for the buttons", async () => {
    const user = userEvent.setup();
    const onPrimary = jest.fn();
    const onSecondary = jest.fn();
    render(<Popup open onPrimary={onPrimary} onSecondary={onSecondary} />);
    await user.click(screen.getByRole("button", { name: "确认" }));
    expect(onPrimary).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "取消" }));
    expect(onSecondary).toHaveBeenCalledTimes(1);
  });

  it("closes from the close control", async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole("button", { name: "关闭" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByText("弹窗已关闭")).toBeInTheDocument();
  });

  it("closes on an overlay click", async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByTestId("popup-overlay"));
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("closes on Escape", async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("while disabled shows a loader in both buttons and ignores clicks", async () => {
    const user = userEvent.setup();
    const onPrimary = jest.fn();
    const onSecondary = jest.fn();
    render(<Popup open disabled onPrimary={onPrimary} onSecondary={onSecondary} />);
    for (const name of ["确认", "取消"]) {
      const button = screen.getByRole("button", { name });
      expect(within(button).getByTestId("spinner")).toBeInTheDocument();
      expect(button).toHaveAttribute("aria-busy", "true");
      expect(button).toHaveAttribute("aria-disabled", "true");
      await user.click(button);
    }
    expect(onPrimary).not.toHaveBeenCalled();
    expect(onSecondary).not.toHaveBeenCalled();
    expect(getCookie("popup_shown")).toBeUndefined();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("has no loader when enabled", () => {
    render(<Popup open />);
    expect(screen.queryByTestId("spinner")).not.toBeInTheDocument();
  });

  it("sets the popup_shown cookie on close so the parent can skip it next time", async () => {
    const user = userEvent.setup();
    expect(shouldShowPopup()).toBe(true);
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "关闭" }));
    expect(getCookie("popup_shown")).toBe("1");
    expect(shouldShowPopup()).toBe(false);
    expect(shouldShowPopup("popup_shown")).toBe(false);
  });

  it("sets its own cookie name when an action is taken", async () => {
    const user = userEvent.setup();
    const set = jest.spyOn(Document.prototype, "cookie", "set");
    render(<Popup open cookieName="vip_offer" cookieDays={3} onPrimary={() => {}} />);
    await user.click(screen.getByRole("button", { name: "确认" }));
    expect(set).toHaveBeenCalledWith(expect.stringMatching(/^vip_offer=1; .*Path=\/; .*SameSite=Lax/));
    expect(daysUntilExpiry(set.mock.calls[0]![0])).toBeCloseTo(3, 2);
    expect(shouldShowPopup("vip_offer")).toBe(false);
    expect(shouldShowPopup("popup_shown")).toBe(true);
    set.mockRestore();
  });

  it("keeps the cookie for one day by default", async () => {
    const user = userEvent.setup();
    const set = jest.spyOn(Document.prototype, "cookie", "set");
    render(<Popup open onSecondary={() => {}} />);
    await user.click(screen.getByRole("button", { name: "取消" }));
    expect(set).toHaveBeenCalledWith(expect.stringMatching(/^popup_shown=1; /));
    expect(daysUntilExpiry(set.mock.calls[0]![0])).toBeCloseTo(1, 2);
    set.mockRestore();
  });

  it("renders nothing while the parent keeps it closed", () => {
    render(<Popup open={false} />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
