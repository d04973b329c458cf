import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { packDays } from "@/lib/domain/packed-days";
import { DayJump } from "./DayJump";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));

describe("DayJump", () => {
  it("shows the day as plain HTML, opens the calendar on the first press and goes to the chosen day", async () => {
    const user = userEvent.setup();
    render(<DayJump value="2026-11-18" days={packDays(["2026-11-18", "2026-11-20"])} hrefTemplate="/god?date={date}" />);
    const button = screen.getByRole("button", { name: "选择交易日：2026-11-18 周三" });
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(button);
    await user.click(await screen.findByRole("button", { name: /2026年11月20日/ }));
    expect(push).toHaveBeenCalledWith("/god?date=2026-11-20");
  });
});
