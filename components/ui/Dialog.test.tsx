import "./test-polyfills";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Button } from "./Button";
import { Dialog } from "./Dialog";

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onOpenChange={setOpen} title="交易明细" description="2026-11-20" footer={<Button>确定</Button>}>
      <p>贵州茅台(600519) 买入 100股</p>
    </Dialog>
  );
}

describe("Dialog", () => {
  it("shows the title, description, body and footer", () => {
    render(<Harness />);
    const dialog = screen.getByRole("dialog", { name: "交易明细" });
    expect(dialog).toHaveAccessibleDescription("2026-11-20");
    expect(screen.getByText("贵州茅台(600519) 买入 100股")).toBeVisible();
    expect(screen.getByRole("button", { name: "确定" })).toBeInTheDocument();
  });

  it("closes from the close control", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "关闭" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("closes on an overlay click", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByTestId("dialog-overlay"));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("sits on the base layer (z-index 2000)", () => {
    render(<Harness />);
    expect(screen.getByRole("dialog")).toHaveStyle({ zIndex: "2000" });
    expect(screen.getByTestId("dialog-overlay")).toHaveStyle({ zIndex: "2000" });
  });
});

describe("Button", () => {
  it("while loading shows a spinner, is disabled and ignores clicks", async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        提交
      </Button>,
    );
    const button = screen.getByRole("button", { name: "提交" });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(screen.getByTestId("spinner")).toBeInTheDocument();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("renders a link with the button look via asChild", () => {
    render(
      <Button asChild variant="secondary">
        <a href="/price">查看会员</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "查看会员" });
    expect(link).toHaveAttribute("href", "/price");
    expect(link.className).toMatch(/min-h-11/);
  });
});
