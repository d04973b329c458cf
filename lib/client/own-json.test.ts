import { getOwnJson } from "./own-json";

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe("getOwnJson", () => {
  it("asks with the browser's cookies for JSON and gives the body", async () => {
    fetchMock.mockResolvedValue({ ok: true, json: async () => ({ unread: 2 }) });
    expect(await getOwnJson("/api/user/notifications")).toEqual({ unread: 2 });
    expect(fetchMock).toHaveBeenCalledWith("/api/user/notifications", { credentials: "same-origin", headers: { accept: "application/json" } });
  });

  it("gives null for a refusal, a network failure or a body that is not JSON", async () => {
    fetchMock.mockResolvedValueOnce({ ok: false, json: async () => ({ message: "请先登录" }) });
    expect(await getOwnJson("/api/user/notifications")).toBeNull();
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    expect(await getOwnJson("/api/user/notifications")).toBeNull();
    fetchMock.mockResolvedValueOnce({ ok: true, json: async () => { throw new SyntaxError("Unexpected token <"); } });
    expect(await getOwnJson("/api/user/notifications")).toBeNull();
  });
});
