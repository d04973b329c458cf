import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@/lib/client/toast";
import { PlanEditor } from "@/components/admin/PlanEditor";
import { mockFetch } from "@/components/ui/fetch-mock.test-support";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push: jest.fn() }) }));
jest.mock("@/lib/client/toast", () => ({ notify: jest.fn() }));

const { fetchMock, respond, sent } = mockFetch();
const PLAN = { id: "vip-month", name: "VIP 月卡", priceFen: 6800, active: true };

describe("PlanEditor (admin)", () => {
  it("saves a new price in fen and says it applies to new orders", async () => {
    const user = userEvent.setup();
    render(<PlanEditor plan={PLAN} />);
    const save = screen.getByRole("button", { name: "保存" });
    expect(save).toBeDisabled();
    const price = screen.getByLabelText("价格（元）");
    expect(price).toHaveValue("68.00");
    await user.clear(price);
    await user.type(price, "79.9");
    expect(screen.getByText("新价格 ¥79.90，只对之后的新订单生效")).toBeInTheDocument();
    await user.click(screen.getByLabelText("在售"));
    respond(200, { plan: { ...PLAN, priceFen: 7990, active: false }, message: "已保存" });
    await user.click(save);
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: "success", message: "已保存“VIP 月卡”" }));
    expect(fetchMock).toHaveBeenCalledWith("/api/admin/plans", expect.objectContaining({ method: "POST" }));
    expect(sent()).toEqual({ planId: "vip-month", name: "VIP 月卡", priceFen: 7990, active: false });
    expect(refresh).toHaveBeenCalled();
  });

  it("refuses a price that is not an amount before asking the server", async () => {
    const user = userEvent.setup();
    render(<PlanEditor plan={PLAN} />);
    const price = screen.getByLabelText("价格（元）");
    await user.clear(price);
    await user.type(price, "68.123");
    await user.click(screen.getByRole("button", { name: "保存" }));
    expect(screen.getByRole("alert")).toHaveTextContent("价格须为金额，最多两位小数");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses in the route's words what the route refuses: an empty name, a price out of range", async () => {
    const user = userEvent.setup();
    render(<PlanEditor plan={PLAN} />);
    await user.clear(screen.getByLabelText("名称"));
    await user.click(screen.getByRole("button", { name: "保存" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请输入名称");
    await user.type(screen.getByLabelText("名称"), "VIP 月卡");
    const price = screen.getByLabelText("价格（元）");
    await user.clear(price);
    await user.type(price, "0.5");
    await user.tab();
    expect(price).toHaveValue("0.50");
    await user.click(screen.getByRole("button", { name: "保存" }));
    expect(screen.getByRole("alert")).toHaveTextContent("价格须在 ¥1 到 ¥100,000 之间");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
