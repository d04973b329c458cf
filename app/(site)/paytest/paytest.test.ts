import { reloadConfigForTests } from "@/lib/config";
import PayTestPage from "./page";

jest.mock("@/lib/server/auth/gate", () => ({ requireViewer: jest.fn(async () => { throw new Error("login asked"); }) }));

const props = { searchParams: Promise.resolve({}) };

describe("/paytest", () => {
  afterAll(() => reloadConfigForTests());

  it("is a 404 unless PAYMENT_TEST_MODE=1, before anything else happens", async () => {
    reloadConfigForTests({ ...process.env, PAYMENT_TEST_MODE: "0" });
    await expect(PayTestPage(props)).rejects.toMatchObject({ digest: expect.stringContaining("404") });
  });

  it("goes on to the member check when test mode is on", async () => {
    reloadConfigForTests({ ...process.env, PAYMENT_TEST_MODE: "1" });
    await expect(PayTestPage(props)).rejects.toThrow("login asked");
  });
});
