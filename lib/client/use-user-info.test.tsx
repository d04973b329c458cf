import { act, fireEvent, render, screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import type { UserInfo } from "@/lib/domain/user-info";
import { useUserInfo } from "./use-user-info";
import { fetchUserInfoIfMissing, type UserInfoSource } from "./userinfo";

jest.mock("./userinfo", () => ({ fetchUserInfoIfMissing: jest.fn() }));

const member = { nickName: "老王", uguid: "u1" } as UserInfo;
const request: UserInfoSource = { get: jest.fn() };
function Reader({ name }: { name: string }) {
  const { user, refresh } = useUserInfo(request);
  return (
    <>
      <span data-testid={name}>{user === undefined ? "unknown" : (user?.nickName ?? "visitor")}</span>
      {name === "first" ? <input aria-label="navigate" onChange={(e) => refresh(e.target.value)} /> : null}
    </>
  );
}

const navigateTo = (pathname: string) => act(async () => void fireEvent.change(screen.getByLabelText("navigate"), { target: { value: pathname } }));

function renderTwo() {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <Reader name="first" />
      <Reader name="second" />
    </SWRConfig>,
  );
}

describe("useUserInfo", () => {
  it("asks nothing on its own, and shares what a navigation's check found with every reader", async () => {
    (fetchUserInfoIfMissing as jest.Mock).mockResolvedValueOnce(member);
    renderTwo();
    await act(async () => {});
    expect(fetchUserInfoIfMissing).not.toHaveBeenCalled();
    expect(screen.getByTestId("second")).toHaveTextContent("unknown");

    await navigateTo("/rank");
    expect(fetchUserInfoIfMissing).toHaveBeenCalledWith("/rank", request);
    expect(screen.getByTestId("first")).toHaveTextContent("老王");
    expect(screen.getByTestId("second")).toHaveTextContent("老王");
  });

  it("shows a visitor when the check finds nobody", async () => {
    (fetchUserInfoIfMissing as jest.Mock).mockResolvedValueOnce(null);
    renderTwo();
    await navigateTo("/god");
    expect(screen.getByTestId("second")).toHaveTextContent("visitor");
  });
});
