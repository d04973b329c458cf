import { AsyncLocalStorage } from "node:async_hooks";
import { outsideRequest, rememberStartupContext } from "./startup-context";

describe("outsideRequest", () => {
  const request = new AsyncLocalStorage<{ path: string }>();

  it("runs work as it is until start-up has remembered its context (tests, the CLI)", () => {
    request.run({ path: "/god" }, () => {
      expect(outsideRequest(() => request.getStore())).toEqual({ path: "/god" });
    });
  });

  it("after start-up, runs work (and the promises it makes) outside the request that asked for it", async () => {
    rememberStartupContext();
    const seen = await request.run({ path: "/detail/…" }, () =>
      outsideRequest(async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return request.getStore();
      }),
    );
    expect(seen).toBeUndefined();
    request.run({ path: "/rank" }, () => expect(request.getStore()).toEqual({ path: "/rank" })); // the request's own code is untouched
  });
});
