import { probeInWorker, PROBE_WORKER_TIMEOUT_MS } from "./fingerprint-worker";

/** A stand-in for the probe worker: answers the page's message with `answer` (or not at all), can fail like a worker. */
class FakeWorker {
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessageerror: ((event: MessageEvent<unknown>) => void) | null = null;
  terminated = false;
  received: unknown[] = [];
  constructor(private readonly behaviour: { answer?: unknown; fail?: boolean }) {}
  postMessage(message: unknown) {
    this.received.push(message);
    queueMicrotask(() => {
      if (this.behaviour.fail) this.onerror?.(new Event("error"));
      else if ("answer" in this.behaviour) this.onmessage?.({ data: this.behaviour.answer } as MessageEvent<unknown>);
    });
  }
  terminate() {
    this.terminated = true;
  }
}

const globals = globalThis as { Worker?: unknown; OffscreenCanvas?: unknown };

beforeEach(() => {
  globals.Worker = class {};
  globals.OffscreenCanvas = class {};
});
afterEach(() => {
  delete globals.Worker;
  delete globals.OffscreenCanvas;
  jest.useRealTimers();
});

function start(behaviour: { answer?: unknown; fail?: boolean }) {
  const worker = new FakeWorker(behaviour);
  return { worker, startWorker: () => worker as unknown as Worker };
}

describe("probeInWorker", () => {
  it("sends the canvas image, returns the worker's answer and stops the worker", async () => {
    const answer = { canvas: "5d41402abc4b2a76b9719d911017c592", webgl: "0f343b0931126a20f133d67c2b018a3b", fonts: "Arial,Roboto" };
    const { worker, startWorker } = start({ answer });
    await expect(probeInWorker({ canvasImage: "data:image/png;base64,AAAA", startWorker })).resolves.toEqual(answer);
    expect(worker.received).toEqual([{ canvasImage: "data:image/png;base64,AAAA" }]);
    expect(worker.terminated).toBe(true);
  });

  it("expects a hash exactly when it sent an image", async () => {
    const hashed = { canvas: "5d41402abc4b2a76b9719d911017c592", webgl: "unsupported", fonts: "" };
    const unhashed = { ...hashed, canvas: "" };
    await expect(probeInWorker({ canvasImage: null, startWorker: start({ answer: unhashed }).startWorker })).resolves.toEqual(unhashed);
    await expect(probeInWorker({ canvasImage: null, startWorker: start({ answer: hashed }).startWorker })).resolves.toBeNull();
    await expect(probeInWorker({ canvasImage: "data:,", startWorker: start({ answer: unhashed }).startWorker })).resolves.toBeNull();
  });

  it("starts no worker where the browser has no Worker or no OffscreenCanvas", async () => {
    for (const missing of ["Worker", "OffscreenCanvas"] as const) {
      const saved = globals[missing];
      delete globals[missing];
      const startWorker = jest.fn();
      await expect(probeInWorker({ startWorker })).resolves.toBeNull();
      expect(startWorker).not.toHaveBeenCalled();
      globals[missing] = saved;
    }
  });

  it("gives null when the worker cannot be created, fails, or answers something else", async () => {
    const refused = () => {
      throw new DOMException("Refused to create a worker", "SecurityError");
    };
    await expect(probeInWorker({ startWorker: refused })).resolves.toBeNull();

    const failing = start({ fail: true });
    await expect(probeInWorker({ startWorker: failing.startWorker })).resolves.toBeNull();
    expect(failing.worker.terminated).toBe(true);

    for (const answer of [null, "probe", { webgl: "x" }, { canvas: "", webgl: 1, fonts: "" }]) {
      await expect(probeInWorker({ startWorker: start({ answer }).startWorker })).resolves.toBeNull();
    }
  });

  it("gives up on a worker that never answers", async () => {
    jest.useFakeTimers();
    const { worker, startWorker } = start({});
    const result = probeInWorker({ startWorker });
    await jest.advanceTimersByTimeAsync(PROBE_WORKER_TIMEOUT_MS - 1);
    expect(worker.terminated).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBeNull();
    expect(worker.terminated).toBe(true);
  });
});
