"use client";

import Link from "@/components/ui/Link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { submitJson } from "@/lib/client/request";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { notify } from "@/lib/client/toast";
import { BLOG_API, BLOG_LIMITS, blogPostApi, editUrl, postProblem, postUrl, type BlogStatus } from "./blog-api";
import { fieldClass } from "@/components/ui/form";
import { MarkdownField } from "./MarkdownField";
import { useUnsavedWarning } from "./use-unsaved-warning";

export interface BlogEditorProps {
  /** The author (the viewer): where the post lives, /user/blog/{authorId}/{infoguid}. */
  authorId: string;
  /** The post being edited; a new post without it. */
  post?: { infoguid: string; title: string; body: string; status: BlogStatus };
}

const STATUS_TEXT: Record<BlogStatus, string> = { draft: "草稿", published: "已发布", hidden: "已被编辑隐藏" };

/** The member's own post: title, Markdown body with a live preview, 保存草稿 / 发布 / 删除, and a warning before leaving unsaved changes. */
export function BlogEditor({ authorId, post }: BlogEditorProps) {
  const id = useId();
  const router = useRouter();
  const [infoguid, setInfoguid] = useState(post?.infoguid ?? null);
  const [status, setStatus] = useState<BlogStatus | null>(post?.status ?? null);
  const [title, setTitle] = useState(post?.title ?? "");
  const [body, setBody] = useState(post?.body ?? "");
  const [saved, setSaved] = useState({ title: post?.title ?? "", body: post?.body ?? "" });
  const [pending, setPending] = useState<null | "draft" | "publish" | "delete">(null);
  const [error, setError] = useState("");
  const [confirmDelete, setConfirmDelete] = useState(false);
  const dirty = title !== saved.title || body !== saved.body;
  useUnsavedWarning(dirty && pending === null);

  async function save(publish: boolean) {
    const problem = postProblem({ title, body, publish });
    setError(problem);
    if (problem) return;
    setPending(publish ? "publish" : "draft");
    const result = infoguid
      ? await submitJson(blogPostApi(infoguid), { action: "save", title, body, publish })
      : await submitJson(BLOG_API, { title, body, publish });
    if (!result.ok) {
      setPending(null);
      setError(result.message);
      notify({ type: "error", message: result.message });
      return;
    }
    const savedId = String(result.body.infoguid);
    const savedStatus = result.body.status as BlogStatus;
    setSaved({ title, body });
    setInfoguid(savedId);
    setStatus(savedStatus);
    notify({ type: "success", message: result.message || (publish ? "已发布" : "草稿已保存") });
    if (publish && savedStatus === "published") router.push(postUrl(authorId, savedId));
    else if (!infoguid) router.replace(editUrl(authorId, savedId));
    setPending(null);
  }

  async function remove() {
    if (!infoguid) return;
    setPending("delete");
    const result = await submitJson(blogPostApi(infoguid), { action: "delete" });
    if (!result.ok) {
      setPending(null);
      notify({ type: "error", message: result.message });
      return;
    }
    setConfirmDelete(false);
    notify({ type: "success", message: "已删除" });
    router.push(`/user/${authorId}`);
  }

  const busy = pending !== null;
  const draftLabel = status === "published" ? "撤回为草稿" : status === "hidden" ? "保存修改" : "保存草稿";
  const publishLabel = status === "published" ? "更新" : "发布";

  return (
    <form
      aria-label={infoguid ? "编辑博客" : "写博客"}
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save(status !== "hidden");
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-slate-500" data-testid="post-status">
          {status ? `状态：${STATUS_TEXT[status]}` : "新文章"}
          {dirty ? <span className="ml-2 text-amber-700">· 有未保存的修改</span> : infoguid ? <span className="ml-2">· 已保存</span> : null}
        </span>
        {infoguid && status !== "draft" ? (
          <Link href={postUrl(authorId, infoguid)} className="text-brand hover:underline">查看文章</Link>
        ) : null}
      </div>
      {status === "hidden" ? (
        <p role="note" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          这篇文章已被编辑隐藏：你仍可以修改它，修改后需由编辑恢复显示。
        </p>
      ) : null}
      <div>
        <label htmlFor={`${id}-title`} className="mb-1 block text-sm text-slate-600">标题</label>
        <input
          id={`${id}-title`}
          value={title}
          maxLength={BLOG_LIMITS.title}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="一句话说清这篇复盘"
          className={`${fieldClass} h-11`}
        />
      </div>
      <MarkdownField label="正文（Markdown）" value={body} onChange={setBody} maxLength={BLOG_LIMITS.body} />
      {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {infoguid ? (
          <Button variant="ghost" className="text-red-700 sm:mr-auto" disabled={busy} onClick={() => setConfirmDelete(true)}>
            删除
          </Button>
        ) : null}
        <Button variant="secondary" loading={pending === "draft"} disabled={busy} onClick={() => void save(false)}>
          {draftLabel}
        </Button>
        {status !== "hidden" ? (
          <Button type="submit" loading={pending === "publish"} disabled={busy}>
            {publishLabel}
          </Button>
        ) : null}
      </div>
      <Dialog
        open={confirmDelete}
        onOpenChange={(open) => (pending === "delete" ? undefined : setConfirmDelete(open))}
        title="删除这篇文章？"
        footer={
          <>
            <Button variant="secondary" block disabled={pending === "delete"} onClick={() => setConfirmDelete(false)}>取消</Button>
            <Button block loading={pending === "delete"} className="bg-red-600 hover:bg-red-700 active:bg-red-700" onClick={() => void remove()}>
              删除
            </Button>
          </>
        }
      >
        <p className="text-[15px] leading-relaxed text-slate-700">删除后无法恢复，文章的点赞也会一起删除。</p>
      </Dialog>
    </form>
  );
}
