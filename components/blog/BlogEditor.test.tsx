import "@/components/ui/test-polyfills";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@/lib/client/toast";
import { BlogEditor } from "./BlogEditor";
import { BlogPostList } from "./BlogPostList";
import { BLOG_API, blogPostApi, postProblem, UNSAVED_WARNING } from "./blog-api";

const refresh = jest.fn();
const push = jest.fn();
const replace = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push, replace }) }));
jest.mock("@/lib/client/toast", () => ({ notify: jest.fn() }));

const fetchMock = jest.fn();
const respond = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce({ ok: status >= 200 && status < 300, status, json: async () => body });
const sent = (call = 0) => {
  const [url, init] = fetchMock.mock.calls[call] as [string, RequestInit];
  return { url, body: JSON.parse(String(init.body)) as Record<string, unknown> };
};

const AUTHOR = "0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10";
const POST = "5f0c1d2e-3a4b-4c5d-8e6f-000000000001";
const HOSTILE = "<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) **粗体**";

beforeEach(() => {
  jest.clearAllMocks();
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const titleBox = () => screen.getByLabelText("标题");
const bodyBox = () => screen.getByLabelText("正文（Markdown）");

describe("BlogEditor", () => {
  it("previews through the sanitiser: formatting shows, hostile HTML and links do not", async () => {
    render(<BlogEditor authorId={AUTHOR} />);
    fireEvent.change(bodyBox(), { target: { value: HOSTILE } });
    const preview = await screen.findByTestId("markdown-preview");
    await waitFor(() => expect(preview.querySelector("strong")).toHaveTextContent("粗体"));
    expect(preview.querySelector("script, img[onerror], [onerror]")).toBeNull();
    expect(preview.innerHTML).not.toMatch(/javascript:|onerror/i);
    expect(preview.querySelector("a")?.getAttribute("href") ?? null).toBeNull();
  });

  it("switches between 编辑 and 预览 on phones (both panels exist for wide screens)", async () => {
    const user = userEvent.setup();
    render(<BlogEditor authorId={AUTHOR} />);
    const [editTab, previewTab] = screen.getAllByRole("tab");
    expect(editTab).toHaveAttribute("aria-selected", "true");
    const panels = screen.getAllByRole("tabpanel", { hidden: true });
    expect(panels[0]).toHaveClass("block");
    expect(panels[1]).toHaveClass("hidden", "md:block");
    await user.click(previewTab!);
    expect(previewTab).toHaveAttribute("aria-selected", "true");
    expect(panels[0]).toHaveClass("hidden", "md:block");
    expect(panels[1]).toHaveClass("block");
  });

  it("checks the title and body before sending anything", async () => {
    const user = userEvent.setup();
    render(<BlogEditor authorId={AUTHOR} />);
    await user.click(screen.getByRole("button", { name: "发布" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请填写标题");
    await user.type(titleBox(), "复盘");
    await user.click(screen.getByRole("button", { name: "发布" }));
    expect(screen.getByRole("alert")).toHaveTextContent("发布前请填写正文");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(postProblem({ title: "t", body: "x".repeat(50_001), publish: false })).toBe("正文最多 50,000 字");
    expect(postProblem({ title: "题".repeat(81), body: "", publish: false })).toBe("标题最多 80 个字");
  });

  it("saves a new draft, then keeps editing it at its own address", async () => {
    const user = userEvent.setup();
    render(<BlogEditor authorId={AUTHOR} />);
    await user.type(titleBox(), "第一篇");
    fireEvent.change(bodyBox(), { target: { value: "还没写完" } });
    respond(200, { message: "草稿已保存", infoguid: POST, status: "draft", url: `/user/blog/${AUTHOR}/${POST}` });
    await user.click(screen.getByRole("button", { name: "保存草稿" }));

    await waitFor(() => expect(replace).toHaveBeenCalledWith(`/user/blog/${AUTHOR}/${POST}?edit=1`));
    expect(sent()).toEqual({ url: BLOG_API, body: { title: "第一篇", body: "还没写完", publish: false } });
    expect(notify).toHaveBeenCalledWith({ type: "success", message: "草稿已保存" });
    expect(screen.getByTestId("post-status")).toHaveTextContent("状态：草稿");
    expect(screen.getByTestId("post-status")).toHaveTextContent("已保存");

    // The next save updates the same post.
    respond(200, { message: "已发布", infoguid: POST, status: "published", url: `/user/blog/${AUTHOR}/${POST}` });
    await user.click(screen.getByRole("button", { name: "发布" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/user/blog/${AUTHOR}/${POST}`));
    expect(sent(1)).toEqual({ url: blogPostApi(POST), body: { action: "save", title: "第一篇", body: "还没写完", publish: true } });
  });

  it("shows the server's refusal and stays on the page", async () => {
    const user = userEvent.setup();
    render(<BlogEditor authorId={AUTHOR} post={{ infoguid: POST, title: "旧", body: "正文", status: "draft" }} />);
    respond(429, { message: "发布过于频繁（每小时最多 10 篇），请 42 分钟后再试" });
    await user.click(screen.getByRole("button", { name: "发布" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("发布过于频繁（每小时最多 10 篇），请 42 分钟后再试"));
    expect(push).not.toHaveBeenCalled();
  });

  it("labels the buttons by status: 撤回为草稿 / 更新 when published, only 保存修改 when hidden", () => {
    const { unmount } = render(<BlogEditor authorId={AUTHOR} post={{ infoguid: POST, title: "t", body: "b", status: "published" }} />);
    expect(screen.getByRole("button", { name: "撤回为草稿" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "更新" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "查看文章" })).toHaveAttribute("href", `/user/blog/${AUTHOR}/${POST}`);
    unmount();
    render(<BlogEditor authorId={AUTHOR} post={{ infoguid: POST, title: "t", body: "b", status: "hidden" }} />);
    expect(screen.getByRole("button", { name: "保存修改" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /发布|更新/ })).toBeNull();
    expect(screen.getByRole("note")).toHaveTextContent("已被编辑隐藏");
  });

  it("deletes only after confirmation", async () => {
    const user = userEvent.setup();
    render(<BlogEditor authorId={AUTHOR} post={{ infoguid: POST, title: "t", body: "b", status: "published" }} />);
    await user.click(screen.getByRole("button", { name: "删除" }));
    const dialog = await screen.findByRole("dialog", { name: "删除这篇文章？" });
    expect(fetchMock).not.toHaveBeenCalled();
    respond(200, { message: "已删除", url: `/user/${AUTHOR}` });
    await user.click(within(dialog).getByRole("button", { name: "删除" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/user/${AUTHOR}`));
    expect(sent()).toEqual({ url: blogPostApi(POST), body: { action: "delete" } });
  });

  it("warns before leaving unsaved changes, and not after saving", async () => {
    const user = userEvent.setup();
    const confirm = jest.spyOn(window, "confirm").mockReturnValue(false);
    render(
      <>
        <a href="/god">别处</a>
        <BlogEditor authorId={AUTHOR} post={{ infoguid: POST, title: "t", body: "b", status: "draft" }} />
      </>,
    );
    /** Clicks the link; whether the guard stopped the navigation (jsdom cannot navigate, so the test always does after). */
    const leave = () => {
      let seen: boolean | null = null;
      const after = (e: Event) => {
        seen = e.defaultPrevented;
        e.preventDefault();
      };
      document.addEventListener("click", after);
      screen.getByRole("link", { name: "别处" }).dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
      document.removeEventListener("click", after);
      return seen ?? true; // the guard stopped the event before it reached the document again
    };
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    expect(leave()).toBe(false);
    expect(confirm).not.toHaveBeenCalled();

    await user.type(titleBox(), "改");
    expect(screen.getByTestId("post-status")).toHaveTextContent("有未保存的修改");
    expect(unload()).toBe(true);
    expect(leave()).toBe(true);
    expect(confirm).toHaveBeenCalledWith(UNSAVED_WARNING);

    respond(200, { message: "草稿已保存", infoguid: POST, status: "draft" });
    await user.click(screen.getByRole("button", { name: "保存草稿" }));
    await waitFor(() => expect(screen.getByTestId("post-status")).toHaveTextContent("已保存"));
    confirm.mockClear();
    act(() => undefined);
    expect(unload()).toBe(false);
    expect(leave()).toBe(false);
    expect(confirm).not.toHaveBeenCalled();
    confirm.mockRestore();
  });
});

describe("BlogPostList", () => {
  it("marks drafts and hidden posts, and opens drafts in the editor", () => {
    const at = new Date("2025-03-01T02:00:00Z");
    render(
      <BlogPostList
        uguid={AUTHOR}
        items={[
          { infoguid: POST, title: "草稿一篇", summary: "", status: "draft", likes: 0, views: 0, publishedAt: null, createdAt: at },
          { infoguid: "p2", title: "被隐藏", summary: "摘要", status: "hidden", likes: 2, views: 9, publishedAt: at, createdAt: at },
          { infoguid: "p3", title: "公开", summary: "", status: "published", likes: 1, views: 3, publishedAt: at, createdAt: at },
        ]}
      />,
    );
    expect(screen.getByRole("link", { name: /草稿一篇/ })).toHaveAttribute("href", `/user/blog/${AUTHOR}/${POST}?edit=1`);
    expect(screen.getByRole("link", { name: /被隐藏/ })).toHaveTextContent("已隐藏");
    expect(screen.getByRole("link", { name: /公开/ })).toHaveAttribute("href", `/user/blog/${AUTHOR}/p3`);
    expect(screen.getByRole("link", { name: /公开/ })).not.toHaveTextContent(/草稿|已隐藏/);
  });
});
