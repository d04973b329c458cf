import { toast } from "sonner";
import { notify, toastOptions, toasterMounted } from "./toast";

jest.mock("sonner", () => ({
  toast: { success: jest.fn(), info: jest.fn(), warning: jest.fn(), error: jest.fn() },
}));

const shown = (type: "success" | "info" | "warning" | "error") => toast[type] as unknown as jest.Mock;
/** notify hands the toast to sonner once the lazily loaded host is listening: a few microtasks later. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

beforeAll(() => toasterMounted());

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
});
afterEach(() => jest.useRealTimers());

describe("notify", () => {
  it("shows a toast of the requested type for 3000 ms by default", async () => {
    notify({ type: "success", message: "复制成功" });
    await settle();
    expect(shown("success")).toHaveBeenCalledWith("复制成功", expect.objectContaining({ duration: 3000 }));
  });

  it("keeps a toast with duration 0 on screen (Infinity for sonner)", async () => {
    notify({ type: "info", message: "保持", duration: 0 });
    await settle();
    expect(shown("info")).toHaveBeenCalledWith("保持", expect.objectContaining({ duration: Infinity }));
  });

  it("groups identical messages into one toast with a repeat counter", async () => {
    const first = notify({ type: "error", message: "网络异常" });
    jest.advanceTimersByTime(500);
    notify({ type: "error", message: "网络异常" });
    jest.advanceTimersByTime(500);
    const third = notify({ type: "error", message: "网络异常" });
    await settle();

    expect(third).toBe(first);
    const calls = shown("error").mock.calls;
    expect(calls.map((call) => call[0])).toEqual(["网络异常", "网络异常 ×2", "网络异常 ×3"]);
    expect(new Set(calls.map((call) => call[1].id)).size).toBe(1);
  });

  it("shows a fresh toast once the previous one has closed", async () => {
    const first = notify({ type: "warning", message: "请稍后再试" });
    jest.advanceTimersByTime(3001);
    const second = notify({ type: "warning", message: "请稍后再试" });
    expect(second).not.toBe(first);
    await settle();
    expect(shown("warning").mock.calls[1]![0]).toBe("请稍后再试");
  });

  it("starts a new group after the user dismisses the toast", async () => {
    const first = notify({ type: "error", message: "服务器内部错误", duration: 0 });
    await settle();
    shown("error").mock.calls[0]![1].onDismiss();
    const second = notify({ type: "error", message: "服务器内部错误", duration: 0 });
    expect(second).not.toBe(first);
  });
});

describe("toastOptions", () => {
  it("places toasts top-center with a 16 px offset and rich colours", () => {
    expect(toastOptions).toMatchObject({ offset: 16, position: "top-center", richColors: true });
  });
});
