import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseConfig, reloadConfigForTests } from "@/lib/config";
import { deviceCookieKey } from "./key";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-device-key-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  reloadConfigForTests();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the device-cookie signing key", () => {
  it("is DEVICE_COOKIE_SECRET when set, which must be at least 32 characters", () => {
    const secret = "0123456789abcdef0123456789abcdef-production";
    reloadConfigForTests({ DATA_DIR: tempDir(), DEVICE_COOKIE_SECRET: secret, LOG_LEVEL: "silent" });
    expect(deviceCookieKey().equals(Buffer.from(secret, "utf8"))).toBe(true);
    expect(() => parseConfig({ DEVICE_COOKIE_SECRET: "too-short" })).toThrow(/DEVICE_COOKIE_SECRET must be at least 32 characters/);
  });

  it("without it, is made once into DATA_DIR/device-cookie.key (owner-only) and read back after a restart", () => {
    const dir = tempDir();
    reloadConfigForTests({ DATA_DIR: dir, LOG_LEVEL: "silent" });
    const key = deviceCookieKey();
    expect(key).toHaveLength(32);
    const file = path.join(dir, "device-cookie.key");
    expect(fs.readFileSync(file, "utf8").trim()).toBe(key.toString("hex"));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(["device-cookie.key"]);

    // Another data directory has its own key; coming back to the first reads its file again.
    reloadConfigForTests({ DATA_DIR: tempDir(), LOG_LEVEL: "silent" });
    expect(deviceCookieKey().equals(key)).toBe(false);
    reloadConfigForTests({ DATA_DIR: dir, LOG_LEVEL: "silent" });
    expect(deviceCookieKey().equals(key)).toBe(true);
  });

  it("refuses a key file that does not hold a key rather than signing with it", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "device-cookie.key"), "not a key\n");
    reloadConfigForTests({ DATA_DIR: dir, LOG_LEVEL: "silent" });
    expect(() => deviceCookieKey()).toThrow(/does not hold a device-cookie key/);
  });
});
