import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { usePathname } from "next/navigation";
import { useLoginState } from "@/components/dialogs/login-state";
import { TabBar } from "./TabBar";

jest.mock("next/navigation", () => ({ usePathname: jest.fn(() => "/") }));
jest.mock("@/components/dialogs/login-state", () => ({ useLoginState: jest.fn() }));

const openLogin = jest.fn();

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(useLoginState).mockReturnValue({ openLogin } as unknown as ReturnType<typeof useLoginState>);
  jest.mocked(usePathname).mockReturnValue("/");
});

function tabs() {
  return within(screen.getByRole("navigation", { name: "底部导航" }));
}

describe("TabBar", () => {
  it("offers 首页 / 大神 / 排行 / 策略 / 我的, in that order, to their pages, and hides from md up", () => {
    render(<TabBar loggedIn />);
    const nav = screen.getByRole("navigation", { name: "底部导航" });
    expect(nav.className).toContain("md:hidden");
    expect(nav.className).toContain("pb-[env(safe-area-inset-bottom)]");
    expect(tabs().getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["首页", "/"],
      ["大神", "/god"],
      ["排行", "/rank"],
      ["策略", "/quant"],
      ["我的", "/user/account"],
    ]);
  });

  it.each([
    ["/", "首页"],
    ["/detail/abc", "大神"],
    ["/loss-tracker/2026-11-20", "排行"],
    ["/list/quant", "策略"],
    ["/upload", "我的"],
    ["/user/subscription", "我的"],
  ])("marks the current section on %s", (path, label) => {
    jest.mocked(usePathname).mockReturnValue(path);
    render(<TabBar loggedIn />);
    const current = tabs().getAllByRole("link").filter((a) => a.getAttribute("aria-current") === "page");
    expect(current.map((a) => a.textContent)).toEqual([label]);
  });

  it("opens the login dialog from 我的 for a visitor", async () => {
    const user = userEvent.setup();
    render(<TabBar loggedIn={false} />);
    expect(tabs().queryByRole("link", { name: "我的" })).not.toBeInTheDocument();
    await user.click(tabs().getByRole("button", { name: "我的" }));
    expect(openLogin).toHaveBeenCalledTimes(1);
  });
});
