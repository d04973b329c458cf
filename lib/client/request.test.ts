import { createRequest, RequestError, type FetchLike, type RequestDeps, type ResponseLike } from "./request";

function respond(status: number, body: unknown): ResponseLike {
  return { ok: status >= 200 && status < 300, status, text: async () => (typeof body === "string" ? body : JSON.stringify(body)) };
}

function setup(overrides: Partial<RequestDeps> = {}, apiHosts: string[] = []) {
  const fetch = jest.fn<ReturnType<FetchLike>, Parameters<FetchLike>>(async () => respond(200, { status: 200, data: 1 }));
  const notify = jest.fn();
  const progress = { start: jest.fn(), done: jest.fn() };
  const deps: RequestDeps = { fetch, notify, progress, random: () => 0, readUserInfo: () => undefined, readToken: () => null, ...overrides };
  return { request: createRequest({ apiHosts }, deps), fetch: (deps.fetch ?? fetch) as jest.Mock, notify, progress };
}

const headersOf = (fetch: jest.Mock, call = 0) => fetch.mock.calls[call][1].headers as Record<string, string>;

describe("createRequest", () => {
  it("resolves with the parsed body only", async () => {
    const { request } = setup();
    await expect(request.get("/api/x")).resolves.toEqual({ status: 200, data: 1 });
  });

  it("uses a relative URL when no API host is configured", async () => {
    const { request, fetch } = setup();
    await request.get("/api/list", { page: 2, q: "茅台", empty: undefined });
    expect(fetch.mock.calls[0][0]).toBe("/api/list?page=2&q=%E8%8C%85%E5%8F%B0");
  });

  it("picks the host at random for each request", async () => {
    const values = [0.1, 0.9];
    const { request, fetch } = setup({ random: () => values.shift() ?? 0 }, ["https://a.example.com/", "https://b.example.com"]);
    await request.get("/api/one");
    await request.post("api/two", { a: 1 });
    expect(fetch.mock.calls.map((call) => call[0])).toEqual(["https://a.example.com/api/one", "https://b.example.com/api/two"]);
  });

  it("sends the stored user info URL-encoded as the token header and the bearer token", async () => {
    const userInfo = JSON.stringify({ nickName: "股神", uguid: "u1" });
    const { request, fetch } = setup({ readUserInfo: () => userInfo, readToken: () => "tok123" });
    await request.get("/api/x");
    const headers = headersOf(fetch);
    expect(headers.token).toBe(encodeURIComponent(userInfo));
    expect(decodeURIComponent(headers.token!)).toBe(userInfo);
    expect(headers.Authorization).toBe("Bearer tok123");
  });

  it("omits the auth headers when nothing is stored", async () => {
    const { request, fetch } = setup();
    await request.get("/api/x");
    expect(headersOf(fetch)).not.toHaveProperty("token");
    expect(headersOf(fetch)).not.toHaveProperty("Authorization");
  });

  it("sends showMessage and the URL-encoded message, then toasts the given message on success", async () => {
    const { request, fetch, notify } = setup();
    await request.post("/api/save", { a: 1 }, { showMessage: "保存成功" });
    expect(headersOf(fetch)).toMatchObject({ showMessage: "1", message: encodeURIComponent("保存成功") });
    expect(notify).toHaveBeenCalledWith({ type: "success", message: "保存成功" });
  });

  it("toasts body.info.name as an error when the body status is not 200", async () => {
    const fetch = jest.fn(async () => respond(200, { status: 400, info: { name: "验证码错误" } }));
    const { request, notify } = setup({ fetch });
    await expect(request.post("/api/login", {}, { showMessage: true })).resolves.toMatchObject({ status: 400 });
    expect(notify).toHaveBeenCalledWith({ type: "error", message: "验证码错误" });
  });

  it("does not toast results when no message was requested", async () => {
    const { request, notify } = setup();
    await request.get("/api/x");
    expect(notify).not.toHaveBeenCalled();
  });

  it.each([
    [404, "请求地址不存在"],
    [500, "服务器内部错误"],
    [502, "网络异常"],
    [401, "网络异常"],
  ])("HTTP %i rejects with that status and toasts %s", async (status, message) => {
    const fetch = jest.fn(async () => respond(status, "nope"));
    const { request, notify } = setup({ fetch });
    const failure = request.get("/api/missing");
    await expect(failure).rejects.toBeInstanceOf(RequestError);
    await expect(failure).rejects.toMatchObject({ status, message });
    expect(notify).toHaveBeenCalledWith({ type: "error", message });
  });

  it("a network failure rejects with status 0 and toasts 网络异常", async () => {
    const fetch = jest.fn(async () => { throw new TypeError("Failed to fetch"); });
    const { request, notify } = setup({ fetch });
    await expect(request.get("/api/x")).rejects.toMatchObject({ status: 0, message: "网络异常" });
    expect(notify).toHaveBeenCalledWith({ type: "error", message: "网络异常" });
  });

  it("a silent request fails without toasts", async () => {
    const fetch = jest.fn(async () => respond(401, ""));
    const { request, notify } = setup({ fetch });
    await expect(request.get("/api/user/info", undefined, { silent: true })).rejects.toMatchObject({ status: 401 });
    expect(notify).not.toHaveBeenCalled();
  });

  it("a setup failure warns 请稍后再试 and rejects without calling fetch", async () => {
    const { request, fetch, notify } = setup({}, ["not a url"]);
    await expect(request.get("/api/x")).rejects.toMatchObject({ message: "请稍后再试", status: 0 });
    expect(notify).toHaveBeenCalledWith({ type: "warning", message: "请稍后再试" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a payload that cannot be serialised is a setup failure", async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const { request, fetch, notify } = setup();
    await expect(request.post("/api/x", circular)).rejects.toMatchObject({ message: "请稍后再试" });
    expect(notify).toHaveBeenCalledWith({ type: "warning", message: "请稍后再试" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("an aborted request rejects with the abort error and no toast", async () => {
    const controller = new AbortController();
    const fetch = jest.fn(async () => {
      controller.abort();
      throw Object.assign(new Error("aborted"), { name: "AbortError" });
    });
    const { request, notify } = setup({ fetch });
    await expect(request.get("/api/x", undefined, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
    expect(notify).not.toHaveBeenCalled();
  });

  it("posts plain objects as JSON", async () => {
    const { request, fetch } = setup();
    await request.post("/api/x", { a: 1 });
    const init = fetch.mock.calls[0][1];
    expect(init.body).toBe('{"a":1}');
    expect(init.headers["Content-Type"]).toBe("application/json");
  });

  it("turns payloads with files into form data", async () => {
    const { request, fetch } = setup();
    const file = new File(["a,b"], "statement.csv", { type: "text/csv" });
    await request.post("/api/upload", { file, broker: "华泰", tags: ["x", "y"], skip: null });
    const body = fetch.mock.calls[0][1].body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get("file") as File).name).toBe("statement.csv");
    expect(body.get("broker")).toBe("华泰");
    expect(body.getAll("tags")).toEqual(["x", "y"]);
    expect(body.has("skip")).toBe(false);
    expect(fetch.mock.calls[0][1].headers).not.toHaveProperty("Content-Type");
  });

  it("postForm always sends form data", async () => {
    const { request, fetch } = setup();
    await request.postForm("/api/form", { name: "a", count: 3 });
    const body = fetch.mock.calls[0][1].body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get("count")).toBe("3");
  });

  it("drives the progress hooks only when asked, finishing after failures too", async () => {
    const fetch = jest.fn(async () => respond(500, ""));
    const { request, progress } = setup({ fetch });
    await expect(request.get("/api/x", undefined, { progress: true })).rejects.toBeInstanceOf(RequestError);
    expect(progress.start).toHaveBeenCalledTimes(1);
    expect(progress.done).toHaveBeenCalledTimes(1);
    await expect(request.get("/api/x")).rejects.toBeInstanceOf(RequestError);
    expect(progress.start).toHaveBeenCalledTimes(1);
  });

  it("returns text bodies that are not JSON as text", async () => {
    const fetch = jest.fn(async () => respond(200, "plain"));
    const { request } = setup({ fetch });
    await expect(request.get("/robots.txt")).resolves.toBe("plain");
  });
});

describe("submit", () => {
  const answer = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, text: async () => "", json: async () => body });

  it("posts JSON same-origin and lifts the data object's fields beside the body's", async () => {
    const fetch = jest.fn(async () => answer(200, { ok: true, data: { message: "已保存", id: 7 } }));
    const request = createRequest({ apiHosts: ["https://api.example.com"] }, { fetch });
    const result = await request.submit("/api/user/profile", { nickName: "股神" });
    expect(fetch).toHaveBeenCalledWith("/api/user/profile", expect.objectContaining({ method: "POST", credentials: "same-origin", body: '{"nickName":"股神"}' }));
    expect(result).toEqual({ ok: true, status: 200, message: "已保存", body: { ok: true, id: 7, message: "已保存", data: { message: "已保存", id: 7 } } });
  });

  it("gives the server's Chinese message of a refusal, or the form's own words when it names none", async () => {
    const fetch = jest.fn<Promise<ResponseLike>, [string, RequestInit]>()
      .mockResolvedValueOnce(answer(400, { message: "昵称不能为空" }))
      .mockResolvedValueOnce(answer(502, "<html>"))
      .mockResolvedValueOnce(answer(413, {}));
    const request = createRequest({ apiHosts: [] }, { fetch });
    expect(await request.submit("/api/x", {})).toMatchObject({ ok: false, status: 400, message: "昵称不能为空" });
    expect(await request.submit("/api/x", {})).toMatchObject({ ok: false, status: 502, message: "服务器内部错误，请稍后再试" });
    expect(await request.submit("/api/x", {}, { fallback: (s) => `太大了 ${s}` })).toMatchObject({ message: "太大了 413" });
  });

  it("answers status 0 with the network message when nothing arrives, without a toast", async () => {
    const notify = jest.fn();
    const request = createRequest({ apiHosts: [] }, { notify, fetch: async () => { throw new TypeError("Failed to fetch"); } });
    await expect(request.submit("/api/x", { a: 1 })).resolves.toEqual({ ok: false, status: 0, message: "网络异常，请稍后再试", body: {} });
    expect(notify).not.toHaveBeenCalled();
  });

  it("sends a payload with a file as multipart without a JSON content type", async () => {
    const fetch = jest.fn(async () => answer(200, {}));
    const request = createRequest({ apiHosts: [] }, { fetch });
    await request.submit("/api/upload", { file: new Blob(["x"]), kind: "avatar" });
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBeInstanceOf(FormData);
    expect(init.headers).not.toHaveProperty("Content-Type");
  });
});
