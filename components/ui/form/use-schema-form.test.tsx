import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { z } from "zod";
import { FeedbackLine } from "./FeedbackLine";
import { SubmitButton } from "./SubmitButton";
import { mockFetch } from "@/components/ui/fetch-mock.test-support";
import { useSchemaForm } from "./use-schema-form";

const schema = z.object({ email: z.email(), note: z.string().trim().min(1, "请填写备注") });

function ProbeForm() {
  const { register, feedback, pending, submitTo } = useSchemaForm(async () => schema, { email: "", note: "" });
  return (
    <form onSubmit={submitTo("/api/probe", (values) => values, (result) => (result.ok ? { tone: "success", text: "已保存" } : undefined))} noValidate>
      <input aria-label="邮箱" {...register("email")} />
      <input aria-label="备注" {...register("note")} />
      <FeedbackLine feedback={feedback} />
      <SubmitButton pending={pending}>保存</SubmitButton>
    </form>
  );
}

const { fetchMock, respond, sent } = mockFetch();

describe("useSchemaForm", () => {
  it("shows the first problem in Chinese, in the schema's field order, and sends nothing", async () => {
    const user = userEvent.setup();
    render(<ProbeForm />);
    await user.type(screen.getByLabelText("邮箱"), "not-an-address");
    await user.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("邮箱格式不正确");
    await user.clear(screen.getByLabelText("邮箱"));
    await user.type(screen.getByLabelText("邮箱"), "a@example.com");
    await user.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("请填写备注"));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the parsed values through the request client and shows the answer", async () => {
    const user = userEvent.setup();
    respond(400, { message: "备注包含敏感词" });
    respond(200, { ok: true });
    render(<ProbeForm />);
    await user.type(screen.getByLabelText("邮箱"), "a@example.com");
    await user.type(screen.getByLabelText("备注"), "  内容 ");
    await user.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("备注包含敏感词");
    expect(sent()).toEqual({ email: "a@example.com", note: "内容" });
    await user.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByRole("status")).toHaveTextContent("已保存");
  });

  it("sends once when the form is submitted again before the answer", async () => {
    let answer: (value: unknown) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    render(<ProbeForm />);
    const form = screen.getByRole("button", { name: "保存" }).closest("form")!;
    await userEvent.type(screen.getByLabelText("邮箱"), "a@example.com");
    await userEvent.type(screen.getByLabelText("备注"), "内容");
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    answer({ ok: true, status: 200, json: async () => ({ ok: true }) });
    expect(await screen.findByRole("status")).toHaveTextContent("已保存");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says the network failed when the schema cannot be fetched, sends nothing, and fetches it again on the next try", async () => {
    const user = userEvent.setup();
    let online = false;
    const flakyLoader = async () => {
      if (!online) throw new Error("ChunkLoadError");
      return schema;
    };
    function FlakyForm() {
      const { register, feedback, submitTo } = useSchemaForm(flakyLoader, { email: "a@example.com", note: "内容" });
      return (
        <form onSubmit={submitTo("/api/probe", (values) => values)} noValidate>
          <input aria-label="邮箱" {...register("email")} />
          <FeedbackLine feedback={feedback} />
          <SubmitButton pending={false}>保存</SubmitButton>
        </form>
      );
    }
    respond(200, { ok: true });
    render(<FlakyForm />);
    await user.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("网络异常");
    expect(fetchMock).not.toHaveBeenCalled();
    online = true;
    await user.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});
