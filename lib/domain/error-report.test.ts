import { fc, test as propTest } from "@fast-check/jest";
import {
  buildReportBody, EMPTY_DEDUPE, errorKey, isChunkLoadError, isLogEndpointFailure, isNetworkError, normaliseAppError,
  rememberError, MAX_EXCEPTION_LENGTH,
} from "./error-report";

describe("errorKey", () => {
  it("uses the category and the first 100 characters", () => {
    const long = "x".repeat(100);
    expect(errorKey("ScriptError", `${long}A`)).toBe(errorKey("ScriptError", `${long}B`));
    expect(errorKey("ScriptError", "a")).not.toBe(errorKey("AppError", "a"));
  });
});

describe("rememberError", () => {
  it("reports a repeat only once", () => {
    const first = rememberError(EMPTY_DEDUPE, "k");
    expect(first.isNew).toBe(true);
    expect(rememberError(first.state, "k").isNew).toBe(false);
  });

  it("keeps at most 50 keys and drops the oldest", () => {
    let state = EMPTY_DEDUPE;
    for (let i = 1; i <= 51; i++) state = rememberError(state, `k${i}`).state;
    expect(state.keys).toHaveLength(50);
    expect(state.keys[0]).toBe("k2");
    expect(rememberError(state, "k1").isNew).toBe(true);
    expect(rememberError(state, "k51").isNew).toBe(false);
  });

  propTest.prop([fc.array(fc.string({ maxLength: 3 }), { maxLength: 200 })])("never exceeds 50 keys and never holds a duplicate", (keys) => {
    let state = EMPTY_DEDUPE;
    for (const key of keys) state = rememberError(state, key).state;
    expect(state.keys.length).toBeLessThanOrEqual(50);
    expect(new Set(state.keys).size).toBe(state.keys.length);
  });
});

describe("isNetworkError / normaliseAppError", () => {
  it.each([
    "Failed to fetch", "NetworkError when attempting to fetch resource.", "API request failed", "timeout of 5000ms exceeded",
    "Request timed out", "Failed to load resource", "Load failed", "Loading chunk 42 failed.", "Loading CSS chunk 7 failed",
  ])("treats %j as a network error", (message) => {
    expect(isNetworkError({ message })).toBe(true);
    expect(normaliseAppError({ message, statusCode: 400 })).toEqual({ statusCode: 500, message: "前端处理失败" });
  });

  it("treats status 500 and above as a network error", () => {
    expect(normaliseAppError({ message: "boom", statusCode: 503 })).toEqual({ statusCode: 500, message: "前端处理失败" });
  });

  it.each(["Cannot read properties of undefined (reading 'x')", "rapid capital", "Page not found: /x"])(
    "keeps %j as it is",
    (message) => {
      expect(isNetworkError({ message, statusCode: 404 })).toBe(false);
      expect(normaliseAppError({ message, statusCode: 404 })).toEqual({ statusCode: 404, message });
    },
  );
});

describe("isChunkLoadError", () => {
  it.each(["Loading chunk 12 failed.", "ChunkLoadError: Loading chunk app failed", "Failed to fetch dynamically imported module: /x.js"])(
    "recognises %j", (message) => expect(isChunkLoadError(message)).toBe(true));

  it("ignores other errors", () => expect(isChunkLoadError("TypeError: x is not a function")).toBe(false));
});

describe("isLogEndpointFailure", () => {
  it("recognises failures of the log endpoint", () => {
    expect(isLogEndpointFailure("POST https://h/api/Logs/Insert 502")).toBe(true);
    expect(isLogEndpointFailure("/api/logs/insert failed")).toBe(true);
    expect(isLogEndpointFailure("/api/user/info failed")).toBe(false);
  });
});

describe("buildReportBody", () => {
  it("joins text, stack and context JSON", () => {
    expect(buildReportBody({
      category: "ResourceError", text: "Failed to load img", stack: "at x", context: { src: "/a.png" }, requestUrl: "https://s/p",
    })).toEqual({ Exception: 'Failed to load img\nat x\n{"src":"/a.png"}', InnerException: "ResourceError", requestUrl: "https://s/p" });
  });

  it("survives a circular context and caps the length", () => {
    const context: Record<string, unknown> = {};
    context.self = context;
    const body = buildReportBody({ category: "AppError", text: "t".repeat(20000), stack: "", context, requestUrl: "" });
    expect(body.Exception.length).toBe(MAX_EXCEPTION_LENGTH);
  });
});
