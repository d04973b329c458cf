import "@/components/ui/test-polyfills";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockFetch } from "@/components/ui/fetch-mock.test-support";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { ResetPasswordForm } from "./ResetPasswordForm";
import { passwordChangeForm } from "@/lib/domain/account/schemas";

const openLogin = jest.fn();
jest.mock("@/components/dialogs/login-state", () => ({ useLoginState: () => ({ openLogin }) }));

const { fetchMock, respond, sent: sentJson } = mockFetch();

describe("passwordChangeForm", () => {
  const problem = (newPassword: string, repeatPassword: string, names = {}) =>
    passwordChangeForm(names).safeParse({ requiresCurrent: false, currentPassword: "", newPassword, repeatPassword }).error?.issues[0]?.message ?? null;

  it("checks length, blanks and the repetition", () => {
    expect(problem("", "")).toBe("请输入新密码");
    expect(problem("short", "short")).toBe("新密码至少 8 位");
    expect(problem("x".repeat(129), "x".repeat(129))).toBe("新密码最长 128 位");
    expect(problem("        ", "        ")).toBe("新密码不能全是空格");
    expect(problem("long-enough", "long-enougH")).toBe("两次输入的新密码不一致");
    expect(problem("long-enough", "long-enough")).toBeNull();
  });

  it("refuses the account's names in the browser too, and leaves the common-password list to the server", () => {
    expect(problem("member-pass-1", "member-pass-1", { email: "member@e2e.test" })).toBe("新密码不能包含邮箱 @ 前面的部分");
    expect(problem("LaoWang-2024", "LaoWang-2024", { nickname: "laowang" })).toBe("新密码不能包含昵称");
    expect(problem("sunshine", "sunshine")).toBeNull();
  });
});

describe("the password forms' names", () => {
  it("the change form refuses a password with the member's nickname before asking the server", async () => {
    const user = userEvent.setup();
    render(<ChangePasswordForm hasPassword={false} names={{ nickname: "LaoWang", email: "zhang@example.com" }} />);
    await user.type(screen.getByLabelText("新密码"), "i-am-laowang");
    await user.type(screen.getByLabelText("确认新密码"), "i-am-laowang");
    await user.click(screen.getByRole("button", { name: "设置密码" }));
    expect(screen.getByRole("alert")).toHaveTextContent("新密码不能包含昵称");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("ChangePasswordForm", () => {
  it("asks for the current password when one exists and reports the change", async () => {
    const user = userEvent.setup();
    render(<ChangePasswordForm hasPassword />);
    await user.type(screen.getByLabelText("新密码"), "new-password");
    await user.type(screen.getByLabelText("确认新密码"), "new-password");
    await user.click(screen.getByRole("button", { name: "修改密码" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请输入当前密码");
    await user.type(screen.getByLabelText("当前密码"), "old-password");
    respond(200, { message: "密码已修改，其他设备上的登录已退出" });
    await user.click(screen.getByRole("button", { name: "修改密码" }));
    expect(await screen.findByTestId("password-feedback")).toHaveTextContent("密码已修改，其他设备上的登录已退出");
    expect(sentJson()).toEqual({ currentPassword: "old-password", newPassword: "new-password" });
    expect(screen.getByLabelText("新密码")).toHaveValue("");
  });

  it("sets a first password without a current one, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    render(<ChangePasswordForm hasPassword={false} />);
    expect(screen.queryByLabelText("当前密码")).toBeNull();
    await user.type(screen.getByLabelText("新密码"), "first-password");
    await user.type(screen.getByLabelText("确认新密码"), "first-passwrd");
    await user.click(screen.getByRole("button", { name: "设置密码" }));
    expect(screen.getByRole("alert")).toHaveTextContent("两次输入的新密码不一致");
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText("确认新密码"));
    await user.type(screen.getByLabelText("确认新密码"), "first-password");
    respond(429, { message: "尝试次数过多，请 15 分钟后再试" });
    await user.click(screen.getByRole("button", { name: "设置密码" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("尝试次数过多，请 15 分钟后再试");
    expect(sentJson()).toEqual({ newPassword: "first-password" });
  });
});

describe("ResetPasswordForm", () => {
  it("sends a code, resets with the code and new password, and offers to log in", async () => {
    const user = userEvent.setup();
    render(<ResetPasswordForm />);
    expect(screen.getByRole("button", { name: "重置密码" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请输入手机号或邮箱");
    await user.type(screen.getByRole("textbox", { name: "手机号或邮箱" }), "not-an-account");
    await user.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请输入正确的手机号或邮箱");
    await user.clear(screen.getByRole("textbox", { name: "手机号或邮箱" }));
    await user.type(screen.getByRole("textbox", { name: "手机号或邮箱" }), "Me@Example.com");
    respond(200, { message: "如果该账号已注册，验证码已发送，请查收" });
    await user.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(await screen.findByTestId("reset-feedback")).toHaveTextContent("如果该账号已注册");
    expect(sentJson()).toEqual({ step: "send", account: "me@example.com" });

    await user.type(screen.getByRole("textbox", { name: "验证码" }), "654321");
    await user.type(screen.getByLabelText("新密码"), "brand-new-pw");
    await user.type(screen.getByLabelText("确认新密码"), "brand-new-pw");
    respond(200, { message: "密码已重置，请使用新密码登录" });
    await user.click(screen.getByRole("button", { name: "重置密码" }));
    expect(await screen.findByTestId("reset-done")).toHaveTextContent("密码已重置，请使用新密码登录");
    expect(sentJson(1)).toEqual({ step: "confirm", account: "me@example.com", code: "654321", newPassword: "brand-new-pw" });
    await user.click(screen.getByRole("button", { name: "去登录" }));
    expect(openLogin).toHaveBeenCalledWith({ activeType: "password" });
  });

  it("shows a wrong code's message and keeps the form", async () => {
    const user = userEvent.setup();
    render(<ResetPasswordForm />);
    await user.type(screen.getByRole("textbox", { name: "手机号或邮箱" }), "13800138000");
    respond(200, { message: "如果该账号已注册，验证码已发送，请查收" });
    await user.click(screen.getByRole("button", { name: "获取验证码" }));
    await screen.findByRole("textbox", { name: "验证码" });
    await user.type(screen.getByRole("textbox", { name: "验证码" }), "12345");
    await user.type(screen.getByLabelText("新密码"), "brand-new-pw");
    await user.type(screen.getByLabelText("确认新密码"), "brand-new-pw");
    await user.click(screen.getByRole("button", { name: "重置密码" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请输入 6 位数字验证码");
    await user.type(screen.getByRole("textbox", { name: "验证码" }), "9");
    respond(400, { message: "验证码错误，还可尝试 4 次" });
    await user.click(screen.getByRole("button", { name: "重置密码" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("验证码错误，还可尝试 4 次"));
    expect(screen.queryByTestId("reset-done")).toBeNull();
  });
});
