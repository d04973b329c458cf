import "@/components/ui/test-polyfills";
import { render, screen, waitFor } from "@testing-library/react";
import { LikeButton } from "./LikeButton";

jest.mock("@/lib/client/toast", () => ({ notify: jest.fn(), toastOptions: {} }));

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const ARTICLE = "0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10";

describe("LikeButton", () => {
  it("on an article of the member's access class, shows their own like and the count once read, busy until then", async () => {
    let answer: (value: unknown) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<LikeButton infoguid={ARTICLE} likes={4} liked={false} canLike readOwnLike />);
    const button = screen.getByRole("button", { name: /点赞/ });
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(fetchMock).toHaveBeenCalledWith(`/api/articles/${ARTICLE}/like`, expect.objectContaining({ credentials: "same-origin" }));
    answer({ ok: true, json: async () => ({ liked: true, likes: 7 }) });
    const liked = await screen.findByRole("button", { name: /已赞/ });
    expect(liked).toHaveAttribute("aria-pressed", "true");
    expect(liked).not.toHaveAttribute("aria-busy");
    expect(screen.getByTestId("like-count")).toHaveTextContent("7");
  });

  it("on a member's own render asks nothing and shows what the server said", async () => {
    render(<LikeButton infoguid={ARTICLE} likes={4} liked canLike />);
    expect(screen.getByRole("button", { name: /已赞/ })).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });

  it("stays usable when the like cannot be read", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    render(<LikeButton infoguid={ARTICLE} likes={4} liked={false} canLike readOwnLike />);
    await waitFor(() => expect(screen.getByRole("button", { name: /点赞/ })).not.toHaveAttribute("aria-busy"));
    expect(screen.getByTestId("like-count")).toHaveTextContent("4");
  });
});
