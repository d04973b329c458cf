import { cn } from "./cn";

describe("cn", () => {
  it("skips falsy values and takes conditional objects", () => {
    expect(cn("a", false, null, undefined, { b: true, c: false }, ["d"])).toBe("a b d");
  });

  it("lets a later Tailwind class win over a conflicting earlier one", () => {
    expect(cn("min-h-10 px-3 text-sm", "px-3.5")).toBe("min-h-10 text-sm px-3.5");
    expect(cn("text-[15px] text-slate-800", "text-brand")).toBe("text-[15px] text-brand");
  });
});
