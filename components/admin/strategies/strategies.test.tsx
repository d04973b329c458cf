import "@/components/ui/test-polyfills";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { copyToClipboard } from "@/components/dialogs/clipboard";
import { notify } from "@/lib/client/toast";
import { mockFetch } from "@/components/ui/fetch-mock.test-support";
import { StrategyProfileForm } from "@/lib/domain/quant/schemas";
import { CsvUploadForm, toOutcome } from "./CsvUploadForm";
import { NewKeyPanel } from "./NewKeyPanel";
import { StrategyForm } from "./StrategyForm";
import { STRATEGIES_API, strategyApi, strategyCsvApi, type StrategyFormValues } from "./strategies-api";

const refresh = jest.fn();
const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push }) }));
jest.mock("@/lib/client/toast", () => ({ notify: jest.fn() }));
jest.mock("@/components/dialogs/clipboard", () => ({ copyToClipboard: jest.fn(async () => true), selectAll: jest.fn() }));

const { fetchMock, respond, sent, sentTo } = mockFetch();
const GUID = "0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10";
const KEY = `lh_sk_${"a".repeat(43)}`;

describe("StrategyProfileForm", () => {
  const ok: StrategyFormValues = { name: "动量", author: "组", description: "", style: "", status: "live", startDate: "2024-01-02", benchmark: "000300.SH" };
  const problem = (values: StrategyFormValues) => StrategyProfileForm.safeParse(values).error?.issues[0]?.message ?? "";
  it("names the first problem in Chinese, with the route's own rules", () => {
    expect(problem(ok)).toBe("");
    expect(problem({ ...ok, name: " " })).toBe("请填写策略名称");
    expect(problem({ ...ok, author: "" })).toBe("请填写作者");
    expect(problem({ ...ok, startDate: "" })).toBe("请选择开始日期");
    expect(problem({ ...ok, startDate: "2024-02-30" })).toBe("开始日期格式应为 YYYY-MM-DD，且须为真实日期");
    expect(problem({ ...ok, benchmark: "沪深300" })).toBe("基准代码格式如 000300.SH");
    expect(problem({ ...ok, benchmark: "" })).toBe("");
  });
});

describe("StrategyForm", () => {
  it("checks before sending, then creates the strategy and opens its page", async () => {
    const user = userEvent.setup();
    render(<StrategyForm />);
    await user.click(screen.getByRole("button", { name: "新建策略" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请填写策略名称");
    expect(fetchMock).not.toHaveBeenCalled();

    render(<StrategyForm initial={{ name: " 动量 ", author: "组", description: "", style: "", status: "live", startDate: "2024-01-02", benchmark: "" }} />);
    respond(200, { message: "已创建策略“动量”", guid: GUID });
    await user.click(screen.getAllByRole("button", { name: "新建策略" })[1]!);
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/admin/strategies/${GUID}`));
    expect(sentTo()).toBe(STRATEGIES_API);
    expect(sent()).toEqual({ name: "动量", author: "组", description: "", style: "", status: "live", startDate: "2024-01-02", benchmark: "000300.SH" });
  });

  it("saves an edit and shows the server's refusal", async () => {
    const user = userEvent.setup();
    render(<StrategyForm guid={GUID} initial={{ name: "动量", author: "组", description: "", style: "", status: "paper", startDate: "2024-01-05", benchmark: "000300.SH" }} />);
    await user.selectOptions(screen.getByLabelText("状态"), "回测");
    respond(409, { message: "开始日期不能晚于已有的最早记录（2024-01-02）" });
    await user.click(screen.getByRole("button", { name: "保存资料" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("开始日期不能晚于已有的最早记录（2024-01-02）"));
    expect(sent()).toMatchObject({ action: "update", status: "backtest" });
    expect(sentTo()).toBe(strategyApi(GUID));
  });
});

describe("NewKeyPanel", () => {
  it("shows the new key once with a warning and a copy button, then forgets it", async () => {
    const user = userEvent.setup();
    render(<NewKeyPanel guid={GUID} />);
    respond(200, { message: "已创建接入密钥", id: "k1", prefix: KEY.slice(0, 12), key: KEY });
    await user.click(screen.getByRole("button", { name: "创建接入密钥" }));
    const panel = await screen.findByTestId("new-key");
    expect(panel).toHaveTextContent("新密钥只显示这一次");
    expect(screen.getByLabelText("新的接入密钥")).toHaveValue(KEY);
    expect(sent()).toEqual({ action: "createKey" });

    await user.click(screen.getByRole("button", { name: "复制" }));
    expect(copyToClipboard).toHaveBeenCalledWith(KEY);
    expect(screen.getByRole("button", { name: "已复制" })).toBeInTheDocument();
    expect(notify).toHaveBeenCalledWith({ type: "success", message: "密钥已复制" });

    await user.click(screen.getByRole("button", { name: "我已保存，关闭" }));
    expect(screen.queryByDisplayValue(KEY)).toBeNull();
    expect(screen.getByRole("button", { name: "创建接入密钥" })).toBeInTheDocument();
  });

  it("shows nothing secret when the server refuses", async () => {
    const user = userEvent.setup();
    render(<NewKeyPanel guid={GUID} />);
    respond(403, { message: "没有权限" });
    await user.click(screen.getByRole("button", { name: "创建接入密钥" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: "error", message: "没有权限" }));
    expect(screen.queryByTestId("new-key")).toBeNull();
  });
});

describe("CsvUploadForm", () => {
  const fileInput = () => screen.getByLabelText(/CSV 文件/) as HTMLInputElement;

  it("lists every bad line the server reports and keeps the file", async () => {
    const user = userEvent.setup();
    render(<CsvUploadForm guid={GUID} kind="nav" />);
    const file = new File(["date,nav\n2024-01-02,x"], "nav.csv", { type: "text/csv" });
    await user.upload(fileInput(), file);
    respond(400, { message: "有 2 行无法导入，未保存任何数据", errors: [{ line: 2, message: "净值须为大于 0 的数字" }, { line: 5, message: "日期不能晚于今天" }], errorsTotal: 2 });
    await user.click(screen.getByRole("button", { name: "导入净值" }));
    const box = await screen.findByTestId("csv-errors-nav");
    expect(box).toHaveTextContent("有 2 行无法导入，未保存任何数据");
    expect(box).toHaveTextContent("第 2 行：净值须为大于 0 的数字");
    expect(box).toHaveTextContent("第 5 行：日期不能晚于今天");
    expect(fileInput().files?.[0]).toBe(file);
    expect(sentTo()).toBe(strategyCsvApi(GUID, "nav"));
    expect(refresh).not.toHaveBeenCalled();
  });

  it("reports rows added and duplicates skipped, then refreshes the page", async () => {
    const user = userEvent.setup();
    render(<CsvUploadForm guid={GUID} kind="fills" />);
    await user.upload(fileInput(), new File(["x"], "fills.csv", { type: "text/csv" }));
    respond(200, { message: "已导入 3 笔成交，1 行已存在，已跳过", added: 3, duplicates: 1, rows: 4, encoding: "utf-8" });
    await user.click(screen.getByRole("button", { name: "导入成交" }));
    const box = await screen.findByTestId("csv-result-fills");
    expect(box).toHaveTextContent("新增3 笔");
    expect(box).toHaveTextContent("已存在跳过1 行");
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(fileInput().value).toBe("");
  });

  it("asks for a file first and shows a plain refusal", async () => {
    const user = userEvent.setup();
    render(<CsvUploadForm guid={GUID} kind="nav" />);
    await user.click(screen.getByRole("button", { name: "导入净值" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请选择净值 CSV 文件");
    await user.upload(fileInput(), new File(["x"], "big.csv"));
    respond(413, {});
    await user.click(screen.getByRole("button", { name: "导入净值" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("文件过大，请分段导入"));
    expect(toOutcome(false, "x", { errors: "nope" })).toEqual({ ok: false, message: "x", errors: [], errorsTotal: 0 });
  });
});
