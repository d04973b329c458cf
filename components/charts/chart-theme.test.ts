import { keepAttributionOutOfTabOrder } from "./chart-theme";

describe("keepAttributionOutOfTabOrder", () => {
  it("takes the library's attribution link out of the tab order, also when it is added later", async () => {
    const box = document.createElement("div");
    box.innerHTML = '<a id="first" href="https://www.tradingview.com/">TV</a>';
    document.body.append(box);
    const stop = keepAttributionOutOfTabOrder(box);
    expect((box.querySelector("#first") as HTMLAnchorElement).tabIndex).toBe(-1);
    const later = document.createElement("a");
    later.href = "https://www.tradingview.com/";
    box.append(later);
    await Promise.resolve();
    expect(later.tabIndex).toBe(-1);
    stop();
    const afterStop = document.createElement("a");
    afterStop.href = "https://www.tradingview.com/";
    box.append(afterStop);
    await Promise.resolve();
    expect(afterStop.tabIndex).toBe(0);
    box.remove();
  });
});
