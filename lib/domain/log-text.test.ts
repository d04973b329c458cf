import fc from "fast-check";
import { sanitizeLogText } from "./log-text";

describe("sanitizeLogText", () => {
  it("escapes line breaks so a report cannot forge log lines", () => {
    expect(sanitizeLogText("boom\n2026-01-01 INFO admin logged in\r", 200)).toBe("boom\\n2026-01-01 INFO admin logged in\\r");
  });

  it("caps the length", () => {
    expect(sanitizeLogText("x".repeat(50), 10)).toBe("x".repeat(10) + "…");
  });

  it("never lets a control character through", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.integer({ min: 1, max: 500 }), (s, max) => {
         
        expect(sanitizeLogText(s, max)).not.toMatch(/[\u0000-\u001f\u007f]/);
      }),
      { numRuns: 1000 },
    );
  });
});
