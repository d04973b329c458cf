/**
 * Starts fingerprint-probe.worker.ts and waits for its answer (ADR 0022). Resolves null instead of failing wherever
 * the probes cannot run off the main thread (no Worker or OffscreenCanvas, a worker that errors or never answers), so
 * the page measures them itself.
 */

export interface WorkerProbes {
  /** MD5 of the canvas image sent, "" when none was */
  canvas: string;
  webgl: string;
  fonts: string;
}

/** A worker that has not answered by then (a stalled GPU process, a blocked script) is given up on. */
export const PROBE_WORKER_TIMEOUT_MS = 3000;

export interface ProbeWorkerOptions {
  /** The page's canvas drawing (data URL) for the worker to hash; null when the page could not draw one. */
  canvasImage?: string | null;
  timeoutMs?: number;
  /** Creates the worker; injectable for tests (jsdom has no Worker). */
  startWorker?: () => Worker;
}

function startProbeWorker(): Worker {
  return new Worker(new URL("./fingerprint-probe.worker.ts", import.meta.url), { name: "fingerprint-probes" });
}

export function probeInWorker({
  canvasImage = null,
  timeoutMs = PROBE_WORKER_TIMEOUT_MS,
  startWorker = startProbeWorker,
}: ProbeWorkerOptions = {}): Promise<WorkerProbes | null> {
  if (typeof Worker !== "function" || typeof OffscreenCanvas !== "function") return Promise.resolve(null);
  let worker: Worker;
  try {
    worker = startWorker();
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const finish = (answer: WorkerProbes | null) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    worker.onmessage = (event: MessageEvent<unknown>) => finish(isWorkerProbes(event.data, canvasImage !== null) ? event.data : null);
    worker.onerror = () => finish(null);
    worker.onmessageerror = () => finish(null);
    worker.postMessage({ canvasImage });
  });
}

function isWorkerProbes(data: unknown, hashedImage: boolean): data is WorkerProbes {
  const probes = data as Partial<WorkerProbes> | null;
  if (typeof probes?.webgl !== "string" || typeof probes.fonts !== "string" || typeof probes.canvas !== "string") return false;
  return hashedImage ? /^[0-9a-f]{32}$/.test(probes.canvas) : probes.canvas === "";
}
