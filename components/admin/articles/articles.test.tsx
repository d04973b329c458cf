import "@/components/ui/test-polyfills";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockFetch } from "@/components/ui/fetch-mock.test-support";
import { ArticleEditorForm, parseArticleTags, type ArticleEditorForm as ArticleEditorValues } from "@/lib/domain/content/schemas";
import { ArticleForm } from "./ArticleForm";
import { ArticleStatusAction } from "./ArticleStatusAction";
import { isMediaAddress } from "@/lib/domain/content/limits";
import { articleApi, ARTICLES_API, type ArticleFormValues } from "./articles-api";

const refresh = jest.fn();
const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push }) }));
jest.mock("@/lib/client/toast", () => ({ notify: jest.fn() }));

const { fetchMock, respond, sent: sentBody, sentTo } = mockFetch();
const sent = (call = 0) => ({ url: sentTo(call), body: sentBody(call) });
const ID = "5f0c1d2e-3a4b-4c5d-8e6f-000000000002";

describe("ArticleForm", () => {
  it("writes a new article with every field and opens its page", async () => {
    const user = userEvent.setup();
    render(<ArticleForm />);
    await user.selectOptions(screen.getByLabelText("类型"), "video");
    await user.selectOptions(screen.getByLabelText("可见等级"), "200");
    await user.type(screen.getByLabelText("标题"), " 打板视频 ");
    await user.type(screen.getByLabelText("摘要"), "一段摘要");
    fireEvent.change(screen.getByLabelText("正文（Markdown）"), { target: { value: "## 要点\n\n**首板**" } });
    await user.type(screen.getByLabelText("封面地址"), "/covers/v.png");
    await user.type(screen.getByLabelText(/视频地址/), "https://cdn.example/v.m3u8");
    await user.type(screen.getByLabelText("标签"), "打板，视频, 打板");
    expect(await screen.findByTestId("markdown-preview")).toContainHTML("<strong>首板</strong>");

    respond(200, { message: "文章已发布", infoguid: ID, status: "published" });
    await user.click(screen.getByRole("button", { name: "发布" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/admin/articles/${ID}`));
    expect(sent()).toEqual({
      url: ARTICLES_API,
      body: {
        type: "video", title: "打板视频", summary: "一段摘要", body: "## 要点\n\n**首板**", coverUrl: "/covers/v.png",
        videoUrl: "https://cdn.example/v.m3u8", minLevel: 200, tags: ["打板", "视频"], publish: true,
      },
    });
  });

  it("checks the form before sending, and shows the server's 400", async () => {
    const user = userEvent.setup();
    render(<ArticleForm />);
    await user.type(screen.getByLabelText("标题"), "视频");
    await user.selectOptions(screen.getByLabelText("类型"), "video");
    await user.click(screen.getByRole("button", { name: "保存草稿" }));
    expect(screen.getByRole("alert")).toHaveTextContent("教学视频需要填写视频地址");
    await user.type(screen.getByLabelText(/视频地址/), "javascript:alert(1)");
    await user.click(screen.getByRole("button", { name: "保存草稿" }));
    expect(screen.getByRole("alert")).toHaveTextContent("视频地址须为 http(s) 链接或以 / 开头的站内路径");
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/视频地址/));
    await user.type(screen.getByLabelText(/视频地址/), "/v.mp4");
    respond(400, { message: "正文结构过于复杂，无法排版，请简化后再保存" });
    await user.click(screen.getByRole("button", { name: "保存草稿" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("正文结构过于复杂"));
    expect(sent().body).toMatchObject({ publish: false, type: "video" });
    expect(push).not.toHaveBeenCalled();
  });

  it("saves an existing article without touching its status", async () => {
    const user = userEvent.setup();
    const initial: ArticleFormValues = { type: "news", title: "旧标题", summary: "", body: "正文", coverUrl: "", videoUrl: "", minLevel: 100, tags: ["资讯"] };
    render(<ArticleForm infoguid={ID} initial={initial} />);
    expect(screen.getByLabelText("标签")).toHaveValue("资讯");
    expect(screen.queryByRole("button", { name: "发布" })).toBeNull();
    await user.clear(screen.getByLabelText("标题"));
    await user.type(screen.getByLabelText("标题"), "新标题");
    expect(screen.getByText("有未保存的修改")).toBeInTheDocument();
    respond(200, { message: "已保存" });
    await user.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(sent()).toEqual({ url: articleApi(ID), body: { action: "update", ...initial, title: "新标题" } });
    expect(screen.queryByText("有未保存的修改")).toBeNull();
  });

  const GATED = "免费导读：先看资金余额。\n\n<!-- more -->\n\n付费正文：仓位按波动率倒数分配，止损线设在成本下方。";

  it("warns in Chinese while the summary quotes the paid part of a gated body, and shows the automatic one when empty", async () => {
    const user = userEvent.setup();
    render(<ArticleForm />);
    await user.selectOptions(screen.getByLabelText("可见等级"), "100");
    fireEvent.change(screen.getByLabelText("正文（Markdown）"), { target: { value: GATED } });
    expect(await screen.findByText("自动摘要：免费导读：先看资金余额。")).toBeInTheDocument();
    expect(screen.getByLabelText("摘要")).toHaveAttribute("placeholder", "留空则取免费导读的开头");

    fireEvent.change(screen.getByLabelText("摘要"), { target: { value: "本文讲：仓位按波动率倒数分配" } });
    const warning = await screen.findByTestId("summary-paid-warning");
    expect(warning).toHaveTextContent("摘要引用了付费部分：“仓位按波动率倒数分配”。摘要对所有访客和搜索引擎公开");
    expect(warning).toHaveAttribute("role", "alert");
    expect(screen.getByLabelText("摘要")).toHaveAttribute("aria-invalid", "true");

    // the editor decides: the warning does not stop saving; a public article has no paid part to quote
    await user.selectOptions(screen.getByLabelText("可见等级"), "0");
    await waitFor(() => expect(screen.queryByTestId("summary-paid-warning")).toBeNull());
  });

  it("warns at once when a stored summary quotes the paid part (after saving, on the edit page)", () => {
    const initial: ArticleFormValues = { type: "case", title: "案例", summary: "仓位按波动率倒数分配，止损线设在成本下方", body: GATED, coverUrl: "", videoUrl: "", minLevel: 200, tags: [] };
    render(<ArticleForm infoguid={ID} initial={initial} />);
    expect(screen.getByTestId("summary-paid-warning")).toHaveTextContent("“仓位按波动率倒数分配，止损线设在成本下方”");
    expect(screen.queryByText(/自动摘要/)).toBeNull();
  });
});

describe("ArticleStatusAction", () => {
  it.each([
    ["case", "draft", "发布", "publish"],
    ["case", "published", "撤回", "unpublish"],
    ["blog", "published", "隐藏", "hide"],
    ["blog", "hidden", "恢复显示", "unhide"],
  ])("%s / %s offers %s after confirmation", async (type, status, label, action) => {
    const user = userEvent.setup();
    render(<ArticleStatusAction infoguid={ID} title="标题" type={type} status={status} />);
    await user.click(screen.getByRole("button", { name: `${label} 标题` }));
    const dialog = await screen.findByRole("dialog");
    respond(200, { message: "ok" });
    await user.click(within(dialog).getAllByRole("button").at(-1)!);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sent()).toEqual({ url: articleApi(ID), body: { action } });
  });
});

describe("ArticleEditorForm", () => {
  it("reads tags and media addresses like the route, and names the first problem in its words", () => {
    expect(parseArticleTags(" 打板，首板、 打板 ,, 复 盘 ")).toEqual(["打板", "首板", "复 盘"]);
    for (const ok of ["", "/a.png", "https://x.example/a.mp4"]) expect(isMediaAddress(ok)).toBe(true);
    for (const bad of ["//evil.example", "/\\evil.example", "javascript:alert(1)", "data:x", "a.png"]) expect(isMediaAddress(bad)).toBe(false);
    const base: ArticleEditorValues = { type: "case", title: "t", summary: "", body: "", coverUrl: "", videoUrl: "", minLevel: "0", tags: "" };
    const problem = (values: ArticleEditorValues) => ArticleEditorForm.safeParse(values).error?.issues[0]?.message ?? "";
    expect(problem(base)).toBe("");
    expect(ArticleEditorForm.parse({ ...base, minLevel: "100", tags: "甲，乙、甲" })).toMatchObject({ minLevel: 100, tags: ["甲", "乙"] });
    expect(problem({ ...base, type: "blog" })).toMatch(/^请选择类型/);
    expect(problem({ ...base, title: "  " })).toBe("请填写标题");
    expect(problem({ ...base, tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(",") })).toMatch(/^标签最多 10 个/);
  });
});
