import { ConfirmAction } from "../ConfirmAction";
import { articleApi } from "./articles-api";

/**
 * The status change an article allows: 发布 / 撤回 for editorial articles, 隐藏 / 恢复显示 for members' blog posts.
 */
export function ArticleStatusAction({ infoguid, title, type, status }: { infoguid: string; title: string; type: string; status: string }) {
  const endpoint = articleApi(infoguid);
  if (type === "blog") {
    return status === "hidden" ? (
      <ConfirmAction label="恢复显示" ariaLabel={`恢复显示 ${title}`} title="恢复显示这篇博客？" confirmText="恢复显示" endpoint={endpoint} payload={{ action: "unhide" }} success="已恢复显示">
        恢复后所有人都能看到“{title}”。
      </ConfirmAction>
    ) : (
      <ConfirmAction label="隐藏" ariaLabel={`隐藏 ${title}`} title="隐藏这篇博客？" confirmText="隐藏" danger endpoint={endpoint} payload={{ action: "hide" }} success="已隐藏">
        隐藏后“{title}”只有作者和编辑能看到，作者不能再发布它，直到编辑恢复显示。
      </ConfirmAction>
    );
  }
  return status === "published" ? (
    <ConfirmAction label="撤回" ariaLabel={`撤回 ${title}`} title="撤回这篇文章？" confirmText="撤回为草稿" endpoint={endpoint} payload={{ action: "unpublish" }} success="已撤回为草稿">
      “{title}”将变回草稿，读者不再能看到它。
    </ConfirmAction>
  ) : (
    <ConfirmAction label="发布" ariaLabel={`发布 ${title}`} title="发布这篇文章？" confirmText="发布" variant="primary" endpoint={endpoint} payload={{ action: "publish" }} success="已发布">
      发布后“{title}”会出现在文章列表中（按它的可见等级）。
    </ConfirmAction>
  );
}
