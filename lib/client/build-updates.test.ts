type BuildUpdates = typeof import("./build-updates");

function load(): BuildUpdates {
  let loaded: BuildUpdates | undefined;
  jest.isolateModules(() => {
    loaded = require("./build-updates");
  });
  return loaded!;
}

const manifest = (id: unknown) => jest.fn(async () => ({ ok: true, json: async () => ({ id }) }));

afterEach(() => {
  jest.useRealTimers();
  sessionStorage.clear();
});

describe("checkForUpdate", () => {
  it("requests the manifest with a timestamp and marks an update when the id differs", async () => {
    const builds = load();
    const fetch = manifest("b2");
    await expect(builds.checkForUpdate("b1", { fetch, now: () => 1234 })).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledWith("/builds/latest.json?t=1234", { cache: "no-store" });
    expect(builds.shouldReloadOnNavigation()).toBe(true);
  });

  it("leaves the page alone while the id matches", async () => {
    const builds = load();
    await builds.checkForUpdate("b1", { fetch: manifest("b1") });
    expect(builds.isUpdatePending()).toBe(false);
    expect(builds.reloadIfUpdatePending(jest.fn())).toBe(false);
  });

  it("ignores failures and malformed manifests", async () => {
    const builds = load();
    await builds.checkForUpdate("b1", { fetch: jest.fn(async () => { throw new Error("offline"); }) });
    await builds.checkForUpdate("b1", { fetch: manifest(42) });
    await builds.checkForUpdate("b1", { fetch: jest.fn(async () => ({ ok: false, json: async () => ({ id: "b9" }) })) });
    expect(builds.isUpdatePending()).toBe(false);
  });
});

describe("startBuildPoller", () => {
  it("polls every 60 s and stops once an update is found", async () => {
    jest.useFakeTimers();
    const builds = load();
    const fetch = manifest("b1");
    const stop = builds.startBuildPoller({ buildId: "b1" }, { fetch });
    await jest.advanceTimersByTimeAsync(59_999);
    expect(fetch).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    fetch.mockImplementation(async () => ({ ok: true, json: async () => ({ id: "b2" }) }));
    await jest.advanceTimersByTimeAsync(60_000);
    expect(builds.isUpdatePending()).toBe(true);
    await jest.advanceTimersByTimeAsync(180_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    stop();
  });

  it("reloads on the next navigation once an update is pending", async () => {
    const builds = load();
    await builds.checkForUpdate("b1", { fetch: manifest("b2") });
    const reload = jest.fn();
    expect(builds.reloadIfUpdatePending(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe("chunk-load errors", () => {
  it("reloads once per build, then stops to avoid a loop", () => {
    const builds = load();
    const reload = jest.fn();
    expect(builds.reloadAfterChunkError("b1", { reload })).toBe(true);
    expect(builds.reloadAfterChunkError("b1", { reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(builds.reloadAfterChunkError("b2", { reload })).toBe(true);
  });

  it("does not reload without sessionStorage (no loop guard)", () => {
    const reload = jest.fn();
    expect(load().reloadAfterChunkError("b1", { reload, storage: null })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("reacts to chunk errors from scripts, rejections and failed chunk tags, not to other errors", () => {
    const builds = load();
    const reload = jest.fn();
    const storage = { getItem: jest.fn(() => null), setItem: jest.fn() };
    const uninstall = builds.installChunkErrorReload({ buildId: "b1" }, { reload, storage });

    window.dispatchEvent(new ErrorEvent("error", { message: "TypeError: x is undefined" }));
    expect(reload).not.toHaveBeenCalled();

    window.dispatchEvent(new ErrorEvent("error", { message: "ChunkLoadError: Loading chunk 5 failed." }));
    const rejection = new Event("unhandledrejection");
    Object.defineProperty(rejection, "reason", { value: new TypeError("Failed to fetch dynamically imported module: /a.js") });
    window.dispatchEvent(rejection);
    const script = document.createElement("script");
    script.src = "/_next/static/chunks/app-123.js";
    document.head.appendChild(script);
    script.dispatchEvent(new Event("error"));
    expect(reload).toHaveBeenCalledTimes(3);

    uninstall();
    window.dispatchEvent(new ErrorEvent("error", { message: "Loading chunk 6 failed." }));
    expect(reload).toHaveBeenCalledTimes(3);
    script.remove();
  });
});
