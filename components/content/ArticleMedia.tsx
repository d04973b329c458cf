import { Lock } from "lucide-react";
import { VideoPlayer } from "./VideoPlayer";

/** Above an article's body: its video, the locked video's placeholder, or its cover image. */
export function ArticleMedia({ isVideo, videoUrl, locked, cover, title, levelName }: {
  isVideo: boolean;
  videoUrl: string | null;
  locked: boolean;
  /** a cover address safe to load, or null */
  cover: string | null;
  title: string;
  levelName: string;
}) {
  if (isVideo && videoUrl) {
    return (
      <div className="mt-6">
        <VideoPlayer src={videoUrl} poster={cover ?? undefined} title={title} />
      </div>
    );
  }
  if (isVideo && locked) {
    return (
      <div className="mt-6 flex aspect-video w-full flex-col items-center justify-center rounded-xl bg-slate-900 text-slate-200" data-testid="video-locked">
        <Lock aria-hidden className="h-8 w-8 text-amber-400" />
        <p className="mt-2 text-sm">升级 {levelName} 观看完整视频</p>
      </div>
    );
  }
  if (!cover) return null;
  // The cover is the article's largest paint on a phone: fetched first, not after the scripts.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={cover} alt="" fetchPriority="high" className="mt-6 aspect-[2/1] w-full rounded-xl object-cover" />;
}
