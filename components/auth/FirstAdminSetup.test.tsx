import "@/components/ui/test-polyfills";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FirstAdminSetup } from "./FirstAdminSetup";

const fetchMock = jest.fn();
const TOKEN = "t".repeat(43);

beforeEach(() => {
  jest.clearAllMocks();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe("FirstAdminSetup", () => {
  it("a logged-in member sends only the token from the link, and sees the server's refusal", async () => {
    const user = userEvent.setup();
    render(<FirstAdminSetup token={TOKEN} memberName="老韭菜" loginHref="/?r=%2Fsetup" />);
    expect(screen.getByRole("textbox", { name: "设置令牌" })).toHaveValue(TOKEN);
    expect(screen.getByText(/老韭菜/)).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "邮箱" })).not.toBeInTheDocument();
    fetchMock.mockResolvedValueOnce({ ok: false, status: 409, json: async () => ({ message: "已经有管理员了：请用管理员账号登录，或请管理员在后台操作" }) });
    await user.click(screen.getByRole("button", { name: "成为管理员" }));
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/setup", expect.objectContaining({ method: "POST" }));
    expect(JSON.parse((fetchMock.mock.calls[0]![1] as RequestInit).body as string)).toEqual({ token: TOKEN });
    expect(await screen.findByRole("alert")).toHaveTextContent("已经有管理员了");
  });

  it("a visitor creates an account: checked in the browser first (password rules, repetition), nothing sent until it passes", async () => {
    const user = userEvent.setup();
    render(<FirstAdminSetup token="" memberName={null} loginHref="/?r=%2Fsetup" />);
    expect(screen.getByRole("link", { name: "先登录" })).toHaveAttribute("href", "/?r=%2Fsetup");
    await user.click(screen.getByRole("button", { name: "创建管理员账号" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("请填写设置令牌");
    await user.type(screen.getByRole("textbox", { name: "设置令牌" }), TOKEN);
    await user.type(screen.getByRole("textbox", { name: "邮箱" }), "boss@example.com");
    await user.type(screen.getByLabelText("新密码", { exact: true }), "harbor-lantern-58");
    await user.type(screen.getByLabelText("确认新密码"), "harbor-lantern-59");
    await user.click(screen.getByRole("button", { name: "创建管理员账号" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("两次输入的新密码不一致");
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText("确认新密码"));
    await user.type(screen.getByLabelText("确认新密码"), "harbor-lantern-58");
    fetchMock.mockResolvedValueOnce({ ok: false, status: 409, json: async () => ({ message: "该邮箱已注册：请先用它登录" }) });
    await user.click(screen.getByRole("button", { name: "创建管理员账号" }));
    expect(JSON.parse((fetchMock.mock.calls[0]![1] as RequestInit).body as string)).toEqual({
      token: TOKEN,
      account: { email: "boss@example.com", password: "harbor-lantern-58" },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("该邮箱已注册");
  });
});
