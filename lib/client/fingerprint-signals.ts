/**
 * Browser signals for the device fingerprint (SPEC §3): canvas, webgl, plugins, fonts, audio and the webdriver flag.
 * Canvas and webgl are hashed; every collector falls back to a fixed value instead of throwing (jsdom, privacy
 * browsers and WebViews without canvas or audio).
 *
 * Each probe runs in a task of its own, and the font probe in slices of a few fonts: together they took 100–400 ms
 * of a phone's main thread in one piece (Lighthouse's total blocking time), during which the page did not answer a tap.
 */
import SparkMD5 from "spark-md5";
import { FINGERPRINT_AUDIO_TIMEOUT_MS } from "@/lib/domain/constants";
import type { FingerprintSignals } from "@/lib/domain/fingerprint-cookies";

export const UNSUPPORTED = "unsupported";
export const FAILED = "error";
export const AUDIO_TIMEOUT = "timeout";

const CANDIDATE_FONTS = [
  "Microsoft YaHei", "SimSun", "SimHei", "KaiTi", "FangSong", "PingFang SC", "Hiragino Sans GB", "STHeiti", "Heiti SC",
  "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", "Arial", "Helvetica", "Times New Roman",
  "Courier New", "Verdana", "Georgia", "Segoe UI", "Roboto", "Ubuntu", "Calibri", "Tahoma", "Menlo", "Consolas",
];
const BASE_FONTS = ["monospace", "sans-serif", "serif"];
const FONT_PROBE_TEXT = "mmmmmmmmmmlli量化学堂";
const MAX_LIST_LENGTH = 400;
/** Fonts measured per task: each costs six text measurements at 72 px, some through the CJK fallback fonts. */
const FONTS_PER_SLICE = 5;

export interface CollectOptions {
  audioTimeoutMs?: number;
  /** Lets the browser paint and handle input between probes. */
  yieldToMain?: () => Promise<void>;
}

export async function collectSignals({ audioTimeoutMs = FINGERPRINT_AUDIO_TIMEOUT_MS, yieldToMain = nextTask }: CollectOptions = {}): Promise<FingerprintSignals> {
  const canvas = safely(canvasSignal);
  await yieldToMain();
  const webgl = safely(webglSignal);
  await yieldToMain();
  const plugins = safely(pluginsSignal);
  const fonts = await fontsSignal(yieldToMain).catch(() => FAILED);
  await yieldToMain();
  return {
    canvas,
    webgl,
    plugins,
    fonts,
    audio: await audioSignal(audioTimeoutMs).catch(() => FAILED),
    webdriver: safely(() => navigator.webdriver === true, false),
  };
}

/** scheduler.yield() where the browser has it (the continuation keeps its priority), else a new macrotask. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function safely<T>(collect: () => T, fallback: T): T;
function safely(collect: () => string): string;
function safely<T>(collect: () => T, fallback?: T): T | string {
  try {
    return collect();
  } catch {
    return fallback ?? FAILED;
  }
}

function canvas2d(width: number, height: number): CanvasRenderingContext2D | null {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas.getContext("2d");
}

function canvasSignal(): string {
  const context = canvas2d(240, 60);
  if (!context) return UNSUPPORTED;
  context.textBaseline = "alphabetic";
  context.fillStyle = "#f60";
  context.fillRect(100, 1, 62, 20);
  // ASCII only: CJK and emoji glyphs come from fallback fonts that the browser may still be loading, which made the
  // same browser draw two different images on two page loads.
  context.fillStyle = "#069";
  context.font = "14px Arial";
  context.fillText("Cwm fjordbank glyphs vext quiz, 0.618", 2, 15);
  context.fillStyle = "rgba(102, 204, 0, 0.7)";
  context.font = "18px serif";
  context.fillText("Cwm fjordbank glyphs vext quiz, 0.618", 4, 45);
  context.beginPath();
  context.arc(50, 50, 30, 0, Math.PI * 2);
  context.stroke();
  return SparkMD5.hash(context.canvas.toDataURL());
}

function webglSignal(): string {
  const canvas = document.createElement("canvas");
  const gl = (canvas.getContext("webgl") ?? canvas.getContext("experimental-webgl")) as WebGLRenderingContext | null;
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

function pluginsSignal(): string {
  const names = Array.from(navigator.plugins ?? [], (plugin) => plugin.name);
  return names.join(",").slice(0, MAX_LIST_LENGTH);
}

async function fontsSignal(yieldToMain: () => Promise<void>): Promise<string> {
  const context = canvas2d(10, 10);
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

type OfflineAudioContextConstructor = new (channels: number, length: number, sampleRate: number) => OfflineAudioContext;

async function audioSignal(timeoutMs: number): Promise<string> {
  const AudioContextClass = (window.OfflineAudioContext ??
    (window as unknown as { webkitOfflineAudioContext?: OfflineAudioContextConstructor }).webkitOfflineAudioContext);
  if (!AudioContextClass) return UNSUPPORTED;
  const context = new AudioContextClass(1, 5000, 44100);
  const oscillator = context.createOscillator();
  oscillator.type = "triangle";
  oscillator.frequency.value = 10000;
  const compressor = context.createDynamicsCompressor();
  compressor.threshold.value = -50;
  compressor.knee.value = 40;
  compressor.ratio.value = 12;
  compressor.attack.value = 0;
  compressor.release.value = 0.25;
  oscillator.connect(compressor);
  compressor.connect(context.destination);
  oscillator.start(0);

  const rendered = new Promise<AudioBuffer>((resolve, reject) => {
    // Older Safari returns nothing from startRendering and reports through oncomplete.
    context.oncomplete = (event) => resolve(event.renderedBuffer);
    const result = context.startRendering() as Promise<AudioBuffer> | undefined;
    result?.then(resolve, reject);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const buffer = await Promise.race([rendered, timeout]);
    if (!buffer) return AUDIO_TIMEOUT;
    const samples = buffer.getChannelData(0);
    let sum = 0;
    for (let i = 4500; i < samples.length; i++) sum += Math.abs(samples[i] ?? 0);
    return sum.toString();
  } finally {
    clearTimeout(timer);
  }
}
