import "@/components/ui/test-polyfills";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { usePathname } from "next/navigation";
import { notify } from "@/lib/client/toast";
import { clearUserInfo, isLoggedIn, loadUserInfo } from "@/lib/client/userinfo";
import type { UserInfo } from "@/lib/domain/user-info";
import { reloadPage } from "@/components/ui/browser";
import { LoginDialog } from "@/components/dialogs/LoginDialog";
import { LoginStateProvider } from "@/components/dialogs/login-state";
import { ShareDialog } from "@/components/dialogs/ShareDialog";
import { ShareStateProvider } from "@/components/dialogs/share-state";
import { Header } from "./Header";

jest.mock("next/navigation", () => ({ usePathname: jest.fn(() => "/"), useRouter: jest.fn(() => ({ push: jest.fn(), prefetch: jest.fn() })) }));
jest.mock("@/lib/client/toast", () => ({ notify: jest.fn(), toastOptions: {} }));
jest.mock("@/lib/client/userinfo", () => ({
  ...jest.requireActual("@/lib/client/userinfo"), isLoggedIn: jest.fn(), loadUserInfo: jest.fn(), clearUserInfo: jest.fn(),
}));
jest.mock("@/components/ui/browser", () => ({ assignLocation: jest.fn(), reloadPage: jest.fn() }));

const viewer: UserInfo = {
  nickName: "龙虎榜猎手",
  avatar: "",
  mobile: "13800138000",
  email: "a@example.com",
  invitationCode: "INV1",
  levelEndDate: "2026-12-31",
  levelName: "SVIP",
  levelId: 200,
  levelCode: "svip",
  uguid: "u1",
};

function renderHeader(props: Partial<React.ComponentProps<typeof Header>> = {}) {
  return render(
    <LoginStateProvider>
      <ShareStateProvider>
        <Header viewer={null} unreadCount={0} isStaff={false} {...props} />
        <LoginDialog />
        <ShareDialog siteUrl="https://www.lianghua.test" />
      </ShareStateProvider>
    </LoginStateProvider>,
  );
}

const fetchMock = jest.fn();

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(usePathname).mockReturnValue("/rank/2026-11-20");
  jest.mocked(isLoggedIn).mockReturnValue(true);
  jest.mocked(loadUserInfo).mockReturnValue(viewer);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe("Header", () => {
  it("has the logo, the eight sections with the current one marked, and search", () => {
    renderHeader();
    expect(screen.getByRole("link", { name: "量化学堂" })).toHaveAttribute("href", "/");
    const nav = screen.getByRole("navigation", { name: "主导航" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["首页", "/"],
      ["大神交割单", "/god"],
      ["排行榜", "/rank"],
      ["亏损追踪", "/loss-tracker"],
      ["量化策略", "/quant"],
      ["文章", "/info/case"],
      ["视频", "/info/video"],
      ["会员", "/price"],
    ]);
    expect(within(nav).getByRole("link", { name: "排行榜" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "首页" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("link", { name: "搜索" })).toHaveAttribute("href", "/search");
  });

  it("collapses the sections into a menu for phones", async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole("button", { name: "导航菜单" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getAllByRole("menuitem")).toHaveLength(8);
    expect(within(menu).getByRole("menuitem", { name: "亏损追踪" })).toHaveAttribute("href", "/loss-tracker");
  });

  it("shows 登录/注册 to visitors, which opens the login dialog", async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole("button", { name: "登录/注册" }));
    expect(screen.getByRole("dialog", { name: "登录 / 注册" })).toBeInTheDocument();
  });
});

describe("UserMenu", () => {
  it("shows the member's initial with the unread badge on the avatar-dropdown button", () => {
    renderHeader({ viewer, unreadCount: 120 });
    const trigger = screen.getByRole("button", { name: "用户菜单，99+条未读消息" });
    expect(trigger).toHaveClass("avatar-dropdown");
    expect(within(trigger).getByText("龙")).toBeInTheDocument();
    expect(within(trigger).getByText("99+")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "登录/注册" })).not.toBeInTheDocument();
  });

  it("on a page of the member's access class, shows whose page it is from the browser: the userinfo cookie and the unread count", async () => {
    // What the render for the class knows: the level, nobody's name.
    const classInfo: UserInfo = { ...viewer, nickName: "", avatar: "", mobile: "", email: "", invitationCode: "", levelEndDate: "", uguid: "" };
    document.cookie = `userinfo=${encodeURIComponent(JSON.stringify(viewer))}; path=/`;
    fetchMock.mockImplementation(async (url: string) => ({ ok: true, json: async () => (url === "/api/user/notifications" ? { unread: 3 } : null) }));
    try {
      renderHeader({ viewer: classInfo, unreadCount: 0, classOnly: true });
      const trigger = await screen.findByRole("button", { name: "用户菜单，3条未读消息" });
      expect(within(trigger).getByText("龙")).toBeInTheDocument();
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/user/notifications"]);
    } finally {
      document.cookie = "userinfo=; path=/; max-age=0";
    }
  });

  it("on a class page whose level is not the one the login's cookie names, reads the member's info from the server", async () => {
    const classInfo: UserInfo = { ...viewer, nickName: "", avatar: "", mobile: "", email: "", invitationCode: "", levelEndDate: "", uguid: "" };
    // Logged in as a VIP; an SVIP since (a purchase): the page is the SVIP class's.
    const cookie = encodeURIComponent(JSON.stringify({ ...viewer, nickName: "旧昵称", levelId: 100, levelName: "VIP", levelCode: "vip" }));
    document.cookie = `userinfo=${cookie}; path=/`;
    fetchMock.mockImplementation(async (url: string) => ({
      ok: true,
      json: async () => (url === "/api/user/info" ? { data: viewer } : { unread: 0 }),
    }));
    try {
      renderHeader({ viewer: classInfo, unreadCount: 0, classOnly: true });
      await waitFor(() => expect(screen.getByRole("button", { name: "用户菜单" })).not.toHaveAttribute("data-unread-pending"));
      await waitFor(() => expect(within(screen.getByRole("button", { name: "用户菜单" })).getByText("龙")).toBeInTheDocument());
      expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual(["/api/user/info", "/api/user/notifications"]);
      // The login's lasting cookie is not rewritten as a session one.
      expect(document.cookie).toContain(`userinfo=${cookie}`);
    } finally {
      document.cookie = "userinfo=; path=/; max-age=0";
    }
  });

  it("on a member's own render asks the browser nothing", () => {
    renderHeader({ viewer, unreadCount: 1 });
    expect(screen.getByRole("button", { name: "用户菜单，1条未读消息" })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("lists the member pages; 管理后台 only for staff", async () => {
    const user = userEvent.setup();
    const { unmount } = renderHeader({ viewer, unreadCount: 3 });
    await user.click(screen.getByRole("button", { name: /用户菜单/ }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("龙虎榜猎手")).toBeInTheDocument();
    expect(within(menu).getByText("有效期至 2026-12-31")).toBeInTheDocument();
    const hrefs = within(menu)
      .getAllByRole("menuitem")
      .map((item) => [item.textContent, item.getAttribute("href")]);
    expect(hrefs).toEqual([
      ["上传交割单", "/upload"],
      ["个人主页", "/user"],
      ["账户设置", "/user/account"],
      ["我的订阅", "/user/subscription"],
      ["邀请好友", "/user/invite"],
      ["消息通知3", "/user/notif"],
      ["分享", null],
      ["退出登录", null],
    ]);
    unmount();

    renderHeader({ viewer, unreadCount: 0, isStaff: true });
    await user.click(screen.getByRole("button", { name: "用户菜单" }));
    expect(await screen.findByRole("menuitem", { name: "管理后台" })).toHaveAttribute("href", "/admin");
  });

  it("分享 opens the share dialog", async () => {
    const user = userEvent.setup();
    renderHeader({ viewer, unreadCount: 0 });
    await user.click(screen.getByRole("button", { name: "用户菜单" }));
    await user.click(await screen.findByRole("menuitem", { name: "分享" }));
    expect(await screen.findByRole("dialog", { name: "分享 - 邀请好友得SVIP" })).toBeInTheDocument();
  });

  it("退出登录 posts to /api/auth/logout, clears the user info and reloads", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce({ ok: true, status: 200 });
    renderHeader({ viewer, unreadCount: 0 });
    await user.click(screen.getByRole("button", { name: "用户菜单" }));
    await user.click(await screen.findByRole("menuitem", { name: "退出登录" }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/logout", expect.objectContaining({ method: "POST" }));
    expect(clearUserInfo).toHaveBeenCalled();
  });

  it("keeps the session and says so when logout fails", async () => {
    const user = userEvent.setup();
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    renderHeader({ viewer, unreadCount: 0 });
    await user.click(screen.getByRole("button", { name: "用户菜单" }));
    await user.click(await screen.findByRole("menuitem", { name: "退出登录" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith(expect.objectContaining({ type: "error", message: "网络异常，请稍后再试" })));
    expect(clearUserInfo).not.toHaveBeenCalled();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
