import { renderToStaticMarkup } from "react-dom/server";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { requireEditorRights } from "@/lib/server/auth/gate";
import type { Viewer } from "@/lib/server/auth/viewer";
import { membershipOf } from "@/lib/server/members/grants";
import { toUserInfo } from "@/lib/server/members/user-info";
import { createUser } from "@/lib/server/members/users";
import { importStatement } from "@/lib/server/statements/import";
import { createMaster, setTradeNote } from "@/lib/server/statements/masters-admin";
import { db } from "@/lib/db";
import { masters } from "@/lib/db/schema";
import AdminTraderPage from "./[guid]/page";
import AdminTradersPage from "./page";

jest.mock("@/lib/server/auth/gate", () => ({ requireEditorRights: jest.fn(), requireAdminRights: jest.fn(), requireViewer: jest.fn() }));
jest.mock("next/navigation", () => ({
  notFound: () => {
    throw new Error("NEXT_NOT_FOUND");
  },
  useRouter: () => ({ refresh() {}, push() {} }),
  usePathname: () => "/admin/traders",
}));
process.env.LOG_LEVEL = "silent";

const html = async (element: Promise<React.ReactElement>) => renderToStaticMarkup(await element);
const CSV = [
  "成交日期,成交时间,证券代码,证券名称,操作,成交数量,成交均价,成交金额,发生金额,手续费,印花税",
  "20240102,09:35:00,600519,贵州茅台,证券买入,100,1700.00,170000.00,-170005.00,5.00,0.00",
  "20240105,14:10:00,600519,贵州茅台,证券卖出,100,1750.00,175000.00,174907.50,5.00,87.50",
  "20240106,14:10:00,600519,贵州茅台,证券卖出,abc,1750.00,175000.00,174907.50,5.00,87.50",
].join("\n");

describeOnEachEngine("admin masters pages render from the database", () => {
  let staff: Viewer;

  beforeAll(async () => {
    const editor = await createUser({ email: "traders-pages-editor@example.com", role: "editor", nickname: "编辑小李" });
    staff = { userId: editor.id, role: editor.role, userInfo: toUserInfo(editor, await membershipOf(editor.id)) };
    jest.mocked(requireEditorRights).mockResolvedValue(staff);
  });

  it("lists masters with their statement counts and a create form; shows one master's statements and notes", async () => {
    expect(await html(AdminTradersPage())).toContain("还没有大神");
    const master = await createMaster(staff, { name: "龙头战法", styleTags: ["龙头"], disclosureDelayDays: 3 });
    await createMaster(staff, { name: "空仓大师" });
    const bytes = new TextEncoder().encode(CSV);
    const { statementId, fileHash } = await importStatement(staff, bytes, "2024年交割单.csv", { kind: "master", masterGuid: master.guid, isPublic: false });
    await setTradeNote(staff, master.guid, { tradeDate: "2024-01-02", code: "600519", note: "低吸白马" });

    const list = await html(AdminTradersPage());
    expect(list).toContain("大神（2）");
    expect(list).toContain(`href="/admin/traders/${master.guid}"`);
    expect(list).toContain("3 个交易日");
    expect(list).toContain("即时公开");
    expect(list).toMatch(/龙头战法[\s\S]*?<td[^>]*>1<\/td><td[^>]*>0<\/td><td[^>]*>1<\/td>/);
    expect(list).toContain('aria-label="新建大神"');

    const page = await html(AdminTraderPage({ params: Promise.resolve({ guid: master.guid }) }));
    expect(page).toContain("2024年交割单.csv");
    expect(page).toContain(`title="${fileHash}">${fileHash.slice(0, 12)}</span>`);
    expect(page).toContain("2024-01-02 至 2024-01-05");
    expect(page).toContain("草稿");
    expect(page).toContain(`公开交割单 2024年交割单.csv`);
    expect(page).toContain("跳过 1 行");
    expect(page).toContain("低吸白马");
    expect(page).toContain("删除点评 2024-01-02 600519");
    expect(page).toContain(`href="/detail/${master.guid}"`);
    expect(page).toContain(`href="/analysis/${master.guid}"`);
    expect(page).toContain("成交在 N 个交易日后对会员公开；0 为即时公开");
    expect(statementId).toEqual(expect.any(String));

    await expect(html(AdminTraderPage({ params: Promise.resolve({ guid: "5f0c1d2e-3a4b-4c5d-8e6f-000000000000" }) }))).rejects.toThrow("NEXT_NOT_FOUND");
    await expect(html(AdminTraderPage({ params: Promise.resolve({ guid: "not-a-guid" }) }))).rejects.toThrow("NEXT_NOT_FOUND");
  }, 60_000);

  it("pages the masters 50 at a time with a name search, and offers the bulk import", async () => {
    const base = Date.UTC(2099, 0, 1);
    // 120 masters, one created a minute after the other (newest first): 甲000 … 甲119, three of them 批量 too
    await (await db()).insert(masters).values(
      Array.from({ length: 120 }, (_, i) => ({ name: `${i % 40 === 7 ? "批量" : "甲"}${String(i).padStart(3, "0")}`, createdAt: new Date(base + i * 60_000) })),
    );
    const first = await html(AdminTradersPage({ searchParams: Promise.resolve({}) }));
    const rows = (page: string) => [...page.matchAll(/data-testid="admin-master-row"[\s\S]*?aria-label="编辑 ([^"]+)"/g)].map((m) => m[1]);
    expect(rows(first)).toHaveLength(50);
    expect(rows(first)[0]).toBe("甲119");
    expect(first).toMatch(/大神（12\d）/);
    expect(first).toContain('href="/admin/traders?page=2"');
    expect(first).toContain('aria-label="批量导入"');
    expect(first).toContain("multiple");
    expect(first).toContain("直接公开");

    const third = await html(AdminTradersPage({ searchParams: Promise.resolve({ page: "3" }) }));
    expect(rows(third)).toEqual([...Array.from({ length: 20 }, (_, i) => `甲${String(19 - i).padStart(3, "0")}`).map((n) => (n === "甲007" ? "批量007" : n)), "空仓大师", "龙头战法"]);
    expect(rows(third)).not.toContain("甲119");

    const found = await html(AdminTradersPage({ searchParams: Promise.resolve({ q: "批量" }) }));
    expect(rows(found)).toEqual(["批量087", "批量047", "批量007"]);
    expect(found).toContain("大神（“批量” 3）");
    expect(found).not.toContain("page=2");
    const none = await html(AdminTradersPage({ searchParams: Promise.resolve({ q: "100%_" }) }));
    expect(none).toContain("没有名称包含“100%_”的大神");
  }, 60_000);
});
