import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Tabs } from "./Tabs";

function Example() {
  const [value, setValue] = useState<"a" | "b" | "c">("a");
  return (
    <Tabs
      label="登录方式"
      value={value}
      onValueChange={setValue}
      items={[
        { value: "a", label: "验证码登录", panel: <input aria-label="手机号" /> },
        { value: "b", label: "密码登录", panel: <input aria-label="密码" /> },
        { value: "c", label: "扫码登录", panel: <p>扫码</p> },
      ]}
    />
  );
}

describe("Tabs", () => {
  it("shows the active panel only, labelled by its tab, and switches on click", async () => {
    render(<Example />);
    expect(screen.getByRole("tablist", { name: "登录方式" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "验证码登录" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "验证码登录" })).toContainElement(screen.getByLabelText("手机号"));
    expect(screen.queryByLabelText("密码")).toBeNull();
    await userEvent.click(screen.getByRole("tab", { name: "密码登录" }));
    expect(screen.getByRole("tab", { name: "密码登录" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "验证码登录" })).toHaveAttribute("tabindex", "-1");
    expect(screen.getByLabelText("密码")).toBeInTheDocument();
    expect(screen.queryByLabelText("手机号")).toBeNull();
  });

  it("arrows, Home and End move the focus and select, wrapping around", async () => {
    render(<Example />);
    await userEvent.tab();
    expect(screen.getByRole("tab", { name: "验证码登录" })).toHaveFocus();
    await userEvent.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "扫码登录" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "扫码登录" })).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "验证码登录" })).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "扫码登录" })).toHaveFocus();
    await userEvent.keyboard("{Home}");
    expect(screen.getByRole("tab", { name: "验证码登录" })).toHaveFocus();
    expect(screen.getByText((_, el) => el?.getAttribute("role") === "tabpanel")).toContainElement(screen.getByLabelText("手机号"));
  });
});
