/**
 * The fingerprint's costly probes (SPEC §3), written against a canvas factory so that the same code runs in a Web
 * Worker on an OffscreenCanvas (fingerprint-probe.worker.ts) and on the page with a <canvas> element: WebGL, fonts,
 * and the MD5 of the page's canvas image. Creating a WebGL context, measuring text in some 80 font stacks and hashing
 * the 11 kB image took 20–130 ms of a phone's main thread per task, most of a page's total blocking time in
 * Lighthouse (ADR 0022).
 */
import SparkMD5 from "spark-md5";

export const UNSUPPORTED = "unsupported";
export const FAILED = "error";

/** A canvas of the given size: `document.createElement("canvas")` on the page, `new OffscreenCanvas` in a worker. */
export type CanvasFactory = (width: number, height: number) => HTMLCanvasElement | OffscreenCanvas;

/** The part of a 2D context the font probe uses (CanvasRenderingContext2D and OffscreenCanvasRenderingContext2D). */
interface TextMeasurer {
  font: string;
  measureText(text: string): { width: number };
}

const CANDIDATE_FONTS = [
  "Microsoft YaHei", "SimSun", "SimHei", "KaiTi", "FangSong", "PingFang SC", "Hiragino Sans GB", "STHeiti", "Heiti SC",
  "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", "Arial", "Helvetica", "Times New Roman",
  "Courier New", "Verdana", "Georgia", "Segoe UI", "Roboto", "Ubuntu", "Calibri", "Tahoma", "Menlo", "Consolas",
];
const BASE_FONTS = ["monospace", "sans-serif", "serif"];
const FONT_PROBE_TEXT = "mmmmmmmmmmlli量化学堂";
export const MAX_LIST_LENGTH = 400;
/** Fonts measured per task on the page: each costs six text measurements at 72 px, some through CJK fallback fonts. */
const FONTS_PER_SLICE = 5;

export const pageCanvas: CanvasFactory = (width, height) => {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
};

export const offscreenCanvas: CanvasFactory = (width, height) => new OffscreenCanvas(width, height);

/** The collector's value, or FAILED when it throws. */
export function safely<T>(collect: () => T, fallback: T): T;
export function safely(collect: () => string): string;
export function safely<T>(collect: () => T, fallback?: T): T | string {
  try {
    return collect();
  } catch {
    return fallback ?? FAILED;
  }
}

/** The canvas signal: MD5 of the drawing's data URL (the drawing itself is made on the page, fingerprint-signals.ts). */
export function canvasImageHash(dataUrl: string): string {
  return SparkMD5.hash(dataUrl);
}

/** MD5 of the WebGL vendor, renderer, versions, limits and extensions. The canvas has a <canvas>'s default size. */
export function webglSignal(createCanvas: CanvasFactory): string {
  const canvas = createCanvas(300, 150);
  // OffscreenCanvas knows no "experimental-webgl" (getContext throws on it); old page browsers need it.
  const gl = (canvas.getContext("webgl") ??
    ("style" in canvas ? canvas.getContext("experimental-webgl") : null)) as WebGLRenderingContext | null;
  if (!gl) return UNSUPPORTED;
  const debug = gl.getExtension("WEBGL_debug_renderer_info");
  const parts = [
    gl.getParameter(debug ? debug.UNMASKED_VENDOR_WEBGL : gl.VENDOR),
    gl.getParameter(debug ? debug.UNMASKED_RENDERER_WEBGL : gl.RENDERER),
    gl.getParameter(gl.VERSION),
    gl.getParameter(gl.SHADING_LANGUAGE_VERSION),
    gl.getParameter(gl.MAX_TEXTURE_SIZE),
    String(gl.getParameter(gl.MAX_VIEWPORT_DIMS)),
    (gl.getSupportedExtensions() ?? []).join(","),
  ];
  // Browsers cap live WebGL contexts per page; give this one back at once.
  gl.getExtension("WEBGL_lose_context")?.loseContext();
  return SparkMD5.hash(parts.map(String).join("~"));
}

/** The candidate fonts that change the width of a test text against the three generic families, comma-separated. */
export async function fontsSignal(createCanvas: CanvasFactory, yieldToMain: () => Promise<void>): Promise<string> {
  const context = createCanvas(10, 10).getContext("2d") as TextMeasurer | null;
  if (!context) return UNSUPPORTED;
  const widthWith = (family: string) => {
    context.font = `72px ${family}`;
    return context.measureText(FONT_PROBE_TEXT).width;
  };
  const baseWidths = BASE_FONTS.map(widthWith);
  const present: string[] = [];
  for (let start = 0; start < CANDIDATE_FONTS.length; start += FONTS_PER_SLICE) {
    if (start > 0) await yieldToMain();
    for (const font of CANDIDATE_FONTS.slice(start, start + FONTS_PER_SLICE)) {
      if (BASE_FONTS.some((base, index) => widthWith(`"${font}", ${base}`) !== baseWidths[index])) present.push(font);
    }
  }
  return present.join(",").slice(0, MAX_LIST_LENGTH);
}

/** Whether a probe produced a value of this browser (not a fallback): only then may a worker's answer stand. */
export function isMeasured(value: string): boolean {
  return value !== UNSUPPORTED && value !== FAILED;
}
