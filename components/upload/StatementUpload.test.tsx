import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StatementUpload } from "./StatementUpload";
import type { StatementPreview } from "./types";

const mockPush = jest.fn();
const mockNotify = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: mockPush }) }));
jest.mock("@/lib/client/toast", () => ({ notify: (o: unknown) => mockNotify(o) }));

class FakeXhr {
  static instances: FakeXhr[] = [];
  upload: { onprogress: ((e: unknown) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
  status = 0;
  responseText = "";
  timeout = 0;
  method = "";
  url = "";
  body: FormData | null = null;
  headers: Record<string, string> = {};
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.instances.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === "string" ? body : JSON.stringify(body);
    await act(async () => {
      this.upload.onload?.();
      this.onload?.();
    });
  }
  async fail() {
    await act(async () => this.onerror?.());
  }
}

const preview: StatementPreview = {
  fileName: "交割单.csv",
  format: "ths",
  formatLabel: "同花顺 历史交割单",
  encoding: "gb18030",
  rowCount: 120,
  fills: 96,
  events: 20,
  skipped: [
    { line: 17, reason: "成交数量不是数字：“abc”" },
    { line: 30, reason: "缺少成交日期" },
  ],
  warnings: ["资金余额与上一行不连续"],
  summary: {
    realizedPnl: 35_200, totalFees: 1234.5, roundTrips: 12, wins: 7, losses: 5, winRate: 0.5833, profitFactor: 1.85,
    avgHoldingDays: 3.2, maxConsecutiveWins: 3, maxConsecutiveLosses: 2,
  },
  roundTrips: [
    { code: "600519", name: "贵州茅台", openDate: "2024-03-01", closeDate: "2024-03-05", quantity: 100, buyAmount: 170_000, sellAmount: 175_000, fees: 60, pnl: 4940, holdingDays: 2 },
    { code: "000001", name: "平安银行", openDate: "2024-03-06", closeDate: null, quantity: 1000, buyAmount: 10_500, sellAmount: 0, fees: 5, pnl: -10_505, holdingDays: 4 },
  ],
  roundTripTotal: 12,
  monthly: [{ month: "2024-03", pnl: 35_200, roundTrips: 12, wins: 7 }],
  feeBasis: "file",
  unreconciled: [],
  hk: null,
  unknownOpenings: [],
  pendingAllotments: [],
};

/** A 中信 历史成交 export: fees derived from 清算金额, a 港股通 trip, shares held before the file, a bond allotment. */
const hkPreview: StatementPreview = {
  ...preview,
  format: "citic_lscj",
  formatLabel: "中信证券 历史成交",
  feeBasis: "derived",
  unreconciled: [{ line: 41, amount: 10_000, fees: 5.1, netAmount: -10_005, difference: 0.1 }],
  roundTrips: [
    { code: "600036", name: "招商银行", market: "A", status: "closed", openingUnknown: true, realized: false, openDate: "2024-03-01", closeDate: "2024-03-05",
      quantity: 1000, buyAmount: 0, sellAmount: 35_000, fees: 12.3, pnl: 34_987.7, holdingDays: 2, feeBasis: "derived" },
  ],
  roundTripTotal: 1,
  hk: {
    currency: "CNY",
    summary: { ...preview.summary, realizedPnl: -5898.12, totalFees: 75.73, roundTrips: 1, wins: 0, losses: 1, winRate: 0, profitFactor: 0 },
    perStock: [{ code: "00700", name: "腾讯控股", roundTrips: 1, wins: 0, pnl: -5898.12, fees: 75.73, turnover: 130_000 }],
    roundTrips: [
      { code: "00700", name: "腾讯控股", market: "HK", status: "closed", openingUnknown: false, realized: true, openDate: "2024-03-01", closeDate: "2024-03-08",
        quantity: 200, buyAmount: 68_000, sellAmount: 62_177.61, fees: 75.73, pnl: -5898.12, holdingDays: 5, feeBasis: "derived" },
    ],
    roundTripTotal: 1,
  },
  unknownOpenings: [
    { code: "600036", exchange: "SH", market: "A", name: "招商银行", quantity: 1000, line: 12, date: "2024-03-05", reason: "卖出 1000 股时没有买入记录：导入前已持有，成本未知，该回合不计入已实现盈亏" },
  ],
  pendingAllotments: [{ code: "072988", exchange: "SZ", name: "豪美发债", quantity: 10, cost: 1000, date: "2024-03-04", line: 20 }],
};

function csv(name = "交割单.csv", size = 2048) {
  return new File(["x".repeat(size)], name, { type: "text/csv" });
}

beforeEach(() => {
  FakeXhr.instances = [];
  mockPush.mockClear();
  mockNotify.mockClear();
  (globalThis as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
});

async function choose(file: File) {
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText(/选择交割单文件/), file);
  return FakeXhr.instances.at(-1);
}

describe("StatementUpload", () => {
  it("shows 推算 fees, the 港股通 section apart, unknown openings, pending allotments and unreconciled fills", async () => {
    render(<StatementUpload canSave={false} loginHref="/login?r=%2Fupload" />);
    const xhr = (await choose(csv()))!;
    await xhr.respond(200, { ok: true, preview: hkPreview });
    expect(screen.getByTestId("fee-basis-fact")).toHaveTextContent("按清算金额推算");
    expect(screen.getByTestId("statement-preview")).toHaveTextContent("推算：文件没有费用列，按清算金额与成交金额之差算出");

    const hk = screen.getByTestId("hk-section");
    expect(hk).toHaveTextContent("港股通");
    expect(hk).toHaveTextContent("00700.HK");
    expect(hk).not.toHaveTextContent("000700");
    expect(hk).toHaveTextContent("-¥5,898.12");
    expect(hk).toHaveTextContent("人民币（按文件汇率折算）");
    // the A-share table holds no HK trip, and the trip of shares held before the file shows no P&L
    const aTrips = screen.getByTestId("round-trip-table");
    expect(aTrips).not.toHaveTextContent("00700");
    expect(within(aTrips).getByText("成本未知")).toBeInTheDocument();
    expect(aTrips).not.toHaveTextContent("34,987.70");

    const openings = screen.getByTestId("unknown-openings");
    expect(openings).toHaveTextContent("未知期初持仓（1）");
    expect(openings).toHaveTextContent("导入前已持有，成本未知，不计入已实现盈亏");
    expect(openings).toHaveTextContent("招商银行600036");
    expect(openings).toHaveTextContent("1,000股");
    expect(screen.getByTestId("pending-allotments")).toHaveTextContent("豪美发债072988");
    expect(screen.getByTestId("unreconciled-fills")).toHaveTextContent("第 41 行");
    expect(screen.getByTestId("unreconciled-fills")).toHaveTextContent("差 ¥0.10");
  });

  it("shows real upload progress, then the preview: format, skipped rows and summary", async () => {
    render(<StatementUpload canSave={false} loginHref="/login?r=%2Fupload" />);
    const xhr = (await choose(csv()))!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/statements/preview");
    expect((xhr.body!.get("file") as File).name).toBe("交割单.csv");

    xhr.progress(25, 100);
    const bar = screen.getByRole("progressbar", { name: "上传进度" });
    expect(bar).toHaveAttribute("aria-valuenow", "25");
    expect(screen.getByTestId("upload-progress-bar")).toHaveStyle({ width: "25%" });
    xhr.progress(80, 100);
    expect(bar).toHaveAttribute("aria-valuenow", "80");
    expect(bar).toHaveAttribute("aria-valuetext", "上传中 80%");
    xhr.progress(100, 100);
    expect(bar).toHaveAttribute("aria-valuetext", "正在识别格式并分析…");

    await xhr.respond(200, { ok: true, preview });
    expect(screen.queryByRole("progressbar")).toBeNull();
    const result = screen.getByTestId("statement-preview");
    expect(result).toHaveTextContent("同花顺 历史交割单");
    expect(result).toHaveTextContent("GBK / GB18030");
    expect(result).toHaveTextContent("120 行");
    expect(within(screen.getByTestId("skipped-rows")).getByText("成交数量不是数字：“abc”")).toBeInTheDocument();
    expect(screen.getByText("第 17 行")).toBeInTheDocument();
    expect(screen.getByText("资金余额与上一行不连续")).toBeInTheDocument();
    const cards = screen.getByTestId("summary-cards");
    expect(cards).toHaveTextContent("+¥3.52万");
    expect(cards).toHaveTextContent("58.33%");
    expect(screen.getByTestId("round-trip-table")).toHaveTextContent("持仓中");
    expect(screen.getByTestId("round-trip-table")).toHaveTextContent("显示最近 2 笔，共 12 笔");
  });

  it("keeps the file after a failed preview, shows the server's Chinese message and retries the same file", async () => {
    render(<StatementUpload canSave={false} loginHref="/login" />);
    const file = csv("华泰.xlsx");
    const xhr = (await choose(file))!;
    await xhr.respond(400, { ok: false, message: "没有找到表头：请确认上传的是券商导出的交割单" });
    expect(screen.getByRole("alert")).toHaveTextContent("没有找到表头：请确认上传的是券商导出的交割单");
    expect(screen.getByTestId("chosen-file")).toHaveTextContent("华泰.xlsx");

    fireEvent.click(screen.getByRole("button", { name: /重新上传/ }));
    expect(FakeXhr.instances).toHaveLength(2);
    expect(FakeXhr.instances[1]!.body!.get("file")).toMatchObject({ name: file.name, size: file.size });
  });

  it("says 网络异常 when the request never arrives, and keeps the file", async () => {
    render(<StatementUpload canSave={false} loginHref="/login" />);
    const xhr = (await choose(csv()))!;
    await xhr.fail();
    expect(screen.getByRole("alert")).toHaveTextContent("网络异常");
    expect(screen.getByTestId("chosen-file")).toBeInTheDocument();
  });

  it("maps an answer without a message (a proxy's 413) to Chinese", async () => {
    render(<StatementUpload canSave={false} loginHref="/login" />);
    const xhr = (await choose(csv()))!;
    await xhr.respond(413, "<html>Request Entity Too Large</html>");
    expect(screen.getByRole("alert")).toHaveTextContent("文件过大");
  });

  it("refuses a file over 20 MB before sending it", async () => {
    render(<StatementUpload canSave={false} loginHref="/login" />);
    const big = csv("大文件.csv", 10);
    Object.defineProperty(big, "size", { value: 21 * 1024 * 1024 });
    await choose(big);
    expect(FakeXhr.instances).toHaveLength(0);
    expect(screen.getByRole("alert")).toHaveTextContent("文件过大（21.0 MB）：交割单最大 20 MB");
    expect(screen.getByTestId("chosen-file")).toHaveTextContent("大文件.csv");
  });

  it("asks visitors to log in to save", async () => {
    render(<StatementUpload canSave={false} loginHref="/login?r=%2Fupload" />);
    await (await choose(csv()))!.respond(200, { ok: true, preview });
    expect(screen.getByRole("link", { name: "登录后保存" })).toHaveAttribute("href", "/login?r=%2Fupload");
    expect(screen.queryByRole("button", { name: "保存到我的交割单" })).toBeNull();
  });

  it("saves the same file with the chosen visibility and goes to the analysis", async () => {
    render(<StatementUpload canSave loginHref="/login" />);
    const file = csv();
    await (await choose(file))!.respond(200, { ok: true, preview });
    expect(screen.queryByRole("link", { name: "登录后保存" })).toBeNull();

    fireEvent.click(screen.getByLabelText("公开到我的主页"));
    fireEvent.click(screen.getByRole("button", { name: "保存到我的交割单" }));
    const save = FakeXhr.instances.at(-1)!;
    expect(save.url).toBe("/api/statements");
    expect(save.body!.get("file")).toMatchObject({ name: file.name, size: file.size });
    expect(save.body!.get("visibility")).toBe("public");
    save.progress(50, 100);
    expect(within(screen.getByTestId("save-panel")).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");

    await save.respond(200, { ok: true, statementId: "abc", analysisHref: "/analysis/abc" });
    expect(mockPush).toHaveBeenCalledWith("/analysis/abc");
    expect(mockNotify).toHaveBeenCalledWith({ type: "success", message: "已保存到我的交割单" });
  });

  it("keeps the preview and the file when saving fails", async () => {
    render(<StatementUpload canSave loginHref="/login" />);
    await (await choose(csv()))!.respond(200, { ok: true, preview });
    fireEvent.click(screen.getByRole("button", { name: "保存到我的交割单" }));
    await FakeXhr.instances.at(-1)!.respond(429, { ok: false, message: "保存过于频繁，请 5 分钟后再试" });
    expect(within(screen.getByTestId("save-panel")).getByRole("alert")).toHaveTextContent("保存过于频繁，请 5 分钟后再试");
    expect(screen.getByTestId("statement-preview")).toBeInTheDocument();
    expect(screen.getByTestId("chosen-file")).toBeInTheDocument();
    expect(mockNotify).toHaveBeenCalledWith({ type: "error", message: "保存过于频繁，请 5 分钟后再试" });
    expect(mockPush).not.toHaveBeenCalled();
    // the same file can be sent again
    fireEvent.click(screen.getByRole("button", { name: "保存到我的交割单" }));
    expect(FakeXhr.instances).toHaveLength(3);
  });
});
