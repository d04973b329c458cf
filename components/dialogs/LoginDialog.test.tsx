import "@/components/ui/test-polyfills";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { isLoggedIn } from "@/lib/client/userinfo";
import { assignLocation } from "@/components/ui/browser";
import { LoginAutoOpen } from "./LoginAutoOpen";
import { LoginDialog } from "./LoginDialog";
import { LoginStateProvider, useLoginState } from "./login-state";

jest.mock("@/lib/client/userinfo", () => ({ isLoggedIn: jest.fn(), loadUserInfo: jest.fn(), clearUserInfo: jest.fn() }));
jest.mock("@/components/ui/browser", () => ({ assignLocation: jest.fn(), reloadPage: jest.fn() }));

const mockedLoggedIn = jest.mocked(isLoggedIn);
const fetchMock = jest.fn();

function respond(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce({ ok: status >= 200 && status < 300, status, json: async () => body });
}

function Opener() {
  const { openLogin } = useLoginState();
  return (
    <>
      <button type="button" onClick={() => openLogin({ invitationCode: "FRIEND7" })}>
        登录按钮
      </button>
      <button type="button" onClick={() => openLogin({ activeType: "password" })}>
        密码登录入口
      </button>
    </>
  );
}

function renderLogin(extra?: React.ReactNode) {
  return render(
    <LoginStateProvider>
      <Opener />
      {extra}
      <LoginDialog />
    </LoginStateProvider>,
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  mockedLoggedIn.mockReturnValue(false);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  window.history.replaceState(null, "", "/");
});

describe("LoginDialog", () => {
  it("opens on the code tab with the invitation code prefilled and the agreement links", async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole("button", { name: "登录按钮" }));
    const dialog = screen.getByRole("dialog", { name: "登录 / 注册" });
    expect(within(dialog).getByRole("tab", { name: "验证码登录" })).toHaveAttribute("aria-selected", "true");
    expect(within(dialog).getByRole("textbox", { name: "邀请码（选填）" })).toHaveValue("FRIEND7");
    expect(within(dialog).getByText(/登录即同意/)).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "《用户协议》" })).toHaveAttribute("href", "/terms");
    expect(within(dialog).getByRole("link", { name: "《免责声明》" })).toHaveAttribute("href", "/disclaimer");
  });

  it("the code tab sends a code, then verifies it with the invitation code and follows redirectTo", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", "/?r=%2Fuser%2Finvite");
    respond(200, { ok: true });
    respond(200, { redirectTo: "/user/invite" });
    renderLogin();
    await user.click(screen.getByRole("button", { name: "登录按钮" }));
    await user.type(screen.getByRole("textbox", { name: "手机号或邮箱" }), "13800138000");
    await user.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(await screen.findByRole("status")).toHaveTextContent("验证码已发送，10 分钟内有效");
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/auth/code/send");
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({ account: "13800138000" });
    await user.type(screen.getByRole("textbox", { name: "验证码" }), "12a345");
    expect(screen.getByRole("textbox", { name: "验证码" })).toHaveValue("12345");
    await user.click(screen.getByRole("button", { name: "登录 / 注册" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请输入 6 位数字验证码");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await user.type(screen.getByRole("textbox", { name: "验证码" }), "6");
    await user.click(screen.getByRole("button", { name: "登录 / 注册" }));
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith("/user/invite"));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe("/api/auth/code/verify");
    expect(JSON.parse(init.body)).toEqual({ account: "13800138000", code: "123456", r: "/user/invite", invitationCode: "FRIEND7" });
  });

  it("the code tab shows the server's reason when sending is refused", async () => {
    const user = userEvent.setup();
    respond(429, { message: "发送太频繁，请 42 秒后再试" });
    renderLogin();
    await user.click(screen.getByRole("button", { name: "登录按钮" }));
    await user.type(screen.getByRole("textbox", { name: "手机号或邮箱" }), "13800138000");
    await user.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("发送太频繁，请 42 秒后再试");
    expect(screen.queryByRole("textbox", { name: "验证码" })).toBeNull();
  });

  it("asks for the account before sending anything", async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole("button", { name: "登录按钮" }));
    await user.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请输入手机号或邮箱");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("the password tab posts account, password and r, then goes to the returned redirectTo", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", "/?r=%2Fuser%2Faccount");
    respond(200, { redirectTo: "/user/account" });
    renderLogin();
    await user.click(screen.getByRole("button", { name: "密码登录入口" }));
    expect(screen.getByRole("tab", { name: "密码登录" })).toHaveAttribute("aria-selected", "true");
    await user.type(screen.getByRole("textbox", { name: "手机号或邮箱" }), "a@example.com");
    await user.type(screen.getByLabelText("密码"), "secret-123");
    await user.click(screen.getByRole("button", { name: "登录" }));
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith("/user/account"));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/auth/login");
    expect(JSON.parse(init.body)).toEqual({ account: "a@example.com", password: "secret-123", r: "/user/account" });
  });

  it("shows the server's Chinese message on a 4xx and stays open", async () => {
    const user = userEvent.setup();
    respond(401, { message: "账号或密码错误" });
    renderLogin();
    await user.click(screen.getByRole("button", { name: "登录按钮" }));
    await user.click(screen.getByRole("tab", { name: "密码登录" }));
    await user.type(screen.getByRole("textbox", { name: "手机号或邮箱" }), "a@example.com");
    await user.type(screen.getByLabelText("密码"), "wrong");
    await user.click(screen.getByRole("button", { name: "登录" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("账号或密码错误");
    expect(assignLocation).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "登录 / 注册" })).toBeInTheDocument();
  });

  it("says 网络异常 when the request cannot be made", async () => {
    const user = userEvent.setup();
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    renderLogin();
    await user.click(screen.getByRole("button", { name: "密码登录入口" }));
    await user.type(screen.getByRole("textbox", { name: "手机号或邮箱" }), "a@example.com");
    await user.type(screen.getByLabelText("密码"), "pw");
    await user.click(screen.getByRole("button", { name: "登录" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("网络异常，请稍后再试");
  });
});

describe("LoginAutoOpen", () => {
  it("opens the login dialog when the entry URL carries r and nobody is logged in", async () => {
    window.history.replaceState(null, "", "/?r=%2Fuser%2Finvite%3Fcode%3DABC123");
    renderLogin(<LoginAutoOpen />);
    const dialog = await screen.findByRole("dialog", { name: "登录 / 注册" });
    expect(within(dialog).getByRole("textbox", { name: "邀请码（选填）" })).toHaveValue("ABC123");
  });

  it("stays closed without r, or when logged in", async () => {
    window.history.replaceState(null, "", "/?code=ABC");
    const first = renderLogin(<LoginAutoOpen />);
    await act(async () => {});
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    first.unmount();

    window.history.replaceState(null, "", "/?r=%2Fuser%2Faccount");
    mockedLoggedIn.mockReturnValue(true);
    renderLogin(<LoginAutoOpen />);
    await waitFor(() => expect(mockedLoggedIn).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
