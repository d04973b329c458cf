import { render, screen } from "@testing-library/react";
import { LazyDialog } from "./LazyDialog";

describe("LazyDialog", () => {
  // The first import of radix is transformed by Jest and took over the 1 s findBy window on a loaded machine: load it
  // once before, so the test sees LazyDialog's own logic (the import it starts on open resolves from the cache).
  beforeAll(() => import("./Dialog"), 60_000);

  it("renders nothing while closed and the dialog once opened", async () => {
    const { rerender } = render(<LazyDialog open={false} onOpenChange={() => {}} title="取消自动续费？" />);
    expect(screen.queryByRole("dialog")).toBeNull();
    rerender(<LazyDialog open onOpenChange={() => {}} title="取消自动续费？">正文</LazyDialog>);
    expect(await screen.findByRole("dialog", { name: "取消自动续费？" })).toHaveTextContent("正文");
  });
});
