/**
 * Browser signals for the device fingerprint (SPEC §3): canvas, webgl, plugins, fonts, audio and the webdriver flag.
 * Canvas and webgl are hashed; every collector falls back to a fixed value instead of throwing (jsdom, privacy
 * browsers and WebViews without canvas or audio).
 *
 * The canvas image's hash and the WebGL and font probes run in a Web Worker where the browser can (ADR 0022). On the
 * page, each probe runs in a task of its own and the font probe in slices of a few fonts: together they took 100–400 ms
 * of a phone's main thread in one piece (Lighthouse's total blocking time), during which the page did not answer a tap.
 */
import { FINGERPRINT_AUDIO_TIMEOUT_MS } from "@/lib/domain/constants";
import type { FingerprintSignals } from "@/lib/domain/fingerprint-cookies";
import { canvasImageHash, FAILED, fontsSignal, isMeasured, MAX_LIST_LENGTH, pageCanvas, safely, UNSUPPORTED, webglSignal } from "./fingerprint-probes";
import { probeInWorker, type WorkerProbes } from "./fingerprint-worker";

export { FAILED, UNSUPPORTED } from "./fingerprint-probes";
export const AUDIO_TIMEOUT = "timeout";

export interface CollectOptions {
  audioTimeoutMs?: number;
  /** Lets the browser paint and handle input between probes. */
  yieldToMain?: () => Promise<void>;
  /** The canvas image's hash and the WebGL and font probes in a Web Worker; null where the browser cannot run them there. */
  probeOffMainThread?: (canvasImage: string | null) => Promise<WorkerProbes | null>;
}

export async function collectSignals({
  audioTimeoutMs = FINGERPRINT_AUDIO_TIMEOUT_MS,
  yieldToMain = nextTask,
  probeOffMainThread = (canvasImage) => probeInWorker({ canvasImage }),
}: CollectOptions = {}): Promise<FingerprintSignals> {
  const image = safely(canvasImage);
  const fromWorker = await probeOffMainThread(isMeasured(image) ? image : null).catch(() => null);
  await yieldToMain();
  // What the worker could not do is done here, so a browser without WebGL in workers keeps its WebGL signal.
  const canvas = !isMeasured(image) ? image : fromWorker ? fromWorker.canvas : canvasImageHash(image);
  const webgl = fromWorker && isMeasured(fromWorker.webgl) ? fromWorker.webgl : safely(() => webglSignal(pageCanvas));
  await yieldToMain();
  const plugins = safely(pluginsSignal);
  const fonts = fromWorker && isMeasured(fromWorker.fonts) ? fromWorker.fonts : await fontsSignal(pageCanvas, yieldToMain).catch(() => FAILED);
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

/** The canvas drawing as a data URL (its MD5 is the canvas signal), or "unsupported". */
function canvasImage(): string {
  const context = pageCanvas(240, 60).getContext("2d") as CanvasRenderingContext2D | null;
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
  return context.canvas.toDataURL();
}

function pluginsSignal(): string {
  const names = Array.from(navigator.plugins ?? [], (plugin) => plugin.name);
  return names.join(",").slice(0, MAX_LIST_LENGTH);
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
