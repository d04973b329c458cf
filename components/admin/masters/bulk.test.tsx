import "@/components/ui/test-polyfills";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@/lib/client/toast";
import { BulkImportForm } from "./BulkImportForm";
import { toBulkResults, MASTERS_BULK_API } from "./masters-api";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push: jest.fn() }) }));
jest.mock("@/lib/client/toast", () => ({ notify: jest.fn() }));

const fetchMock = jest.fn();
const respond = (status: number, body: unknown) => fetchMock.mockResolvedValueOnce({ ok: status >= 200 && status < 300, status, json: async () => body });
const GUID = "0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10";

beforeEach(() => {
  jest.clearAllMocks();
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const input = () => screen.getByLabelText(/交割单文件（可多选/) as HTMLInputElement;

describe("BulkImportForm", () => {
  it("sends every chosen file with 直接公开, and lists each file: a link to its master, or the reason", async () => {
    const user = userEvent.setup();
    render(<BulkImportForm />);
    expect(input()).toHaveAttribute("multiple");
    await user.upload(input(), [new File(["a"], "甲.xls"), new File(["b"], "坏.csv"), new File(["file,name\n"], "masters.csv")]);
    await user.click(screen.getByLabelText("直接公开"));
    respond(200, {
      message: "已导入 1 个文件，1 个未导入（8 笔成交，存为草稿）",
      results: [
        { file: "坏.csv", ok: false, masterName: "坏", reason: "没有找到交割单的表头" },
        { file: "甲.xls", ok: true, masterGuid: GUID, masterName: "甲", masterCreated: true, formatLabel: "同花顺", fills: 8, events: 4, skipped: 1, duplicates: 0 },
      ],
    });
    await user.click(screen.getByRole("button", { name: "批量导入" }));
    const list = await screen.findByTestId("bulk-results");
    expect(list).toHaveTextContent("已导入 1 个文件，1 个未导入（8 笔成交，存为草稿）");
    const [bad, good] = within(list).getAllByTestId("bulk-result");
    expect(bad).toHaveTextContent("未导入坏.csv→坏没有找到交割单的表头");
    expect(within(good!).getByRole("link", { name: "甲" })).toHaveAttribute("href", `/admin/traders/${GUID}`);
    expect(good).toHaveTextContent("同花顺 · 8 笔成交 · 4 条资金记录 · 跳过 1 行");
    expect(notify).toHaveBeenCalledWith({ type: "warning", message: "已导入 1 个文件，1 个未导入（8 笔成交，存为草稿）" });
    await waitFor(() => expect(refresh).toHaveBeenCalled());

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(MASTERS_BULK_API);
    const sent = init.body as FormData;
    expect((sent.getAll("files") as File[]).map((f) => f.name)).toEqual(["甲.xls", "坏.csv", "masters.csv"]);
    expect(sent.get("public")).toBe("0");
  });

  it("shows a refused manifest's problems, and asks for files when none is chosen", async () => {
    const user = userEvent.setup();
    render(<BulkImportForm />);
    await user.click(screen.getByRole("button", { name: "批量导入" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请选择要导入的交割单文件");
    expect(fetchMock).not.toHaveBeenCalled();

    await user.upload(input(), [new File(["a"], "a.csv")]);
    const first = "masters.csv 第 2 行第 1 列（file）：找不到文件“x.csv”";
    const second = "masters.csv 第 3 行第 5 列（disclosureDelayDays）：延迟公开天数须为 0–60 的整数（或留空），不是“99”";
    respond(400, { message: `masters.csv 有误，未导入任何文件：${first}`, problems: [first, second] });
    await user.click(screen.getByRole("button", { name: "批量导入" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(`masters.csv 有误，未导入任何文件：${first}${second}`));
    expect(screen.queryByTestId("bulk-results")).toBeNull();
  });

  it("keeps only well-formed results", () => {
    expect(toBulkResults([null, 1, { ok: true }, { ok: false, file: "a" }, { ok: true, masterGuid: GUID, fills: "9" }])).toEqual([
      { file: "a", ok: false, masterName: "", reason: "导入失败" },
      { file: "", ok: true, masterGuid: GUID, masterName: "", masterCreated: false, formatLabel: "", fills: 0, events: 0, skipped: 0, duplicates: 0 },
    ]);
    expect(toBulkResults("x")).toEqual([]);
  });
});
