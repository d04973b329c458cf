import { canvasImageHash } from "./fingerprint-probes";
import { AUDIO_TIMEOUT, collectSignals, UNSUPPORTED } from "./fingerprint-signals";

type GetContext = typeof HTMLCanvasElement.prototype.getContext;
const originalGetContext = HTMLCanvasElement.prototype.getContext;
const originalToDataURL = HTMLCanvasElement.prototype.toDataURL;

function stubGetContext(impl: (type: string) => unknown) {
  HTMLCanvasElement.prototype.getContext = jest.fn(impl) as unknown as GetContext;
}

function fake2dContext(canvas: HTMLCanvasElement, installedFonts: string[]) {
  let font = "";
  return {
    canvas,
    set font(value: string) { font = value; },
    get font() { return font; },
    fillStyle: "", textBaseline: "",
    fillRect: jest.fn(), fillText: jest.fn(), beginPath: jest.fn(), arc: jest.fn(), stroke: jest.fn(),
    measureText: () => ({ width: installedFonts.some((name) => font.includes(`"${name}"`)) ? 123 : 100 }),
  };
}

afterEach(() => {
  HTMLCanvasElement.prototype.getContext = originalGetContext;
  HTMLCanvasElement.prototype.toDataURL = originalToDataURL;
  delete (window as { OfflineAudioContext?: unknown }).OfflineAudioContext;
  jest.useRealTimers();
});

describe("collectSignals", () => {
  it("falls back to fixed values without canvas, webgl and audio", async () => {
    stubGetContext(() => null);
    await expect(collectSignals()).resolves.toEqual({
      canvas: UNSUPPORTED, webgl: UNSUPPORTED, plugins: "", fonts: UNSUPPORTED, audio: UNSUPPORTED, webdriver: false,
    });
  });

  it("never throws when the canvas API throws", async () => {
    stubGetContext(() => { throw new Error("blocked"); });
    const signals = await collectSignals();
    expect(signals.canvas).toBe("error");
    expect(signals.fonts).toBe("error");
  });

  it("hashes the canvas drawing and lists the fonts that change text width", async () => {
    HTMLCanvasElement.prototype.getContext = jest.fn(function (this: HTMLCanvasElement, type: string) {
      return type === "2d" ? fake2dContext(this, ["Microsoft YaHei", "Arial"]) : null;
    }) as unknown as GetContext;
    HTMLCanvasElement.prototype.toDataURL = jest.fn(() => "data:image/png;base64,AAAA");
    const signals = await collectSignals();
    expect(signals.canvas).toMatch(/^[0-9a-f]{32}$/);
    expect(signals.fonts).toBe("Microsoft YaHei,Arial");
  });

  it("lets the page paint and answer taps between probes: no task measures more than a few fonts", async () => {
    let measuredInThisTask = 0;
    const measuredPerTask: number[] = [];
    HTMLCanvasElement.prototype.getContext = jest.fn(function (this: HTMLCanvasElement, type: string) {
      if (type !== "2d") return null;
      const context = fake2dContext(this, ["Arial"]);
      const measure = context.measureText;
      context.measureText = () => {
        measuredInThisTask++;
        return measure();
      };
      return context;
    }) as unknown as GetContext;
    HTMLCanvasElement.prototype.toDataURL = jest.fn(() => "data:image/png;base64,AAAA");
    const yieldToMain = jest.fn(async () => {
      measuredPerTask.push(measuredInThisTask);
      measuredInThisTask = 0;
    });
    const signals = await collectSignals({ yieldToMain });
    measuredPerTask.push(measuredInThisTask);
    expect(signals.fonts).toBe("Arial");
    expect(yieldToMain.mock.calls.length).toBeGreaterThanOrEqual(7);
    expect(Math.max(...measuredPerTask)).toBeLessThanOrEqual(3 + 5 * 3);
    expect(measuredPerTask.reduce((a, b) => a + b, 0)).toBeGreaterThan(25);
  });

  it("hands the canvas image, WebGL and fonts to the worker, and measures neither WebGL nor fonts on the page", async () => {
    const contextTypes: string[] = [];
    HTMLCanvasElement.prototype.getContext = jest.fn(function (this: HTMLCanvasElement, type: string) {
      contextTypes.push(type);
      return type === "2d" ? fake2dContext(this, ["Arial"]) : null;
    }) as unknown as GetContext;
    HTMLCanvasElement.prototype.toDataURL = jest.fn(() => "data:image/png;base64,AAAA");
    const probeOffMainThread = jest.fn(async () => ({ canvas: "5d41402abc4b2a76b9719d911017c592", webgl: "9d4568c009d203ab10e33ea9953a0264", fonts: "SimSun,Roboto" }));
    const signals = await collectSignals({ probeOffMainThread, yieldToMain: async () => {} });
    expect(probeOffMainThread).toHaveBeenCalledWith("data:image/png;base64,AAAA");
    expect(signals).toMatchObject({ canvas: "5d41402abc4b2a76b9719d911017c592", webgl: "9d4568c009d203ab10e33ea9953a0264", fonts: "SimSun,Roboto" });
    // The canvas drawing is the page's only context: no WebGL context, no font-probe canvas.
    expect(contextTypes).toEqual(["2d"]);
  });

  it("gives the same canvas signal whether the worker or the page hashes the image", async () => {
    HTMLCanvasElement.prototype.getContext = jest.fn(function (this: HTMLCanvasElement, type: string) {
      return type === "2d" ? fake2dContext(this, []) : null;
    }) as unknown as GetContext;
    HTMLCanvasElement.prototype.toDataURL = jest.fn(() => "data:image/png;base64,iVBORw0KGgo=");
    const onThePage = await collectSignals({ probeOffMainThread: async () => null, yieldToMain: async () => {} });
    expect(onThePage.canvas).toBe(canvasImageHash("data:image/png;base64,iVBORw0KGgo="));
    const inWorker = await collectSignals({
      probeOffMainThread: async (image) => ({ canvas: canvasImageHash(image!), webgl: UNSUPPORTED, fonts: "" }),
      yieldToMain: async () => {},
    });
    expect(inWorker.canvas).toBe(onThePage.canvas);
  });

  it("measures on the page what the worker could not (Safari 16: no WebGL on an OffscreenCanvas)", async () => {
    const webgl = { getExtension: () => null, getParameter: (name: unknown) => `param-${String(name)}`, getSupportedExtensions: () => ["OES_texture_float"] };
    HTMLCanvasElement.prototype.getContext = jest.fn(function (this: HTMLCanvasElement, type: string) {
      return type === "2d" ? fake2dContext(this, ["Arial"]) : type === "webgl" ? webgl : null;
    }) as unknown as GetContext;
    HTMLCanvasElement.prototype.toDataURL = jest.fn(() => "data:image/png;base64,AAAA");
    const signals = await collectSignals({
      probeOffMainThread: async () => ({ canvas: "5d41402abc4b2a76b9719d911017c592", webgl: UNSUPPORTED, fonts: "error" }),
      yieldToMain: async () => {},
    });
    expect(signals.webgl).toMatch(/^[0-9a-f]{32}$/);
    expect(signals.fonts).toBe("Arial");
  });

  it("measures on the page when the worker fails", async () => {
    stubGetContext(() => null);
    const signals = await collectSignals({ probeOffMainThread: () => Promise.reject(new Error("worker crashed")), yieldToMain: async () => {} });
    expect(signals).toMatchObject({ webgl: UNSUPPORTED, fonts: UNSUPPORTED });
  });

  it("reports the webdriver flag", async () => {
    stubGetContext(() => null);
    Object.defineProperty(navigator, "webdriver", { value: true, configurable: true });
    expect((await collectSignals()).webdriver).toBe(true);
    Object.defineProperty(navigator, "webdriver", { value: false, configurable: true });
  });

  it("gives up on audio after the timeout", async () => {
    jest.useFakeTimers();
    stubGetContext(() => null);
    const param = () => ({ value: 0 });
    class HangingAudioContext {
      destination = {};
      oncomplete: unknown = null;
      createOscillator() { return { type: "", frequency: param(), connect: jest.fn(), start: jest.fn() }; }
      createDynamicsCompressor() {
        return { threshold: param(), knee: param(), ratio: param(), attack: param(), release: param(), connect: jest.fn() };
      }
      startRendering() { return new Promise(() => {}); }
    }
    Object.assign(window, { OfflineAudioContext: HangingAudioContext });
    const result = collectSignals({ audioTimeoutMs: 1000, yieldToMain: async () => {} });
    await jest.advanceTimersByTimeAsync(1000);
    expect((await result).audio).toBe(AUDIO_TIMEOUT);
  });

  it("sums the rendered audio samples", async () => {
    stubGetContext(() => null);
    const param = () => ({ value: 0 });
    class QuickAudioContext {
      destination = {};
      oncomplete: unknown = null;
      createOscillator() { return { type: "", frequency: param(), connect: jest.fn(), start: jest.fn() }; }
      createDynamicsCompressor() {
        return { threshold: param(), knee: param(), ratio: param(), attack: param(), release: param(), connect: jest.fn() };
      }
      startRendering() {
        const samples = new Float32Array(5000).fill(0.5);
        return Promise.resolve({ getChannelData: () => samples });
      }
    }
    Object.assign(window, { OfflineAudioContext: QuickAudioContext });
    expect((await collectSignals()).audio).toBe("250");
  });
});
