import type { UserInfo } from "@/lib/domain/user-info";

jest.mock("@intercom/messenger-js-sdk", () => ({
  __esModule: true,
  default: jest.fn(),
  boot: jest.fn(),
  show: jest.fn(),
  hide: jest.fn(),
  update: jest.fn(),
  shutdown: jest.fn(),
  onShow: jest.fn(),
  onHide: jest.fn(),
}));

type IntercomModule = typeof import("./intercom");
const SDK_FUNCTIONS = ["default", "boot", "show", "hide", "update", "shutdown", "onShow", "onHide"] as const;
type SdkMock = Record<(typeof SDK_FUNCTIONS)[number], jest.Mock>;

/** A fresh wrapper and SDK mock per test (the wrapper keeps module state). */
function load(): { intercom: IntercomModule; sdk: SdkMock } {
  jest.resetModules();
  return { intercom: require("./intercom"), sdk: require("@intercom/messenger-js-sdk") };
}

const member: UserInfo = {
  nickName: "短线客", avatar: "https://x/a.png", mobile: "", email: "m@example.com", invitationCode: "A1",
  levelEndDate: "", levelName: "普通会员", levelId: 0, levelCode: "free", uguid: "u-1",
};

describe("intercom wrapper", () => {
  it("does nothing before it is booted", () => {
    const { intercom, sdk } = load();
    intercom.showIntercom();
    intercom.hideIntercom();
    intercom.updateIntercom({ name: "x" });
    intercom.shutdownIntercom();
    expect(intercom.isIntercomBooted()).toBe(false);
    for (const name of SDK_FUNCTIONS) expect(sdk[name]).not.toHaveBeenCalled();
  });

  it("boots once with the app id and the member, then shows, hides and updates", async () => {
    const { intercom, sdk } = load();
    await Promise.all([intercom.bootIntercom("app1", member), intercom.bootIntercom("app1", member)]);
    expect(sdk.default).toHaveBeenCalledTimes(1);
    expect(sdk.default).toHaveBeenCalledWith({
      app_id: "app1", user_id: "u-1", name: "短线客", email: "m@example.com", avatar: { type: "avatar", image_url: "https://x/a.png" },
    });
    expect(intercom.isIntercomBooted()).toBe(true);
    intercom.showIntercom();
    intercom.hideIntercom();
    intercom.updateIntercom({ name: "新名" });
    expect(sdk.show).toHaveBeenCalled();
    expect(sdk.hide).toHaveBeenCalled();
    expect(sdk.update).toHaveBeenCalledWith({ name: "新名" });
  });

  it("boots anonymously without a user", async () => {
    const { intercom, sdk } = load();
    await intercom.bootIntercom("app1");
    expect(sdk.default).toHaveBeenCalledWith({ app_id: "app1" });
  });

  it("re-boots through boot() after a shutdown", async () => {
    const { intercom, sdk } = load();
    await intercom.bootIntercom("app1");
    intercom.shutdownIntercom();
    expect(sdk.shutdown).toHaveBeenCalledTimes(1);
    expect(intercom.isIntercomBooted()).toBe(false);
    await intercom.bootIntercom("app1", member);
    expect(sdk.boot).toHaveBeenCalledWith(expect.objectContaining({ app_id: "app1", user_id: "u-1" }));
    expect(sdk.default).toHaveBeenCalledTimes(1);
  });
});

describe("openIntercom", () => {
  afterEach(() => jest.useRealTimers());

  it("resolves true when the messenger reports it opened", async () => {
    const { intercom, sdk } = load();
    await intercom.bootIntercom("app1");
    const opened = intercom.openIntercom();
    expect(sdk.show).toHaveBeenCalled();
    const onShow = sdk.onShow.mock.calls[0]![0] as () => void;
    onShow();
    await expect(opened).resolves.toBe(true);
    await expect(intercom.openIntercom()).resolves.toBe(true);
    const onHide = sdk.onHide.mock.calls[0]![0] as () => void;
    onHide();
    jest.useFakeTimers();
    const reopened = intercom.openIntercom(1000);
    await jest.advanceTimersByTimeAsync(1000);
    await expect(reopened).resolves.toBe(false);
  });

  it("resolves false when the widget script fails to load", async () => {
    const { intercom } = load();
    await intercom.bootIntercom("app1");
    const opened = intercom.openIntercom();
    const script = document.createElement("script");
    script.id = "_intercom_npm_loader";
    document.head.appendChild(script);
    script.dispatchEvent(new Event("error"));
    await expect(opened).resolves.toBe(false);
    expect(intercom.isIntercomUnavailable()).toBe(true);
    await expect(intercom.openIntercom()).resolves.toBe(false);
    script.remove();
  });

  it("resolves false when the messenger does not open in time", async () => {
    jest.useFakeTimers();
    const { intercom } = load();
    await intercom.bootIntercom("app1");
    const opened = intercom.openIntercom(5000);
    await jest.advanceTimersByTimeAsync(5000);
    await expect(opened).resolves.toBe(false);
  });

  it("resolves false before the widget is booted", async () => {
    const { intercom } = load();
    await expect(intercom.openIntercom()).resolves.toBe(false);
  });
});
