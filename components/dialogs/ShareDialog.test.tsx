import "@/components/ui/test-polyfills";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { usePathname } from "next/navigation";
import { notify } from "@/lib/client/toast";
import { isLoggedIn, loadUserInfo } from "@/lib/client/userinfo";
import type { UserInfo } from "@/lib/domain/user-info";
import { LoginDialog } from "./LoginDialog";
import { LoginStateProvider } from "./login-state";
import { ShareDialog } from "./ShareDialog";
import { ShareStateProvider, useShare } from "./share-state";

jest.mock("next/navigation", () => ({ usePathname: jest.fn(() => "/") }));
jest.mock("@/lib/client/toast", () => ({ notify: jest.fn(), toastOptions: {} }));
jest.mock("@/lib/client/userinfo", () => ({ isLoggedIn: jest.fn(), loadUserInfo: jest.fn(), clearUserInfo: jest.fn() }));

const member: UserInfo = {
  nickName: "短线小白",
  avatar: "",
  mobile: "13800138000",
  email: "a@example.com",
  invitationCode: "INV888",
  levelEndDate: "",
  levelName: "普通会员",
  levelId: 0,
  levelCode: "free",
  uguid: "u1",
};

const SITE = "https://www.lianghua.test";

function OpenButton() {
  const { openShare } = useShare();
  return (
    <button type="button" onClick={openShare}>
      打开分享
    </button>
  );
}

function renderShare() {
  return render(
    <LoginStateProvider>
      <ShareStateProvider>
        <OpenButton />
        <LoginDialog />
        <ShareDialog siteUrl={SITE} />
      </ShareStateProvider>
    </LoginStateProvider>,
  );
}

const mockedLoggedIn = jest.mocked(isLoggedIn);
const mockedUser = jest.mocked(loadUserInfo);
const mockedNotify = jest.mocked(notify);
const mockedPathname = jest.mocked(usePathname);

function loggedIn() {
  mockedLoggedIn.mockReturnValue(true);
  mockedUser.mockReturnValue(member);
}

// Call after userEvent.setup(), which installs its own clipboard stub.
function stubClipboard(writeText: jest.Mock) {
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
}

/** Renders the page's dialogs and clicks 打开分享: as a logged-in member unless `visitor`, with `clipboard` as navigator's. */
async function openShareDialog({ visitor = false, clipboard }: { visitor?: boolean; clipboard?: jest.Mock } = {}) {
  const user = userEvent.setup();
  if (clipboard) stubClipboard(clipboard);
  if (!visitor) loggedIn();
  renderShare();
  await user.click(screen.getByRole("button", { name: "打开分享" }));
  return user;
}

beforeEach(() => {
  jest.clearAllMocks();
  mockedPathname.mockReturnValue("/");
  mockedLoggedIn.mockReturnValue(false);
  mockedUser.mockReturnValue(null);
  window.history.replaceState(null, "", "/detail/abc?tab=1");
});

describe("opening the share dialog", () => {
  it("opens the login dialog instead when the visitor is not logged in", async () => {
    await openShareDialog({ visitor: true });
    expect(screen.getByRole("dialog", { name: "登录 / 注册" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "分享 - 邀请好友得SVIP" })).not.toBeInTheDocument();
    expect(mockedNotify).not.toHaveBeenCalled();
  });

  it("on the login page shows 请先登录 and stays closed", async () => {
    mockedPathname.mockReturnValue("/login/INV1");
    await openShareDialog({ visitor: true });
    expect(mockedNotify).toHaveBeenCalledWith(expect.objectContaining({ message: "请先登录" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("opens for a member with the four rows carrying the invitation code", async () => {
    await openShareDialog();
    const dialog = screen.getByRole("dialog", { name: "分享 - 邀请好友得SVIP" });
    for (const channel of ["微信", "QQ", "微博"]) expect(within(dialog).getByRole("button", { name: channel })).toBeInTheDocument();
    // Each row shows its link without the scheme (shortened in the middle past 34 characters); the whole link is the
    // row's tooltip.
    const rows = {
      current: ["http://localhost/detail/abc?tab=1&code=INV888", "localhost/…l/abc?tab=1&code=INV888"],
      home: [`${SITE}/?code=INV888`, "www.lianghua.test/?code=INV888"],
      master: [`${SITE}/list/god?code=INV888`, "www.lianghua.test/…god?code=INV888"],
      quant: [`${SITE}/list/quant?code=INV888`, "www.lianghua.test/…ant?code=INV888"],
    };
    for (const [key, [url, shown]] of Object.entries(rows)) {
      const row = within(dialog).getByTestId(`share-link-${key}`);
      expect(row.textContent).toBe(shown);
      expect(row).toHaveAttribute("title", url);
    }
    expect(within(dialog).getAllByRole("button", { name: "复制" })).toHaveLength(4);
    expect(within(dialog).getAllByRole("button", { name: "仅复制链接" })).toHaveLength(4);
  });

  it("closes from the close control", async () => {
    const user = await openShareDialog();
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "关闭" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("channels", () => {
  it("WeChat swaps the main dialog for the QR dialog; back reopens the main one", async () => {
    const user = await openShareDialog();
    await user.click(screen.getByRole("button", { name: "微信" }));

    const qr = await screen.findByRole("dialog", { name: "分享到微信" });
    expect(screen.queryByRole("dialog", { name: "分享 - 邀请好友得SVIP" })).not.toBeInTheDocument();
    expect(within(qr).getByText("打开微信扫一扫，点击右上角“···”，选择分享到朋友圈或发送给朋友")).toBeInTheDocument();
    const image = await within(qr).findByRole("img", { name: "分享二维码" });
    expect(image).toHaveAttribute("src", expect.stringMatching(/^data:image\/png;base64,/));
    expect(image).toHaveAttribute("width", "240");

    await user.click(within(qr).getByRole("button", { name: "返回" }));
    expect(await screen.findByRole("dialog", { name: "分享 - 邀请好友得SVIP" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "分享到微信" })).not.toBeInTheDocument();
  });

  it("QQ shows its own title and instructions; closing the QR dialog closes everything", async () => {
    const user = await openShareDialog();
    await user.click(screen.getByRole("button", { name: "QQ" }));
    const qr = await screen.findByRole("dialog", { name: "分享到QQ" });
    expect(within(qr).getByText("打开QQ扫一扫，点击右上角“···”，选择分享到QQ空间或发送给好友")).toBeInTheDocument();
    await user.click(within(qr).getByRole("button", { name: "关闭" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("Weibo opens the provider's share page with the share text and link in a new window", async () => {
    const opened = { opener: {} as unknown };
    const open = jest.spyOn(window, "open").mockReturnValue(opened as Window);
    const user = await openShareDialog();
    await user.click(screen.getByRole("button", { name: "微博" }));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, target] = open.mock.calls[0]!;
    expect(target).toBe("_blank");
    const parsed = new URL(String(url));
    expect(parsed.origin + parsed.pathname).toBe("https://service.weibo.com/share/share.php");
    expect(parsed.searchParams.get("url")).toMatch(/注册即得3天SVIP http:\/\/localhost\/detail\/abc\?tab=1&code=INV888$/);
    expect(opened.opener).toBeNull();
    open.mockRestore();
  });

  it("Weibo falls back to a QR code titled 分享到微博 when the new window is blocked", async () => {
    const open = jest.spyOn(window, "open").mockReturnValue(null);
    const user = await openShareDialog();
    await user.click(screen.getByRole("button", { name: "微博" }));
    const qr = await screen.findByRole("dialog", { name: "分享到微博" });
    expect(within(qr).getByText("扫码登录微博后，分享到你的微博")).toBeInTheDocument();
    open.mockRestore();
  });
});

describe("copying", () => {
  it("copies text plus link, toasts 复制成功 for 2 s and marks the button for 1.5 s", async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    await openShareDialog({ clipboard: writeText });

    jest.useFakeTimers({ doNotFake: ["queueMicrotask", "nextTick"] });
    try {
      const home = screen.getAllByRole("listitem")[1]!;
      const copyButton = within(home).getByRole("button", { name: "复制" });
      await act(async () => {
        copyButton.click();
      });
      expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/注册即得3天SVIP https:\/\/www\.lianghua\.test\/\?code=INV888$/));
      expect(mockedNotify).toHaveBeenCalledWith({ type: "success", message: "复制成功", duration: 2000 });
      expect(within(home).getByRole("button", { name: "已复制" })).toBeInTheDocument();
      expect(within(home).getByRole("button", { name: "仅复制链接" })).toBeInTheDocument();

      act(() => jest.advanceTimersByTime(1499));
      expect(within(home).getByRole("button", { name: "已复制" })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(within(home).queryByRole("button", { name: "已复制" })).not.toBeInTheDocument();
      expect(within(home).getByRole("button", { name: "复制" })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it("copies only the link and toasts 链接复制成功", async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    const user = await openShareDialog({ clipboard: writeText });
    const quant = screen.getAllByRole("listitem")[3]!;
    await user.click(within(quant).getByRole("button", { name: "仅复制链接" }));
    expect(writeText).toHaveBeenCalledWith(`${SITE}/list/quant?code=INV888`);
    expect(mockedNotify).toHaveBeenCalledWith({ type: "success", message: "链接复制成功", duration: 2000 });
  });

  it("toasts 复制失败，请手动复制 and selects the link when the clipboard refuses", async () => {
    const user = await openShareDialog({ clipboard: jest.fn().mockRejectedValue(new Error("denied")) });
    const master = screen.getAllByRole("listitem")[2]!;
    await user.click(within(master).getByRole("button", { name: "复制" }));
    expect(mockedNotify).toHaveBeenCalledWith({ type: "error", message: "复制失败，请手动复制", duration: 2000 });
    expect(within(master).queryByRole("button", { name: "已复制" })).not.toBeInTheDocument();
    const input = within(master).getByRole<HTMLInputElement>("textbox");
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
  });

  it("shows a long link shortened in the middle, copies it whole, and shows it whole, selected, when tapped", async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    const long = "/detail/0f8c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b?tab=trades&page=2";
    window.history.replaceState(null, "", long);
    const user = await openShareDialog({ clipboard: writeText });
    const full = `http://localhost${long}&code=INV888`;
    const row = screen.getByTestId("share-link-current");
    expect(row.textContent).toContain("…");
    expect(row.textContent).toMatch(/^localhost\/…/);
    expect(row.textContent).toMatch(/code=INV888$/);
    expect(Array.from(row.textContent ?? "").length).toBeLessThan(full.length - 20);

    const current = screen.getAllByRole("listitem")[0]!;
    await user.click(within(current).getByRole("button", { name: "仅复制链接" }));
    expect(writeText).toHaveBeenCalledWith(full);

    await user.click(within(current).getByRole("button", { name: "显示当前页面的完整链接" }));
    const input = within(current).getByRole<HTMLInputElement>("textbox", { name: "当前页面" });
    expect(input).toHaveValue(full);
    expect(input).toHaveAttribute("readonly");
    expect(input).toHaveFocus();
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, full.length]);
  });
});

describe("inside WeChat and QQ", () => {
  const WECHAT_UA =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.33(0x18002129) NetType/WIFI Language/zh_CN";
  const QQ_UA =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 QQ/8.9.20.610 V1_IPH_SQ_8.9.20_1_APP_A Core/WKWebView";

  afterEach(() => jest.restoreAllMocks());

  /** Opens the share dialog in the app of `userAgent` and clicks `channel`; the guide to the app's own menu opens. */
  async function openGuide(userAgent: string, channel: string) {
    jest.spyOn(navigator, "userAgent", "get").mockReturnValue(userAgent);
    const user = await openShareDialog();
    await user.click(screen.getByRole("button", { name: channel }));
    return { user, guide: await screen.findByRole("dialog", { name: "点击右上角「···」分享" }) };
  }

  it("WeChat's channel shows the 「···」 guide, not a QR code, and puts the invitation code into the address", async () => {
    const { user, guide } = await openGuide(WECHAT_UA, "微信");
    expect(guide).toHaveAccessibleDescription("在弹出的菜单中选择「发送给朋友」或「分享到朋友圈」");
    expect(within(guide).getByTestId("share-guide-arrow")).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "分享二维码" })).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "分享到微信" })).not.toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe("/detail/abc?tab=1&code=INV888");

    await user.click(within(guide).getByRole("button", { name: "我知道了" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("QQ's own browser names QQ's menu entries", async () => {
    const { guide } = await openGuide(QQ_UA, "QQ");
    expect(guide).toHaveAccessibleDescription("在弹出的菜单中选择「发送给好友」或「分享到QQ空间」");
    expect(screen.queryByRole("img", { name: "分享二维码" })).not.toBeInTheDocument();
  });
});
