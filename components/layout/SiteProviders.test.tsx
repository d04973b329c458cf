import "@/components/ui/test-polyfills";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getCookie, deleteCookie } from "cookies-next/client";
import { notify } from "@/lib/client/toast";
import { isLoggedIn, loadUserInfo } from "@/lib/client/userinfo";
import { DEFAULT_PLANS } from "@/lib/domain/plans";
import type { UserInfo } from "@/lib/domain/user-info";
import { DemoShowcase } from "@/components/dialogs/DemoShowcase";
import { SiteProviders } from "./SiteProviders";

jest.mock("next/navigation", () => ({
  usePathname: jest.fn(() => "/demo"),
  useSearchParams: jest.fn(() => new URLSearchParams()),
}));
jest.mock("@/lib/client/toast", () => ({
  notify: jest.fn(), toastOptions: { position: "top-center" }, loadSonner: jest.fn(() => new Promise(() => {})), onToasterWanted: () => () => {}, toasterMounted: jest.fn(),
}));
jest.mock("@/lib/client/userinfo", () => ({ isLoggedIn: jest.fn(), loadUserInfo: jest.fn(), clearUserInfo: jest.fn() }));
jest.mock("@/lib/client/progress-counter", () => ({ onPendingChange: jest.fn(() => () => {}) }));

const member = { uguid: "u1", nickName: "QA", invitationCode: "QA01" } as UserInfo;

function renderDemo() {
  return render(
    <SiteProviders siteUrl="https://www.lianghua.test" plans={DEFAULT_PLANS}>
      <DemoShowcase />
    </SiteProviders>,
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  deleteCookie("demo_popup_shown", { path: "/" });
  jest.mocked(isLoggedIn).mockReturnValue(true);
  jest.mocked(loadUserInfo).mockReturnValue(member);
});

describe("SiteProviders with the /demo showcase", () => {
  it("labels the page and shows every badge type at 0, 5, 99 and 100", () => {
    renderDemo();
    expect(screen.getByRole("heading", { name: "组件演示（供测试使用）" })).toBeInTheDocument();
    for (const type of ["primary", "success", "warning", "info", "danger"]) {
      const row = screen.getByTestId(`badge-row-${type}`);
      expect(within(row).getByText("5")).toBeInTheDocument();
      expect(within(row).getByText("99")).toBeInTheDocument();
      expect(within(row).getByText("99+")).toBeInTheDocument();
      expect(within(row).getAllByText("0")).toHaveLength(1);
    }
  });

  it("labels everything in Chinese (VIP and SVIP are the tiers' own names)", () => {
    renderDemo();
    expect(document.body.textContent!.replace(/S?VIP/g, "")).not.toMatch(/[A-Za-z]{2,}/);
  });

  it("opens the popup, reports its output and ignores clicks while disabled", async () => {
    const user = userEvent.setup();
    renderDemo();
    await user.click(screen.getByRole("button", { name: "打开弹窗" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "立即开通" }));
    expect(screen.getByTestId("popup-output")).toHaveTextContent("主按钮");
    expect(getCookie("demo_popup_shown")).toBe("1");

    await user.click(screen.getByRole("button", { name: "打开弹窗（禁用状态）" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: /立即开通/ }));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "关闭" }));
    expect(screen.getByTestId("popup-output")).toHaveTextContent("关闭");
  });

  it("opens the share, login and pay dialogs from their buttons", async () => {
    const user = userEvent.setup();
    renderDemo();
    await user.click(screen.getByRole("button", { name: "分享" }));
    expect(await screen.findByRole("dialog", { name: "分享 - 邀请好友得SVIP" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "登录" }));
    expect(await screen.findByRole("dialog", { name: "登录 / 注册" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "开通会员" }));
    const pay = await screen.findByRole("dialog", { name: "开通会员" });
    expect(within(pay).getByText("该内容为SVIP专享，开通后即可查看")).toBeInTheDocument();
    expect(within(pay).getByRole("link", { name: /立即开通 SVIP/ })).toHaveAttribute("href", "/pay?plan=svip-month&from=demo");
  });

  it("fires each toast type and a repeated toast", async () => {
    const user = userEvent.setup();
    renderDemo();
    for (const [type, label] of [["success", "成功提示"], ["info", "信息提示"], ["warning", "警告提示"], ["error", "错误提示"]] as const) {
      await user.click(screen.getByRole("button", { name: label }));
      expect(notify).toHaveBeenLastCalledWith(expect.objectContaining({ type }));
    }
    jest.mocked(notify).mockClear();
    await user.click(screen.getByRole("button", { name: /重复提示/ }));
    expect(notify).toHaveBeenCalledTimes(3);
    expect(new Set(jest.mocked(notify).mock.calls.map(([o]) => o.message))).toEqual(new Set(["网络异常"]));
  });
});
