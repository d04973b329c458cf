import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRouter } from "next/navigation";
import { notify } from "@/lib/client/toast";
import { NotificationList, NOTIFICATIONS_API, type NotificationView } from "./NotificationList";

jest.mock("next/navigation", () => ({ useRouter: jest.fn() }));
jest.mock("@/lib/client/toast", () => ({ notify: jest.fn() }));

const refresh = jest.fn();
const fetchMock = jest.fn();

const ITEMS: NotificationView[] = [
  { id: "a0000000-0000-4000-8000-000000000001", title: "你的 SVIP 将于 2026-11-25 到期", body: "到期后将恢复为普通会员。", link: "/price", createdAt: "2026-11-22 10:00:00", read: false },
  { id: "a0000000-0000-4000-8000-000000000002", title: "邀请奖励审核中", body: "", link: null, createdAt: "2026-11-21 09:00:00", read: false },
  { id: "a0000000-0000-4000-8000-000000000003", title: "好友已通过你的邀请注册", body: "", link: "/user/invitation", createdAt: "2026-11-20 08:00:00", read: true },
];

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce({ ok: status < 400, status, json: async () => body });
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(useRouter).mockReturnValue({ refresh } as unknown as ReturnType<typeof useRouter>);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe("NotificationList", () => {
  it("shows unread items marked, with links, and a count", () => {
    render(<NotificationList items={ITEMS} />);
    const rows = screen.getAllByTestId("notification");
    expect(rows.map((r) => r.dataset.state)).toEqual(["unread", "unread", "read"]);
    expect(screen.getByTestId("unread-summary")).toHaveTextContent("2 条未读");
    expect(within(rows[0]!).getByRole("link", { name: "你的 SVIP 将于 2026-11-25 到期" })).toHaveAttribute("href", "/price");
    expect(within(rows[2]!).queryByRole("button", { name: /标记已读/ })).toBeNull();
  });

  it("marks one read through the API and refreshes the page and header", async () => {
    answer(200, { ok: true, updated: 1, unread: 1 });
    render(<NotificationList items={ITEMS} />);
    await userEvent.click(screen.getByRole("button", { name: "标记已读：你的 SVIP 将于 2026-11-25 到期" }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledWith(NOTIFICATIONS_API, expect.objectContaining({ method: "POST" }));
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ action: "read", ids: [ITEMS[0]!.id] });
    expect(screen.getAllByTestId("notification")[0]).toHaveAttribute("data-state", "read");
    expect(screen.getByTestId("unread-summary")).toHaveTextContent("1 条未读");
  });

  it("marks all read, then has nothing left to mark", async () => {
    answer(200, { ok: true, updated: 2, unread: 0 });
    render(<NotificationList items={ITEMS} />);
    await userEvent.click(screen.getByRole("button", { name: "全部已读" }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ action: "read-all" });
    expect(screen.getAllByTestId("notification").every((r) => r.dataset.state === "read")).toBe(true);
    expect(screen.getByRole("button", { name: "全部已读" })).toBeDisabled();
    expect(screen.getByTestId("unread-summary")).toHaveTextContent("没有未读消息");
  });

  it("keeps items unread and shows the server's message when the call fails", async () => {
    answer(401, { message: "请先登录" });
    render(<NotificationList items={ITEMS} />);
    await userEvent.click(screen.getByRole("button", { name: "全部已读" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: "error", message: "请先登录" }));
    expect(refresh).not.toHaveBeenCalled();
    expect(screen.getByTestId("unread-summary")).toHaveTextContent("2 条未读");
  });

  it("says 网络异常 when no answer arrives", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    render(<NotificationList items={ITEMS} />);
    await userEvent.click(screen.getByRole("button", { name: "标记已读：邀请奖励审核中" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: "error", message: "网络异常，请稍后再试" }));
  });
});
