"use client";

import { useEffect, useRef, useState } from "react";
import { isHlsUrl, isSafeMediaUrl } from "./media-url";

/**
 * Plays a lesson video in the page: MP4 (or any type the browser plays) through <video>; HLS (.m3u8) natively
 * where the browser can (Safari, iOS, WeChat on iOS), else through hls.js, which is loaded only then.
 */
export function VideoPlayer({ src, poster, title }: { src: string; poster?: string; title: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const hls = isHlsUrl(src);

  useEffect(() => {
    const video = ref.current;
    if (!video || !hls || !isSafeMediaUrl(src)) return;
    if (video.canPlayType("application/vnd.apple.mpegurl")) {
      video.src = src;
      return;
    }
    let cancelled = false;
    let player: { destroy(): void } | null = null;
    import("hls.js")
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setError("当前浏览器无法播放该视频，请换用系统浏览器打开");
          return;
        }
        const instance = new Hls();
        player = instance;
        instance.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setError("视频加载失败，请稍后再试");
        });
        instance.loadSource(src);
        instance.attachMedia(video);
      })
      .catch(() => setError("视频播放器加载失败，请刷新重试"));
    return () => {
      cancelled = true;
      player?.destroy();
    };
  }, [src, hls]);

  if (!isSafeMediaUrl(src)) return null;
  return (
    <figure className="overflow-hidden rounded-xl bg-black">
      <video
        ref={ref}
        src={hls ? undefined : src}
        poster={poster || undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={title}
        className="aspect-video w-full"
        webkit-playsinline="true"
        x5-playsinline="true"
        data-testid="video-player"
      >
        您的浏览器不支持视频播放。
      </video>
      {error ? <figcaption className="bg-slate-900 px-3 py-2 text-sm text-amber-300" role="alert">{error}</figcaption> : null}
    </figure>
  );
}
