import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockFetch } from "@/components/ui/fetch-mock.test-support";
import { notify } from "@/lib/client/toast";
import { FollowButton } from "./FollowButton";
import { NotifyPrefs } from "./NotifyPrefs";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
jest.mock("@/lib/client/toast", () => ({ notify: jest.fn() }));

const { fetchMock, respond, sent } = mockFetch();
const GUID = "0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10";

beforeEach(() => jest.clearAllMocks());

describe("FollowButton", () => {
  it("follows, shows the server's message and refreshes", async () => {
    const user = userEvent.setup();
    render(<FollowButton strategyGuid={GUID} following={false} canFollow />);
    respond(200, { message: "已关注，新信号会通过站内通知提醒你", following: true, emailSignals: false });
    await user.click(screen.getByRole("button", { name: "关注" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: "success", message: "已关注，新信号会通过站内通知提醒你" }));
    expect(fetchMock).toHaveBeenCalledWith("/api/quant/follow", expect.objectContaining({ method: "POST" }));
    expect(sent()).toEqual({ strategyGuid: GUID, follow: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("button", { name: "已关注" })).toBeInTheDocument();
  });

  it("shows the tier limit from the server (409)", async () => {
    const user = userEvent.setup();
    render(<FollowButton strategyGuid={GUID} following={false} canFollow />);
    respond(409, { message: "普通会员最多关注 1 个策略，升级 VIP 可关注 10 个" });
    await user.click(screen.getByRole("button", { name: "关注" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: "warning", message: "普通会员最多关注 1 个策略，升级 VIP 可关注 10 个" }));
    expect(refresh).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "关注" })).toBeInTheDocument();
  });

  it("does not ask the server when the tier allows no more follows", async () => {
    const user = userEvent.setup();
    render(<FollowButton strategyGuid={GUID} following={false} canFollow={false} limitText="普通会员最多关注 1 个策略，升级 VIP 可关注 10 个" />);
    await user.click(screen.getByRole("button", { name: "关注" }));
    expect(notify).toHaveBeenCalledWith({ type: "warning", message: "普通会员最多关注 1 个策略，升级 VIP 可关注 10 个" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("unfollows on the second tap (取消关注 after the first)", async () => {
    const user = userEvent.setup();
    render(<FollowButton strategyGuid={GUID} following canFollow={false} />);
    await user.pointer({ keys: "[TouchA]", target: screen.getByRole("button", { name: "已关注" }) });
    expect(fetchMock).not.toHaveBeenCalled();
    respond(200, { message: "已取消关注", following: false });
    await user.pointer({ keys: "[TouchA]", target: screen.getByRole("button", { name: "取消关注" }) });
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: "success", message: "已取消关注" }));
    expect(sent()).toEqual({ strategyGuid: GUID, follow: false });
    expect(await screen.findByRole("button", { name: "关注" })).toBeInTheDocument();
  });

  it("shows 取消关注 on mouse hover and unfollows with one click", async () => {
    const user = userEvent.setup();
    render(<FollowButton strategyGuid={GUID} following canFollow />);
    await user.hover(screen.getByRole("button", { name: "已关注" }));
    expect(screen.getByRole("button", { name: "取消关注" })).toBeInTheDocument();
    await user.unhover(screen.getByRole("button", { name: "取消关注" }));
    expect(screen.getByRole("button", { name: "已关注" })).toBeInTheDocument();
    respond(500, {});
    await user.click(screen.getByRole("button", { name: "已关注" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: "error", message: "服务器内部错误，请稍后再试" }));
    expect(sent()).toEqual({ strategyGuid: GUID, follow: false });
  });

  it("is a login link for visitors", () => {
    render(<FollowButton strategyGuid={GUID} following={false} canFollow loginHref="/login?next=%2Fquant" />);
    expect(screen.getByRole("link", { name: "登录后关注策略" })).toHaveAttribute("href", "/login?next=%2Fquant");
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("NotifyPrefs", () => {
  const items = [
    { strategyGuid: GUID, name: "龙头打板", email: false, href: "/quant/a" },
    { strategyGuid: "1b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10", name: "低吸轮动", email: true },
  ];

  it("says site notifications are always on and posts the e-mail choice", async () => {
    const user = userEvent.setup();
    render(<NotifyPrefs items={items} emailAddress="t***@example.com" />);
    expect(screen.getByTestId("notify-prefs")).toHaveTextContent("站内通知 始终开启");
    expect(screen.getByText(/t\*\*\*@example.com/)).toBeInTheDocument();
    const box = screen.getByRole("checkbox", { name: "龙头打板：新信号时发邮件提醒" });
    expect(box).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "低吸轮动：新信号时发邮件提醒" })).toBeChecked();
    respond(200, { message: "已更新", following: true, emailSignals: true });
    await user.click(box);
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: "success", message: "「龙头打板」有新信号时会发邮件提醒你" }));
    expect(sent()).toEqual({ strategyGuid: GUID, follow: true, email: true });
    expect(box).toBeChecked();
    expect(refresh).toHaveBeenCalled();
  });

  it("reverts on failure", async () => {
    const user = userEvent.setup();
    render(<NotifyPrefs items={items} />);
    respond(404, { message: "策略不存在" });
    const box = screen.getByRole("checkbox", { name: "低吸轮动：新信号时发邮件提醒" });
    await user.click(box);
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: "error", message: "策略不存在" }));
    expect(box).toBeChecked();
  });

  it("disables the boxes without an e-mail address and links to add one", () => {
    render(<NotifyPrefs items={items} emailAddress={null} bindEmailHref="/user/account" />);
    for (const box of screen.getAllByRole("checkbox")) expect(box).toBeDisabled();
    expect(screen.getByRole("link", { name: "去绑定邮箱" })).toHaveAttribute("href", "/user/account");
  });
});
