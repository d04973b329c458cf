import "@/components/ui/test-polyfills";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockFetch } from "@/components/ui/fetch-mock.test-support";
import { notify } from "@/lib/client/toast";
import { loadUserInfo } from "@/lib/client/userinfo";
import { AvatarUpload } from "./AvatarUpload";
import { BindAccountForm } from "./BindAccountForm";
import { NicknameForm } from "./NicknameForm";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
jest.mock("@/lib/client/userinfo", () => ({ loadUserInfo: jest.fn() }));
jest.mock("@/lib/client/toast", () => ({ notify: jest.fn() }));

const { fetchMock, respond, sent: sentJson, sentTo, sentForm } = mockFetch();

describe("NicknameForm", () => {
  it("saves a trimmed nickname, then syncs the user info and re-renders the page", async () => {
    const user = userEvent.setup();
    render(<NicknameForm nickname="老韭菜" />);
    expect(screen.getByTestId("nickname")).toHaveTextContent("老韭菜");
    await user.click(screen.getByRole("button", { name: "修改昵称" }));
    const input = screen.getByRole("textbox", { name: "昵称" });
    await user.clear(input);
    await user.type(input, "  短线小散 ");
    respond(200, { message: "昵称已更新", userInfo: { nickName: "短线小散" } });
    await user.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(screen.getByTestId("nickname")).toHaveTextContent("短线小散"));
    expect(fetchMock).toHaveBeenCalledWith("/api/user/profile", expect.objectContaining({ method: "POST" }));
    expect(sentJson()).toEqual({ nickname: "短线小散" });
    expect(loadUserInfo).toHaveBeenCalled();
    expect(refresh).toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith({ type: "success", message: "昵称已更新" });
  });

  it("refuses an empty or too long nickname without asking the server, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    render(<NicknameForm nickname="老韭菜" />);
    await user.click(screen.getByRole("button", { name: "修改昵称" }));
    const input = screen.getByRole("textbox", { name: "昵称" });
    await user.clear(input);
    await user.click(screen.getByRole("button", { name: "保存" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请输入昵称");
    fireEvent.change(input, { target: { value: "长".repeat(33) } });
    expect(screen.getByText("33/32")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "保存" }));
    expect(screen.getByRole("alert")).toHaveTextContent("昵称最长 32 个字");
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: "新名字" } });
    respond(429, { message: "修改过于频繁，请 3 分钟后再试" });
    await user.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("修改过于频繁，请 3 分钟后再试");
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe("AvatarUpload", () => {
  const png = (size: number, name = "me.png", type = "image/png") => new File([new Uint8Array(size)], name, { type });

  it("uploads the chosen image as multipart `file` and shows the new avatar", async () => {
    const user = userEvent.setup();
    render(<AvatarUpload avatarUrl="" nickname="老韭菜" />);
    expect(screen.queryByTestId("avatar-image")).toBeNull();
    respond(200, { message: "头像已更新", userInfo: { avatar: "/api/uploads/avatars/abc.png" } });
    await user.upload(screen.getByTestId("avatar-input"), png(100));
    await waitFor(() => expect(screen.getByTestId("avatar-image")).toHaveAttribute("src", "/api/uploads/avatars/abc.png"));
    expect(sentTo()).toBe("/api/user/avatar");
    expect(sentForm().get("file")).toBeInstanceOf(File);
    expect(refresh).toHaveBeenCalled();
  });

  it("refuses files over 2 MB in the browser and shows the server's refusal of a fake image", async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<AvatarUpload avatarUrl="/api/uploads/avatars/old.png" nickname="老韭菜" />);
    await user.upload(screen.getByTestId("avatar-input"), png(2 * 1024 * 1024 + 1));
    expect(screen.getByTestId("avatar-feedback")).toHaveTextContent("头像图片不能超过 2 MB");
    await user.upload(screen.getByTestId("avatar-input"), png(10, "anim.gif", "image/gif"));
    expect(screen.getByTestId("avatar-feedback")).toHaveTextContent("仅支持 JPEG、PNG、WebP 格式的图片");
    expect(fetchMock).not.toHaveBeenCalled();

    respond(415, { message: "文件不是有效的图片，仅支持 JPEG、PNG、WebP 格式" });
    await user.upload(screen.getByTestId("avatar-input"), png(10));
    await waitFor(() => expect(screen.getByTestId("avatar-feedback")).toHaveTextContent("文件不是有效的图片"));
    expect(screen.getByTestId("avatar-image")).toHaveAttribute("src", "/api/uploads/avatars/old.png");
  });
});

describe("BindAccountForm", () => {
  it("sends a code to the new mobile, then confirms it with the 6-digit code", async () => {
    const user = userEvent.setup();
    render(<BindAccountForm kind="mobile" value={null} />);
    expect(screen.getByTestId("bound-mobile")).toHaveTextContent("未绑定");
    await user.click(screen.getByRole("button", { name: "绑定手机号" }));
    expect(screen.getByRole("button", { name: /确认绑定/ })).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "手机号" }), "139 0000 1111");
    respond(200, { message: "验证码已发送到新手机号" });
    await user.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(await screen.findByRole("status")).toHaveTextContent("验证码已发送到新手机号");
    expect(sentJson()).toEqual({ step: "send", kind: "mobile", account: "13900001111" });
    expect(screen.getByRole("button", { name: /^\d+秒$/ })).toBeDisabled();

    await user.type(screen.getByRole("textbox", { name: /验证码/ }), "12a3456");
    respond(200, { message: "手机号已绑定", userInfo: {} });
    await user.click(screen.getByRole("button", { name: /确认绑定/ }));
    // Shown masked, like every mobile number on the site (ADR 0038).
    await waitFor(() => expect(screen.getByTestId("bound-mobile")).toHaveTextContent("139****1111"));
    expect(screen.getByTestId("bound-mobile")).not.toHaveTextContent("13900001111");
    expect(sentJson(1)).toEqual({ step: "confirm", kind: "mobile", account: "13900001111", code: "123456" });
    expect(notify).toHaveBeenCalledWith({ type: "success", message: "手机号已绑定" });
  });

  it("refuses an address of the other kind or the current one without asking the server", async () => {
    const user = userEvent.setup();
    render(<BindAccountForm kind="email" value="me@example.com" />);
    await user.click(screen.getByRole("button", { name: "更换邮箱" }));
    const input = screen.getByRole("textbox", { name: /新邮箱/ });
    await user.type(input, "13900001111");
    await user.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请输入正确的邮箱");
    await user.clear(input);
    await user.type(input, "ME@example.com");
    await user.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(screen.getByRole("alert")).toHaveTextContent("该邮箱已绑定到你的账号");
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "取消" }));
    expect(screen.getByTestId("bound-email")).toHaveTextContent("me@example.com");
  });
});
