import "@/components/ui/test-polyfills";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockFetch } from "@/components/ui/fetch-mock.test-support";
import { notify } from "@/lib/client/toast";
import { AddGrantForm } from "./AddGrantForm";
import { EndGrant } from "./EndGrant";
import { ReferralReview } from "./ReferralReview";
import { MarketSyncButton } from "./MarketSyncButton";
import { GRANTS_API, MARKET_SYNC_API, newRequestId, REFERRALS_API } from "./admin-action";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
jest.mock("@/lib/client/toast", () => ({ notify: jest.fn() }));

const { fetchMock, respond, sent } = mockFetch();
const USER = "0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10";
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => jest.clearAllMocks());

describe("newRequestId", () => {
  it("makes distinct v4 UUIDs", () => {
    const ids = new Set(Array.from({ length: 50 }, newRequestId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });
});

describe("AddGrantForm", () => {
  it("adds a grant, keeps the request id for a retry and takes a new one after success", async () => {
    const user = userEvent.setup();
    render(<AddGrantForm userId={USER} />);
    await user.selectOptions(screen.getByLabelText("等级"), "svip");
    await user.clear(screen.getByLabelText(/天数/));
    await user.type(screen.getByLabelText(/天数/), "90");
    respond(500, {});
    await user.click(screen.getByRole("button", { name: "添加授权" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: "error", message: "服务器内部错误，请稍后再试" }));
    respond(200, { ok: true, created: true });
    await user.click(screen.getByRole("button", { name: "添加授权" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: "success", message: "已添加 90 天 SVIP" }));
    expect(fetchMock).toHaveBeenCalledWith(GRANTS_API, expect.objectContaining({ method: "POST" }));
    expect(sent(0)).toEqual({ action: "add", userId: USER, level: "svip", days: 90, requestId: expect.stringMatching(UUID_V4) });
    expect(sent(1).requestId).toBe(sent(0).requestId);
    expect(refresh).toHaveBeenCalledTimes(1);
    respond(200, { ok: true, created: true });
    await user.click(screen.getByRole("button", { name: "添加授权" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(sent(2).requestId).not.toBe(sent(0).requestId);
  });

  it("checks the number of days before asking the server and shows the server's refusal", async () => {
    const user = userEvent.setup();
    render(<AddGrantForm userId={USER} />);
    const days = screen.getByLabelText(/天数/);
    for (const value of ["0", "3661", "1.5", "abc"]) {
      await user.clear(days);
      await user.type(days, value);
      await user.click(screen.getByRole("button", { name: "添加授权" }));
      expect(screen.getByRole("alert")).toHaveTextContent("天数须为 1–3660 的整数");
    }
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(days);
    await user.type(days, "3660");
    respond(400, { message: "会员编号无效" });
    await user.click(screen.getByRole("button", { name: "添加授权" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("会员编号无效"));
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe("ConfirmAction", () => {
  it("ends a grant only after confirmation", async () => {
    const user = userEvent.setup();
    render(<EndGrant grantId="g1" description="SVIP（2026-11-01 至 2026-12-01）" />);
    await user.click(screen.getByRole("button", { name: "结束授权：SVIP（2026-11-01 至 2026-12-01）" }));
    const dialog = screen.getByRole("dialog", { name: "立即结束授权" });
    await user.click(within(dialog).getByRole("button", { name: "取消" }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: /结束授权：/ }));
    respond(200, { ok: true });
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "结束授权" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent()).toEqual({ action: "end", grantId: "g1" });
    expect(notify).toHaveBeenCalledWith({ type: "success", message: "授权已结束" });
    expect(refresh).toHaveBeenCalled();
  });

  it("approves or rejects a held reward; an outcome decided elsewhere closes the dialog and refreshes", async () => {
    const user = userEvent.setup();
    render(<ReferralReview referralId="r1" invitee="好友甲" />);
    await user.click(screen.getByRole("button", { name: "通过 好友甲 的邀请奖励" }));
    respond(200, { ok: true, status: "granted", changed: true });
    await user.click(within(screen.getByRole("dialog", { name: "通过邀请奖励" })).getByRole("button", { name: "通过并发放" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: "success", message: "已通过，3 天 SVIP 已发放" }));
    expect(fetchMock).toHaveBeenCalledWith(REFERRALS_API, expect.anything());
    expect(sent(0)).toEqual({ action: "approve", referralId: "r1" });

    await user.click(screen.getByRole("button", { name: "拒绝 好友甲 的邀请奖励" }));
    respond(409, { message: "该邀请奖励已处理（已发放）" });
    await user.click(within(screen.getByRole("dialog", { name: "拒绝邀请奖励" })).getByRole("button", { name: "拒绝" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: "error", message: "该邀请奖励已处理（已发放）" }));
    expect(sent(1)).toEqual({ action: "reject", referralId: "r1" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it("keeps the dialog open when the request fails, so it can be retried", async () => {
    const user = userEvent.setup();
    render(<ReferralReview referralId="r2" invitee="好友乙" />);
    await user.click(screen.getByRole("button", { name: "拒绝 好友乙 的邀请奖励" }));
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "拒绝" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: "error", message: "网络异常，请稍后再试" }));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe("MarketSyncButton", () => {
  it("posts to the sync route and shows the server's answer, then re-renders the page", async () => {
    const user = userEvent.setup();
    render(<MarketSyncButton />);
    respond(202, { ok: true, message: "已开始同步行情，完成后刷新本页查看结果" });
    await user.click(screen.getByRole("button", { name: "同步行情" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: "success", message: "已开始同步行情，完成后刷新本页查看结果" }));
    expect(fetchMock).toHaveBeenCalledWith(MARKET_SYNC_API, expect.objectContaining({ method: "POST" }));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("shows what to configure when the server has no provider", async () => {
    const user = userEvent.setup();
    render(<MarketSyncButton />);
    respond(409, { message: "未配置行情数据源：设置 MARKET_DATA_PROVIDER=tushare（并设置 TUSHARE_TOKEN）或 eastmoney" });
    await user.click(screen.getByRole("button", { name: "同步行情" }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ type: "error", message: "未配置行情数据源：设置 MARKET_DATA_PROVIDER=tushare（并设置 TUSHARE_TOKEN）或 eastmoney" }),
    );
  });
});
