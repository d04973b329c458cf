import { renderToStaticMarkup } from "react-dom/server";
import { db } from "@/lib/db";
import { referrals } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { addGrant } from "@/lib/server/admin/members";
import { requireAdminRights } from "@/lib/server/auth/gate";
import type { Viewer } from "@/lib/server/auth/viewer";
import { membershipOf } from "@/lib/server/members/grants";
import { toUserInfo } from "@/lib/server/members/user-info";
import { createUser } from "@/lib/server/members/users";
import AdminMemberPage from "./[uguid]/page";
import AdminMembersPage from "./page";

jest.mock("@/lib/server/auth/gate", () => ({ requireEditorRights: jest.fn(), requireAdminRights: jest.fn(), requireViewer: jest.fn() }));
jest.mock("next/navigation", () => ({
  notFound: () => {
    throw new Error("NEXT_NOT_FOUND");
  },
  useRouter: () => ({ refresh() {}, push() {} }),
  usePathname: () => "/admin/members",
}));
process.env.LOG_LEVEL = "silent";

const html = async (element: Promise<React.ReactElement>) => renderToStaticMarkup(await element);

describeOnEachEngine("admin member pages render from the database", () => {
  let staff: Viewer;

  beforeAll(async () => {
    const admin = await createUser({ email: "pages-admin@example.com", role: "admin", nickname: "管理员小王" });
    staff = { userId: admin.id, role: admin.role, userInfo: toUserInfo(admin, await membershipOf(admin.id)) };
    jest.mocked(requireAdminRights).mockResolvedValue(staff);
  });

  it("lists held rewards and members, searches and pages", async () => {
    const inviter = await createUser({ email: "pages-inviter@example.com", nickname: "老股民" });
    const invitee = await createUser({ mobile: "13700001111", nickname: "新韭菜" });
    await (await db()).insert(referrals).values({ inviterId: inviter.id, inviteeId: invitee.id, status: "held", holdReason: "no-device" });

    const all = await html(AdminMembersPage({ searchParams: Promise.resolve({}) }));
    expect(all).toContain("待审核的邀请奖励（1）");
    // The stored code reads as a sentence (ADR 0027).
    expect(all).toContain("没有有效的设备标识（未经网页注册，或标识被伪造）");
    expect(all).not.toContain("no-device");
    expect(all).toContain(`href="/admin/members/${invitee.id}"`);
    expect(all).toContain("全部会员：共 3 人");

    const found = await html(AdminMembersPage({ searchParams: Promise.resolve({ q: ["1111", "ignored"], page: "1" }) }));
    expect(found).toContain("“1111”：共 1 人");
    expect(found).toContain("新韭菜");
    expect(found).not.toContain("pages-admin@example.com");

    const none = await html(AdminMembersPage({ searchParams: Promise.resolve({ q: "没有这个人", page: "-3" }) }));
    expect(none).toContain("没有找到会员");
  });

  it("shows a member's level, grants, referral and invitees, and 404s for unknown or malformed ids", async () => {
    const inviter = await createUser({ email: "pages-inviter2@example.com", nickname: "带路人" });
    const member = await createUser({ email: "pages-member@example.com", nickname: "短线客" });
    const friend = await createUser({ email: "pages-friend@example.com", nickname: "朋友" });
    await (await db()).insert(referrals).values([
      { inviterId: inviter.id, inviteeId: member.id, status: "held", holdReason: "同一 IP" },
      { inviterId: member.id, inviteeId: friend.id, status: "granted" },
    ]);
    await addGrant(staff, { userId: member.id, levelId: 200, days: 30, requestId: "5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f" });

    const page = await html(AdminMemberPage({ params: Promise.resolve({ uguid: member.id }) }));
    expect(page).toMatch(/data-testid="member-level">SVIP</);
    expect(page).toMatch(/data-testid="member-level-end">\d{4}-\d{2}-\d{2}</);
    expect(page).toContain("admin:" + staff.userId + ":5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f");
    expect(page).toContain("生效中");
    expect(page).toContain("结束授权：SVIP");
    expect(page).toContain("带路人");
    expect(page).toContain("同一 IP");
    expect(page).toContain("通过 短线客 的邀请奖励");
    expect(page).toContain("邀请的好友（1）");
    expect(page).toContain("朋友");

    await expect(html(AdminMemberPage({ params: Promise.resolve({ uguid: "5f0c1d2e-3a4b-4c5d-8e6f-000000000000" }) }))).rejects.toThrow("NEXT_NOT_FOUND");
    await expect(html(AdminMemberPage({ params: Promise.resolve({ uguid: "not-a-guid" }) }))).rejects.toThrow("NEXT_NOT_FOUND");
  });
});
