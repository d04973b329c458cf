import { ImageResponse } from "next/og";
import { isGuid } from "@/lib/domain/route-params";
import { OG_IMAGE_SIZE } from "@/lib/domain/seo";

/**
 * The Open Graph card drawn by next/og (Satori + resvg). Latin text and shapes only: next/og bundles a Latin font,
 * this machine has no CJK font, and a missing glyph would make Satori fetch fonts from the internet. The Chinese
 * title and description travel in og:title / og:description, which every preview shows beside the image.
 */

/** Printable ASCII only (anything else would need a font we do not ship). */
const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, "").trim();

/** `{guid}.png` → guid, else null. */
export function guidOfImageFile(file: string): string | null {
  const m = /^(.+)\.png$/.exec(file);
  return m && isGuid(m[1]!) ? m[1]!.toLowerCase() : null;
}

/** A small deterministic candle pattern from the id (red up, green down: 红涨绿跌). */
function candles(seed: string, n = 14) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  const next = () => ((h = Math.imul(h ^ (h >>> 15), 2246822519) >>> 0) % 1000) / 1000;
  let price = 50;
  return Array.from({ length: n }, () => {
    const open = price;
    const close = Math.max(10, Math.min(90, open + (next() - 0.42) * 18));
    price = close;
    return { open, close, high: Math.max(open, close) + next() * 6, low: Math.min(open, close) - next() * 6 };
  });
}

function Chart({ seed }: { seed: string }) {
  const bars = candles(seed);
  const w = 460;
  const h = 260;
  const step = w / bars.length;
  const lo = Math.min(...bars.map((b) => b.low));
  const hi = Math.max(...bars.map((b) => b.high));
  const y = (v: number) => 8 + (h - 16) * (1 - (v - lo) / Math.max(1, hi - lo));
  return (
    <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`}>
      {bars.map((b, i) => {
        const up = b.close >= b.open;
        const color = up ? "#ef4444" : "#22c55e";
        const x = i * step + step / 2;
        return (
          <g key={i}>
            <line x1={x} x2={x} y1={y(b.high)} y2={y(b.low)} stroke={color} strokeWidth={3} />
            <rect x={x - step * 0.3} y={y(Math.max(b.open, b.close))} width={step * 0.6} height={Math.max(3, Math.abs(y(b.open) - y(b.close)))} fill={color} />
          </g>
        );
      })}
    </svg>
  );
}

export interface OgCard {
  seed: string;
  /** the big line, e.g. CASE STUDY */
  heading: string;
  /** a smaller line under it */
  line: string;
  /** e.g. SVIP (a badge), or "" */
  badge: string;
  /** the site's host name, e.g. lianghua.example */
  host: string;
  /** bottom-right text, e.g. a date */
  footer: string;
}

export function ogImage(card: OgCard, cacheSeconds = 3600): ImageResponse {
  return new ImageResponse(
    (
      <div style={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", justifyContent: "space-between", padding: 64, background: "linear-gradient(135deg, #1d4ed8 0%, #0f172a 100%)", color: "white" }}>
        <div style={{ display: "flex", alignItems: "center", fontSize: 30, letterSpacing: 4, opacity: 0.9 }}>
          <div style={{ width: 18, height: 18, borderRadius: 9, background: "#ef4444", marginRight: 16 }} />
          {ascii(card.host).toUpperCase()}
        </div>
        <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
          <div style={{ display: "flex", flexDirection: "column", maxWidth: 560 }}>
            {card.badge ? (
              <div style={{ display: "flex", alignSelf: "flex-start", padding: "6px 18px", borderRadius: 8, background: "#f59e0b", color: "#111827", fontSize: 28, fontWeight: 700, marginBottom: 20 }}>
                {ascii(card.badge)}
              </div>
            ) : null}
            <div style={{ fontSize: 76, fontWeight: 700, lineHeight: 1.05 }}>{ascii(card.heading)}</div>
            <div style={{ fontSize: 30, marginTop: 20, opacity: 0.8 }}>{ascii(card.line)}</div>
          </div>
          <Chart seed={card.seed} />
        </div>
        <div style={{ display: "flex", justifyContent: "flex-end", fontSize: 26, opacity: 0.7 }}>{ascii(card.footer)}</div>
      </div>
    ),
    { ...OG_IMAGE_SIZE, headers: { "Cache-Control": `public, max-age=${cacheSeconds}` } },
  );
}

export function notFoundImage(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
