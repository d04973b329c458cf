import "@/components/ui/test-polyfills";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { loadUserInfo } from "@/lib/client/userinfo";
import { payOffer, type PayOffer } from "@/lib/domain/payments/offer";
import { DEFAULT_PLANS } from "@/lib/domain/plans";
import type { UserInfo } from "@/lib/domain/user-info";
import { LoginDialog } from "./LoginDialog";
import { LoginStateProvider } from "./login-state";
import { PayDialog, payHref } from "./PayDialog";
import { PayStateProvider, usePayState, type OpenPayOptions } from "./pay-state";

jest.mock("@/lib/client/userinfo", () => ({ isLoggedIn: jest.fn(), loadUserInfo: jest.fn(), clearUserInfo: jest.fn() }));

const member = { uguid: "u1", nickName: "老韭菜", invitationCode: "X1" } as UserInfo;
const mockedUser = jest.mocked(loadUserInfo);

function Opener({ options }: { options?: OpenPayOptions }) {
  const { openPay } = usePayState();
  return (
    <button type="button" onClick={() => openPay(options)}>
      升级会员
    </button>
  );
}

function renderPay(options?: OpenPayOptions, payment?: PayOffer) {
  return render(
    <LoginStateProvider>
      <PayStateProvider>
        <Opener options={options} />
        <LoginDialog />
        <PayDialog plans={DEFAULT_PLANS} payment={payment} />
      </PayStateProvider>
    </LoginStateProvider>,
  );
}

beforeEach(() => mockedUser.mockReset());

describe("pay gate", () => {
  it("opens the login dialog, not the pay dialog, when there is no user info", async () => {
    const user = userEvent.setup();
    mockedUser.mockReturnValue(null);
    renderPay();
    await user.click(screen.getByRole("button", { name: "升级会员" }));
    expect(screen.getByRole("dialog", { name: "登录 / 注册" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "开通会员" })).not.toBeInTheDocument();
  });

  it("opens preset to VIP by default with the monthly prices of both tiers", async () => {
    const user = userEvent.setup();
    mockedUser.mockReturnValue(member);
    renderPay();
    await user.click(screen.getByRole("button", { name: "升级会员" }));
    const dialog = screen.getByRole("dialog", { name: "开通会员" });
    const tiers = within(dialog).getByRole("radiogroup", { name: "会员等级" });
    expect(within(tiers).getByRole("radio", { name: /^VIP ¥68 ?\/月$/ })).toHaveAttribute("aria-checked", "true");
    expect(within(tiers).getByRole("radio", { name: /^SVIP ¥128 ?\/月$/ })).toHaveAttribute("aria-checked", "false");
    expect(within(dialog).getByRole("link", { name: /立即开通 VIP · ¥68/ })).toHaveAttribute("href", "/pay?plan=vip-month");
  });

  it("preselects the requested level, shows the banner and carries the params to /pay", async () => {
    const user = userEvent.setup();
    mockedUser.mockReturnValue(member);
    renderPay({ levelId: 200, bannerText: "该内容为SVIP专享", params: "?from=detail&guid=g1" });
    await user.click(screen.getByRole("button", { name: "升级会员" }));
    const dialog = screen.getByRole("dialog", { name: "开通会员" });
    expect(within(dialog).getByText("该内容为SVIP专享")).toBeVisible();
    expect(within(dialog).getByRole("radio", { name: /^SVIP/ })).toHaveAttribute("aria-checked", "true");

    await user.click(within(dialog).getByRole("radio", { name: /年卡/ }));
    const cta = within(dialog).getByRole("link", { name: /立即开通 SVIP · ¥1,098/ });
    expect(cta).toHaveAttribute("href", "/pay?plan=svip-year&from=detail&guid=g1");
  });

  it("switching tier resets to its monthly plan", async () => {
    const user = userEvent.setup();
    mockedUser.mockReturnValue(member);
    renderPay();
    await user.click(screen.getByRole("button", { name: "升级会员" }));
    const dialog = screen.getByRole("dialog", { name: "开通会员" });
    await user.click(within(dialog).getByRole("radio", { name: /季卡/ }));
    await user.click(within(dialog).getByRole("radio", { name: /^SVIP/ }));
    expect(within(dialog).getByRole("radio", { name: /月卡/ })).toHaveAttribute("aria-checked", "true");
    expect(within(dialog).getByRole("link", { name: /¥128/ })).toHaveAttribute("href", "/pay?plan=svip-month");
  });
});

describe("payment availability", () => {
  it("names the plans as the pages do: 月卡, 季卡, 年卡", async () => {
    const user = userEvent.setup();
    mockedUser.mockReturnValue(member);
    renderPay();
    await user.click(screen.getByRole("button", { name: "升级会员" }));
    const periods = within(screen.getByRole("dialog", { name: "开通会员" })).getByRole("radiogroup", { name: "购买时长" });
    expect(within(periods).getAllByRole("radio").map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^月卡/),
      expect.stringMatching(/^季卡/),
      expect.stringMatching(/^年卡/),
    ]);
    expect(periods).not.toHaveTextContent(/月付|季付|年付/);
  });

  it("shows 立即开通 disabled with 支付暂未开通 beside it, before any click, when payment is not configured", async () => {
    const user = userEvent.setup();
    mockedUser.mockReturnValue(member);
    renderPay(undefined, payOffer({ stripe: false, testMode: false }));
    await user.click(screen.getByRole("button", { name: "升级会员" }));
    const dialog = screen.getByRole("dialog", { name: "开通会员" });
    const cta = within(dialog).getByRole("button", { name: /立即开通 VIP · ¥68/ });
    expect(cta).toBeDisabled();
    expect(cta).toHaveAccessibleDescription(/^支付暂未开通/);
    expect(within(dialog).getByTestId("pay-off-reason")).toBeVisible();
    expect(within(dialog).queryByRole("link", { name: /立即开通/ })).not.toBeInTheDocument();
  });

  it("leads to /pay when Stripe or the 测试模式 provider is configured", async () => {
    const user = userEvent.setup();
    mockedUser.mockReturnValue(member);
    renderPay(undefined, payOffer({ stripe: false, testMode: true }));
    await user.click(screen.getByRole("button", { name: "升级会员" }));
    const dialog = screen.getByRole("dialog", { name: "开通会员" });
    expect(within(dialog).getByRole("link", { name: /立即开通 VIP · ¥68/ })).toHaveAttribute("href", "/pay?plan=vip-month");
    expect(within(dialog).queryByTestId("pay-off-reason")).not.toBeInTheDocument();
  });
});

describe("payHref", () => {
  it("joins the plan and the params", () => {
    expect(payHref("vip-month", "")).toBe("/pay?plan=vip-month");
    expect(payHref("vip-month", "a=1")).toBe("/pay?plan=vip-month&a=1");
    expect(payHref("vip-month", "&a=1")).toBe("/pay?plan=vip-month&a=1");
  });
});
