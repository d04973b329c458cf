import { act, fireEvent, render, screen } from "@testing-library/react";
import { UnavailablePeriodTab } from "./UnavailablePeriodTab";

describe("UnavailablePeriodTab", () => {
  it("says why the period is unavailable on tap and focus, and to screen readers all along", () => {
    render(<div role="tablist" className="relative"><UnavailablePeriodTab label="分时" reason="分时数据暂未接入：本站目前只有日线行情。" /></div>);
    const tab = screen.getByRole("tab", { name: "分时" });
    expect(tab).toHaveAttribute("aria-disabled", "true");
    expect(tab).toHaveAttribute("aria-selected", "false");
    expect(tab).toHaveAccessibleDescription("分时数据暂未接入：本站目前只有日线行情。");
    const note = screen.getByTestId("period-unavailable-note");
    expect(note).not.toBeVisible();
    act(() => tab.click());
    expect(note).toBeVisible();
    act(() => tab.click()); // a second tap keeps it open (a tap also focuses)
    expect(note).toBeVisible();
    fireEvent.keyDown(tab, { key: "Escape" });
    expect(note).not.toBeVisible();
    fireEvent.focus(tab);
    expect(note).toBeVisible();
    fireEvent.blur(tab);
    expect(note).not.toBeVisible();
  });
});
