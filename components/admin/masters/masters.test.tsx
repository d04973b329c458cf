import "@/components/ui/test-polyfills";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@/lib/client/toast";
import { MasterForm } from "./MasterForm";
import { StatementUploadForm } from "./StatementUploadForm";
import { MasterProfileForm, NoteEditorForm, parseStyleTags } from "@/lib/domain/statements/schemas";
import { NoteForm } from "./NoteForm";
import { MASTERS_API, masterApi, masterStatementsApi } from "./masters-api";

const refresh = jest.fn();
const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push }) }));
jest.mock("@/lib/client/toast", () => ({ notify: jest.fn() }));

const fetchMock = jest.fn();
const respond = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce({ ok: status >= 200 && status < 300, status, json: async () => body });
const GUID = "0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10";

beforeEach(() => {
  jest.clearAllMocks();
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe("StatementUploadForm", () => {
  const fileInput = () => screen.getByLabelText(/交割单文件/) as HTMLInputElement;

  it("shows the Chinese rejection and keeps the chosen file for another try", async () => {
    const user = userEvent.setup();
    render(<StatementUploadForm guid={GUID} />);
    const file = new File(["资产汇总\n总资产 100000"], "对账单.csv", { type: "text/csv" });
    await user.upload(fileInput(), file);
    const refusal = "没有找到交割单的表头。需要包含这些列：成交日期、操作、证券代码、成交数量。请确认上传的是交易软件导出的历史成交/交割单。";
    respond(400, { message: refusal });
    await user.click(screen.getByRole("button", { name: "上传" }));

    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(refusal));
    expect(fileInput()).toHaveAttribute("aria-invalid", "true");
    expect(fileInput().files?.[0]).toBe(file);
    expect(screen.queryByTestId("upload-result")).toBeNull();
    expect(refresh).not.toHaveBeenCalled();

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(masterStatementsApi(GUID));
    const sent = init.body as FormData;
    expect((sent.get("file") as File).name).toBe("对账单.csv");
    expect(sent.get("public")).toBe("1");
  });

  it("reports what was read: format, fills, events, duplicates and skipped rows; a draft when 立即公开 is off", async () => {
    const user = userEvent.setup();
    render(<StatementUploadForm guid={GUID} />);
    await user.upload(fileInput(), new File(["x"], "2024.csv", { type: "text/csv" }));
    await user.click(screen.getByLabelText("立即公开"));
    respond(200, {
      message: "已导入为草稿：12 笔成交，2 条资金记录",
      statementId: "s1", formatLabel: "同花顺 历史交割单", fills: 12, events: 2, duplicates: 3,
      skipped: [{ line: 7, reason: "成交数量不是数字：“abc”" }], skippedTotal: 1, warnings: [], isPublic: false,
    });
    await user.click(screen.getByRole("button", { name: "上传" }));

    const report = await screen.findByTestId("upload-result");
    expect(report).toHaveTextContent("已导入为草稿：12 笔成交，2 条资金记录");
    expect(report).toHaveTextContent("同花顺 历史交割单");
    expect(report).toHaveTextContent("12 笔");
    expect(report).toHaveTextContent("重复已跳过3 笔");
    expect(report).toHaveTextContent("草稿");
    expect(screen.getByTestId("upload-skipped")).toHaveTextContent("第 7 行：成交数量不是数字：“abc”");
    expect(((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as FormData).get("public")).toBe("0");
    expect(notify).toHaveBeenCalledWith({ type: "success", message: "已导入为草稿：12 笔成交，2 条资金记录" });
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(fileInput().value).toBe("");
  });

  it("asks for a file before sending anything", async () => {
    const user = userEvent.setup();
    render(<StatementUploadForm guid={GUID} />);
    await user.click(screen.getByRole("button", { name: "上传" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请选择要上传的交割单文件");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("MasterForm", () => {
  it("creates a master and opens its page", async () => {
    const user = userEvent.setup();
    render(<MasterForm />);
    await user.click(screen.getByRole("button", { name: "新建大神" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请填写名称");
    await user.type(screen.getByLabelText("名称"), "游资甲");
    await user.type(screen.getByLabelText("风格标签"), "打板，短线 打板");
    await user.clear(screen.getByLabelText(/延迟公开天数/));
    await user.type(screen.getByLabelText(/延迟公开天数/), "5");
    respond(200, { message: "已创建大神“游资甲”", guid: GUID });
    await user.click(screen.getByRole("button", { name: "新建大神" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/admin/traders/${GUID}`));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(MASTERS_API);
    expect(JSON.parse(init.body as string)).toEqual({ name: "游资甲", bio: "", styleTags: ["打板", "短线"], disclosureDelayDays: 5 });
  });

  it("saves an existing master's profile and shows the server's refusal", async () => {
    const user = userEvent.setup();
    render(<MasterForm guid={GUID} initial={{ name: "游资乙", bio: "简介", styleTags: ["低吸"], disclosureDelayDays: 0 }} />);
    expect(screen.getByLabelText("风格标签")).toHaveValue("低吸");
    respond(400, { message: "名称最多 40 个字" });
    await user.click(screen.getByRole("button", { name: "保存资料" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("名称最多 40 个字"));
    expect(fetchMock).toHaveBeenCalledWith(masterApi(GUID), expect.anything());
    expect(JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string)).toEqual({
      action: "update", name: "游资乙", bio: "简介", styleTags: ["低吸"], disclosureDelayDays: 0,
    });
  });
});

describe("MasterProfileForm", () => {
  const problem = (fields: Partial<MasterProfileForm>) =>
    MasterProfileForm.safeParse({ name: "甲", bio: "", styleTags: "", disclosureDelayDays: "0", ...fields }).error?.issues[0]?.message ?? "";

  it("splits style tags on commas and spaces and checks the profile with the route's MasterInput", () => {
    expect(parseStyleTags(" 打板,短线，低吸、 龙头  打板 ")).toEqual(["打板", "短线", "低吸", "龙头"]);
    expect(parseStyleTags("   ")).toEqual([]);
    expect(problem({})).toBe("");
    expect(problem({ disclosureDelayDays: "251" })).toBe("延迟最多 250 个交易日");
    expect(problem({ disclosureDelayDays: "-1" })).toBe("延迟公开天数须为 0–250 的整数");
    expect(problem({ styleTags: "一二三四五六七八九" })).toBe("风格标签每个 1–8 个字，最多 6 个");
    expect(problem({ name: "  " })).toBe("请填写名称");
  });
});

describe("NoteForm", () => {
  it("asks for a day, a valid code and a note with the route's NoteInput rules before sending", async () => {
    const user = userEvent.setup();
    render(<NoteForm guid={GUID} />);
    await user.click(screen.getByRole("button", { name: "保存点评" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请选择交易日");
    expect(NoteEditorForm.safeParse({ tradeDate: "2024-05-06", code: " 12 ", note: "x" }).error?.issues[0]?.message).toBe("代码应为 6 位数字，或留空表示全天");
    expect(NoteEditorForm.safeParse({ tradeDate: "2024-05-06", code: " 600519 ", note: "  " }).error?.issues[0]?.message).toBe("请填写点评内容");
    expect(NoteEditorForm.parse({ tradeDate: "2024-05-06", code: " 600519 ", note: " 好 " })).toEqual({ tradeDate: "2024-05-06", code: "600519", note: "好" });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
