type ReporterModule = typeof import("./error-reporter");

function loadReporter(): ReporterModule {
  let loaded: ReporterModule | undefined;
  jest.isolateModules(() => {
    loaded = require("./error-reporter");
  });
  return loaded!;
}

function setup(isDevelopment = false) {
  const reporter = loadReporter();
  const fetch = jest.fn(async () => ({ ok: true, status: 200 }));
  const uninstall = reporter.installErrorReporter({ isDevelopment }, { fetch });
  const bodies = () => fetch.mock.calls.map((call) => JSON.parse((call as unknown as [string, RequestInit])[1].body as string));
  return { reporter, fetch, uninstall, bodies };
}

function rejection(reason: unknown): Event {
  const event = new Event("unhandledrejection", { cancelable: true });
  Object.defineProperty(event, "reason", { value: reason });
  return event;
}

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = "";
  jest.restoreAllMocks();
});

describe("installErrorReporter", () => {
  it("reports a global script error to /api/Logs/Insert with keepalive", () => {
    const { fetch, uninstall, bodies } = setup();
    cleanup = uninstall;
    const error = new TypeError("x is not a function");
    window.dispatchEvent(new ErrorEvent("error", { error, message: error.message, filename: "app.js", lineno: 3 }));
    expect(fetch).toHaveBeenCalledWith("/api/Logs/Insert", expect.objectContaining({ method: "POST", keepalive: true }));
    const [body] = bodies();
    expect(body.InnerException).toBe("ScriptError");
    expect(body.requestUrl).toBe(window.location.href);
    expect(body.Exception).toContain("x is not a function");
    expect(body.Exception).toContain(error.stack!);
    expect(body.Exception).toContain('"filename":"app.js"');
  });

  it("reports the same error only once", () => {
    const { fetch, uninstall } = setup();
    cleanup = uninstall;
    for (let i = 0; i < 3; i++) window.dispatchEvent(new ErrorEvent("error", { message: "same" }));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("reports a failed image, but not one inside the avatar dropdown", () => {
    const { bodies, uninstall } = setup();
    cleanup = uninstall;
    document.body.innerHTML = '<img id="a" src="/broken.png"><div class="avatar-dropdown"><img id="b" src="/avatar.png"></div>';
    document.getElementById("a")!.dispatchEvent(new Event("error"));
    document.getElementById("b")!.dispatchEvent(new Event("error"));
    expect(bodies()).toHaveLength(1);
    expect(bodies()[0]).toMatchObject({ InnerException: "ResourceError" });
    expect(bodies()[0].Exception).toContain("/broken.png");
  });

  it("reports and swallows unhandled rejections", () => {
    const { bodies, uninstall } = setup();
    cleanup = uninstall;
    const event = rejection(new Error("async boom"));
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(bodies()[0]).toMatchObject({ InnerException: "UnhandledRejection" });
  });

  it("ignores rejections tied to the log endpoint", () => {
    const { fetch, uninstall } = setup();
    cleanup = uninstall;
    const event = rejection(new Error("POST /api/Logs/Insert failed"));
    window.dispatchEvent(event);
    expect(fetch).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(true);
  });

  it("marks network errors as 500 前端处理失败 in the report", () => {
    const { bodies, uninstall } = setup();
    cleanup = uninstall;
    window.dispatchEvent(rejection(new TypeError("Failed to fetch")));
    expect(bodies()[0].Exception).toContain('"normalised":{"statusCode":500,"message":"前端处理失败"}');
  });

  it("stays silent on the development host", () => {
    const { fetch, reporter, uninstall } = setup(true);
    cleanup = uninstall;
    window.dispatchEvent(new ErrorEvent("error", { message: "dev" }));
    reporter.reportPageError({ statusCode: 404, path: "/x", message: "Page not found: /x" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("stops listening after uninstall", () => {
    const { fetch, uninstall } = setup();
    uninstall();
    window.dispatchEvent(new ErrorEvent("error", { message: "after" }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("only warns when the report cannot be sent", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const reporter = loadReporter();
    cleanup = reporter.installErrorReporter({ isDevelopment: false }, { fetch: async () => { throw new Error("offline"); } });
    reporter.reportError("AppError", new Error("x"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warn).toHaveBeenCalledWith("Error report failed", expect.any(Error));
  });
});

describe("report functions", () => {
  it("reportPageError sends statusCode and path as an AppError", () => {
    const { reporter, bodies, uninstall } = setup();
    cleanup = uninstall;
    reporter.reportPageError({ statusCode: 404, path: "/nowhere", message: "Page not found: /nowhere" });
    expect(bodies()[0]).toMatchObject({ InnerException: "AppError" });
    expect(bodies()[0].Exception).toContain('"statusCode":404,"path":"/nowhere"');
  });

  it("reportComponentError includes the component stack", () => {
    const { reporter, bodies, uninstall } = setup();
    cleanup = uninstall;
    reporter.reportComponentError(new Error("render failed"), "\n    at Chart");
    expect(bodies()[0]).toMatchObject({ InnerException: "ComponentError" });
    expect(bodies()[0].Exception).toContain("at Chart");
  });

  it("sends reports made before installation once installed", () => {
    const reporter = loadReporter();
    reporter.reportComponentError(new Error("early"));
    const fetch = jest.fn(async () => ({ ok: true, status: 200 }));
    cleanup = reporter.installErrorReporter({ isDevelopment: false }, { fetch });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("drops the 51st oldest key: an error seen 51 reports ago is reported again", () => {
    const { reporter, fetch, uninstall } = setup();
    cleanup = uninstall;
    for (let i = 0; i <= 50; i++) reporter.reportError("AppError", `error ${i}`);
    expect(fetch).toHaveBeenCalledTimes(51);
    reporter.reportError("AppError", "error 50");
    expect(fetch).toHaveBeenCalledTimes(51);
    reporter.reportError("AppError", "error 0");
    expect(fetch).toHaveBeenCalledTimes(52);
  });
});
