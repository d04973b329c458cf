import "@/components/ui/test-polyfills";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SearchItem, SiteSearchResult } from "@/lib/domain/search/results";
import { SearchBox } from "./SearchBox";
import { SearchResults } from "./SearchResults";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push, refresh: jest.fn() }) }));

const fetchMock = jest.fn();
const respond = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce({ ok: status >= 200 && status < 300, status, json: async () => body });

beforeEach(() => {
  jest.clearAllMocks();
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const SUGGESTIONS = [
  { kind: "stock", title: "贵州茅台", url: "/search/600519", detail: "600519.SH" },
  { kind: "master", title: "炒股养家", url: "/detail/0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10" },
];

describe("SearchBox", () => {
  it("asks once after typing stops, lists suggestions and opens one with the keyboard", async () => {
    const user = userEvent.setup();
    respond(200, { items: SUGGESTIONS });
    render(<SearchBox debounceMs={30} />);
    const input = screen.getByRole("combobox", { name: "搜索关键词" });
    await user.type(input, "gzm");
    const list = await screen.findByRole("listbox", { name: "搜索建议" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/search/suggest?q=gzm");
    expect(within(list).getAllByRole("option").map((o) => o.textContent)).toEqual(["股票贵州茅台600519.SH", "大神炒股养家", "搜索“gzm”"]);
    expect(input).toHaveAttribute("aria-expanded", "true");

    await user.keyboard("{ArrowDown}");
    expect(input).toHaveAttribute("aria-activedescendant", within(list).getAllByRole("option")[0]!.id);
    expect(within(list).getAllByRole("option")[0]).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}"); // wraps through the input back to the first
    expect(within(list).getAllByRole("option")[0]).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(within(list).getAllByRole("option")[2]).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowUp}{Enter}");
    expect(push).toHaveBeenCalledWith("/detail/0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10");
  });

  it("searches on Enter, closes on Escape and clicks a suggestion", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue({ ok: true, status: 200, json: async () => ({ items: SUGGESTIONS }) });
    render(<SearchBox debounceMs={0} />);
    const input = screen.getByRole("combobox");
    await user.type(input, "茅台");
    await screen.findByRole("listbox");
    await user.keyboard("{Escape}");
    expect(input).toHaveAttribute("aria-expanded", "false");
    await user.keyboard("{Enter}");
    expect(push).toHaveBeenLastCalledWith(`/search/${encodeURIComponent("茅台")}`);

    await user.clear(input);
    await user.type(input, "6005");
    await user.click(await screen.findByRole("option", { name: /贵州茅台/ }));
    expect(push).toHaveBeenLastCalledWith("/search/600519");
  });

  it("keeps quiet when suggestions are refused (rate limit) and never searches for nothing", async () => {
    const user = userEvent.setup();
    respond(429, { message: "搜索过于频繁，请 5 秒后再试" });
    render(<SearchBox debounceMs={0} variant="page" />);
    const input = screen.getByRole("combobox");
    await user.type(input, "x");
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(input).toHaveAttribute("aria-expanded", "false");
    await user.click(screen.getByRole("button", { name: "搜索" }));
    expect(push).toHaveBeenCalledWith("/search/x");
    push.mockClear();
    await user.clear(input);
    await user.type(input, "   {Enter}");
    expect(push).not.toHaveBeenCalled();
  });

  it("asks once per term and shows an answered term again without asking", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue({ ok: true, status: 200, json: async () => ({ items: SUGGESTIONS }) });
    render(<SearchBox debounceMs={0} />);
    const input = screen.getByRole("combobox");
    await user.type(input, "pay");
    await screen.findByRole("listbox");
    await user.clear(input);
    await user.type(input, "pay");
    await screen.findByRole("listbox");
    expect(fetchMock.mock.calls.filter((call) => call[0] === "/api/search/suggest?q=pay")).toHaveLength(1);
  });

  it("does not ask for the page's own term until the visitor turns to the box", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue({ ok: true, status: 200, json: async () => ({ items: SUGGESTIONS }) });
    render(<SearchBox initial="茅台酒" debounceMs={0} variant="page" />);
    await act(async () => {});
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole("combobox"));
    await screen.findByRole("listbox");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

const item = (over: Partial<SearchItem>): SearchItem => ({
  kind: "article", refId: "r1", url: "/info/detail/r1", titleText: "t", title: [{ text: "t", hit: false }], snippet: [], extra: {}, minLevel: 0, locked: false, ...over,
});

const result = (over: Partial<SiteSearchResult>): SiteSearchResult => ({
  query: "茅台", kind: null, totals: { master: 0, stock: 1, strategy: 0, article: 7, member: 0 }, total: 8, groups: [], page: 1, pageSize: 10, pageCount: 1, code: null, ...over,
});

describe("SearchResults", () => {
  it("marks hits as <mark> text, never as HTML, with tabs and counts", () => {
    const r = result({
      groups: [
        { kind: "stock", label: "股票", total: 1, items: [item({ kind: "stock", url: "/search/600519", title: [{ text: "贵州", hit: false }, { text: "茅台", hit: true }], extra: { code: "600519", symbol: "600519.SH" } })] },
        { kind: "article", label: "文章", total: 7, items: [item({ title: [{ text: "<img src=x onerror=alert(1)>", hit: true }], minLevel: 100, locked: true, extra: { articleType: "interpret" } })] },
      ],
    });
    const { container } = render(<SearchResults query="茅台" result={r} stock={null} />);
    expect([...container.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["茅台", "<img src=x onerror=alert(1)>"]);
    expect(container.querySelector("img")).toBeNull();
    const tabs = screen.getByRole("navigation", { name: "结果分类" });
    expect(within(tabs).getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["全部8", "/search/%E8%8C%85%E5%8F%B0"], ["大神0", "/search/%E8%8C%85%E5%8F%B0?kind=master"], ["股票1", "/search/%E8%8C%85%E5%8F%B0?kind=stock"],
      ["策略0", "/search/%E8%8C%85%E5%8F%B0?kind=strategy"], ["文章7", "/search/%E8%8C%85%E5%8F%B0?kind=article"], ["会员0", "/search/%E8%8C%85%E5%8F%B0?kind=member"],
    ]);
    expect(within(tabs).getByRole("link", { name: /^全部/ })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "查看全部 7 条" })).toHaveAttribute("href", "/search/%E8%8C%85%E5%8F%B0?kind=article");
    expect(screen.getByText("VIP")).toBeInTheDocument();
    expect(screen.getByText("交割单解读")).toBeInTheDocument();
  });

  it("paginates a kind with ?page= links", () => {
    const r = result({ kind: "article", page: 2, pageCount: 3, groups: [{ kind: "article", label: "文章", total: 27, items: [item({})] }], totals: { master: 0, stock: 0, strategy: 0, article: 27, member: 0 }, total: 27 });
    render(<SearchResults query="周期" result={r} stock={null} />);
    const pager = screen.getByRole("navigation", { name: "分页" });
    expect(within(pager).getByRole("link", { name: "上一页" })).toHaveAttribute("href", "/search/%E5%91%A8%E6%9C%9F?kind=article");
    expect(within(pager).getByRole("link", { name: "下一页" })).toHaveAttribute("href", "/search/%E5%91%A8%E6%9C%9F?kind=article&page=3");
    expect(pager).toHaveTextContent("第 2 / 3 页");
  });

  it("says so in Chinese when nothing matches, and shows who traded a searched stock", () => {
    render(
      <SearchResults
        query="600519"
        result={result({ total: 0, totals: { master: 0, stock: 0, strategy: 0, article: 0, member: 0 } })}
        stock={{ code: "600519", exchange: "SH", name: "贵州茅台", delayed: true, masters: [{ guid: "g", name: "炒股养家", isDemo: true, firstDate: "2024-03-04", lastDate: "2024-03-06", buys: 1, sells: 1, url: "/detail/g/2024-03-06/600519" }] }}
      />,
    );
    expect(screen.getByTestId("empty-state")).toHaveTextContent("没有找到与“600519”相关的内容");
    expect(screen.getByRole("heading", { name: "贵州茅台(600519) 的大神交易" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /炒股养家/ })).toHaveAttribute("href", "/detail/g/2024-03-06/600519");
    expect(screen.getByText(/非 VIP 会员看到的是 20 个交易日以前的交易/)).toBeInTheDocument();
  });
});
