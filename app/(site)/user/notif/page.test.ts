import { renderToStaticMarkup } from "react-dom/server";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { requireViewer } from "@/lib/server/auth/gate";
import { membershipOf } from "@/lib/server/members/grants";
import { toUserInfo } from "@/lib/server/members/user-info";
import { createUser } from "@/lib/server/members/users";
import { createNotification } from "@/lib/server/notifications/create";
import NotifPage from "./page";

jest.mock("@/lib/server/auth/gate", () => ({ requireViewer: jest.fn() }));
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh() {} }) }));

describeOnEachEngine("/user/notif renders the viewer's notifications", () => {
  it("shows an empty state, then unread first with 标记已读 and 全部已读", async () => {
    const user = await createUser({ email: "notif-page@example.com" });
    const viewer = { userId: user.id, role: user.role, userInfo: toUserInfo(user, await membershipOf(user.id)) };
    jest.mocked(requireViewer).mockResolvedValue(viewer);
    expect(renderToStaticMarkup(await NotifPage())).toContain("暂无消息");

    await createNotification({ userId: user.id, kind: "expiry", title: "你的 SVIP 将于 2026-11-25 到期", link: "/price" });
    const html = renderToStaticMarkup(await NotifPage());
    expect(html).toContain('data-state="unread"');
    expect(html).toContain('href="/price"');
    expect(html).toContain("标记已读：你的 SVIP 将于 2026-11-25 到期");
    expect(html).toContain("全部已读");
    expect(html).toContain("1 条未读");
  });
});
