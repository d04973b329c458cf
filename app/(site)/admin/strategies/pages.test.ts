import { renderToStaticMarkup } from "react-dom/server";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { requireEditorRights } from "@/lib/server/auth/gate";
import type { Viewer } from "@/lib/server/auth/viewer";
import { membershipOf } from "@/lib/server/members/grants";
import { toUserInfo } from "@/lib/server/members/user-info";
import { createUser } from "@/lib/server/members/users";
import { createStrategyKey, revokeStrategyKey } from "@/lib/server/quant/api-keys";
import { importNavCsv } from "@/lib/server/quant/csv-import";
import { createStrategy } from "@/lib/server/quant/strategies-admin";
import AdminStrategyPage from "./[guid]/page";
import AdminStrategiesPage from "./page";

jest.mock("@/lib/server/auth/gate", () => ({ requireEditorRights: jest.fn(), requireAdminRights: jest.fn(), requireViewer: jest.fn() }));
jest.mock("next/navigation", () => ({
  notFound: () => {
    throw new Error("NEXT_NOT_FOUND");
  },
  useRouter: () => ({ refresh() {}, push() {} }),
  usePathname: () => "/admin/strategies",
}));
process.env.LOG_LEVEL = "silent";

const html = async (element: Promise<React.ReactElement>) => renderToStaticMarkup(await element);

describeOnEachEngine("admin strategy pages render from the database", () => {
  let staff: Viewer;

  beforeAll(async () => {
    const admin = await createUser({ email: "strategies-pages-admin@example.com", role: "admin", nickname: "管理员老张" });
    staff = { userId: admin.id, role: admin.role, userInfo: toUserInfo(admin, await membershipOf(admin.id)) };
    jest.mocked(requireEditorRights).mockResolvedValue(staff);
  });

  it("lists strategies with status, NAV and key counts; shows one strategy's keys, uploads and profile", async () => {
    expect(await html(AdminStrategiesPage())).toContain("还没有策略");
    const s = await createStrategy(staff, { name: "红利低波", author: "量化组", status: "backtest", startDate: "2024-01-02", style: "红利" });
    await createStrategy(staff, { name: "空白模拟", author: "量化组", status: "paper", startDate: "2024-03-01" });
    await importNavCsv(staff, s.guid, new TextEncoder().encode("date,nav\n2024-01-02,1\n2024-01-03,1.01\n"));
    const live = (await createStrategyKey(staff, s.guid))!;
    const old = (await createStrategyKey(staff, s.guid))!;
    await revokeStrategyKey(staff, old.id);

    const list = await html(AdminStrategiesPage());
    expect(list).toContain("策略（2）");
    expect(list).toContain(`href="/admin/strategies/${s.guid}"`);
    expect(list).toMatch(/红利低波[\s\S]*?回测[\s\S]*?2024-01-02<\/td><td[^>]*>2<\/td><td[^>]*>2024-01-03<\/td><td[^>]*>1<\/td>/);
    expect(list).toMatch(/空白模拟[\s\S]*?模拟盘[\s\S]*?<td[^>]*>0<\/td><td[^>]*>—<\/td><td[^>]*>0<\/td>/);
    expect(list).toContain('aria-label="新建策略"');

    const page = await html(AdminStrategyPage({ params: Promise.resolve({ guid: s.guid }) }));
    expect(page).toContain("接入密钥（有效 1）");
    expect(page).toContain(`${live.prefix}…`);
    expect(page).toContain(`${old.prefix}…`);
    expect(page).not.toContain(live.key);
    expect(page).toContain(`吊销密钥 ${live.prefix}`);
    expect(page).not.toContain(`吊销密钥 ${old.prefix}`);
    expect(page).toContain("已吊销");
    expect(page).toContain("创建接入密钥");
    expect(page).toContain('aria-label="导入净值"');
    expect(page).toContain('aria-label="导入成交"');
    expect(page).toContain('aria-label="编辑策略资料"');
    expect(page).toContain(`/api/quant/strategies/${s.guid}/signals`);
    expect(page).toContain("回测策略不接收实时信号");
    expect(page).toContain("2（2024-01-02 至 2024-01-03）");

    await expect(html(AdminStrategyPage({ params: Promise.resolve({ guid: "5f0c1d2e-3a4b-4c5d-8e6f-000000000000" }) }))).rejects.toThrow("NEXT_NOT_FOUND");
    await expect(html(AdminStrategyPage({ params: Promise.resolve({ guid: "not-a-guid" }) }))).rejects.toThrow("NEXT_NOT_FOUND");
  }, 60_000);
});
