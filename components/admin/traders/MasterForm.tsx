"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { useAdminAction } from "../admin-action";
import { MAX_DELAY_DAYS, TRADERS_API, parseStyleTags, profileProblem, traderApi } from "./traders-api";

export const fieldClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand focus:ring-2 focus:ring-brand/20 focus:outline-none";

export interface MasterFormValues {
  name: string;
  bio: string;
  styleTags: string[];
  disclosureDelayDays: number;
}

/**
 * The profile of a master: name, bio, style tags and the disclosure delay. Without `guid` it creates a master and
 * opens its page; with `guid` it saves the changes.
 */
export function MasterForm({ guid, initial }: { guid?: string; initial?: MasterFormValues }) {
  const id = useId();
  const router = useRouter();
  const [name, setName] = useState(initial?.name ?? "");
  const [bio, setBio] = useState(initial?.bio ?? "");
  const [tags, setTags] = useState(initial?.styleTags.join(" ") ?? "");
  const [delay, setDelay] = useState(String(initial?.disclosureDelayDays ?? 0));
  const [error, setError] = useState("");
  const { run, pending } = useAdminAction();

  async function submit() {
    const styleTags = parseStyleTags(tags);
    const problem = profileProblem({ name, styleTags, delay });
    setError(problem);
    if (problem) return;
    const input = { name: name.trim(), bio: bio.trim(), styleTags, disclosureDelayDays: Number(delay.trim()) };
    if (guid) {
      const result = await run(traderApi(guid), { action: "update", ...input }, "已保存");
      if (!result.ok && result.status === 400) setError(result.message);
      return;
    }
    const result = await run(TRADERS_API, input, `已创建大神“${input.name}”`);
    if (result.ok && typeof result.body.guid === "string") router.push(`/admin/traders/${result.body.guid}`);
    else if (result.status === 400) setError(result.message);
  }

  return (
    <form
      aria-label={guid ? "编辑大神资料" : "新建大神"}
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div>
        <label htmlFor={`${id}-name`} className="mb-1 block text-sm text-slate-600">名称</label>
        <input id={`${id}-name`} value={name} maxLength={40} onChange={(e) => setName(e.target.value)} className={`${fieldClass} h-11`} />
      </div>
      <div>
        <label htmlFor={`${id}-tags`} className="mb-1 block text-sm text-slate-600">风格标签</label>
        <input
          id={`${id}-tags`}
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          placeholder="如：短线 打板 低吸"
          aria-describedby={`${id}-tags-help`}
          className={`${fieldClass} h-11`}
        />
        <p id={`${id}-tags-help`} className="mt-1 text-xs text-slate-500">用逗号或空格分隔，最多 6 个，每个不超过 8 个字</p>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-bio`} className="mb-1 block text-sm text-slate-600">简介</label>
        <textarea id={`${id}-bio`} value={bio} maxLength={500} rows={3} onChange={(e) => setBio(e.target.value)} className={`${fieldClass} py-2`} />
      </div>
      <div>
        <label htmlFor={`${id}-delay`} className="mb-1 block text-sm text-slate-600">延迟公开天数（交易日）</label>
        <input
          id={`${id}-delay`}
          inputMode="numeric"
          value={delay}
          onChange={(e) => setDelay(e.target.value)}
          aria-describedby={`${id}-delay-help`}
          className={`${fieldClass} h-11`}
        />
        <p id={`${id}-delay-help`} className="mt-1 text-xs text-slate-500">
          成交在 N 个交易日后对会员公开；0 为即时公开（最多 {MAX_DELAY_DAYS}）
        </p>
      </div>
      <div className="flex items-end sm:justify-end">
        <Button type="submit" loading={pending} className="w-full sm:w-auto">{guid ? "保存资料" : "新建大神"}</Button>
      </div>
      {error ? <p role="alert" className="text-sm text-red-700 sm:col-span-2">{error}</p> : null}
    </form>
  );
}
