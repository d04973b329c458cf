import "./test-polyfills";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { DatePicker } from "./DatePicker";

function Harness({ initial = "2026-11-18", enabled }: { initial?: string; enabled?: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DatePicker value={value} onChange={setValue} enabledDates={enabled} aria-label="交易日" />
      <output data-testid="picked">{value}</output>
    </>
  );
}

describe("DatePicker", () => {
  it("shows the chosen day with its weekday on the button", () => {
    render(<Harness />);
    expect(screen.getByRole("button", { name: "交易日：2026-11-18 周三" })).toBeInTheDocument();
  });

  it("opens a Chinese calendar whose first column is Monday (一)", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: /交易日/ }));
    const grid = await screen.findByRole("grid");
    const headers = within(grid).getAllByRole("columnheader", { hidden: true });
    expect(headers.map((h) => h.textContent)).toEqual(["一", "二", "三", "四", "五", "六", "日"]);
    expect(screen.getByText("2026年11月")).toBeInTheDocument();
  });

  it("puts the picked day into YYYY-MM-DD and closes", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: /交易日/ }));
    await user.click(screen.getByRole("button", { name: /2026年11月20日/ }));
    expect(screen.getByTestId("picked")).toHaveTextContent("2026-11-20");
    expect(screen.queryByRole("grid")).not.toBeInTheDocument();
  });

  it("disables days outside enabledDates (non-trading days)", async () => {
    const user = userEvent.setup();
    render(<Harness enabled={["2026-11-17", "2026-11-18", "2026-11-20"]} />);
    await user.click(screen.getByRole("button", { name: /交易日/ }));
    expect(screen.getByRole("button", { name: /2026年11月19日/ })).toBeDisabled();
    expect(screen.getByRole("button", { name: /2026年11月21日/ })).toBeDisabled();
    expect(screen.getByRole("button", { name: /2026年11月20日/ })).toBeEnabled();
    await user.click(screen.getByRole("button", { name: /2026年11月19日/ }));
    expect(screen.getByTestId("picked")).toHaveTextContent("2026-11-18");
  });

  it("shows the placeholder when empty", () => {
    render(<DatePicker value="" onChange={() => {}} />);
    expect(screen.getByRole("button", { name: /选择日期/ })).toBeInTheDocument();
  });
});
