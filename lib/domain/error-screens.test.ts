import { ERROR_SCREENS, resolveErrorScreen } from "./error-screens";

describe("resolveErrorScreen", () => {
  it.each([
    [{ statusCode: 403 }, 403], [{ statusCode: 404 }, 404], [{ statusCode: 503 }, 503], [{ statusCode: 500 }, 500],
    [{ statusCode: 502 }, 500], [{ statusCode: 401 }, 500], [{}, 500],
    [{ statusCode: 500, message: "Request failed with status 404" }, 404],
    [{ message: "upstream answered 404" }, 404], [{ statusCode: 502, message: "404" }, 500],
  ])("%j shows the %i screen", (error, code) => {
    expect(resolveErrorScreen(error)).toBe(code);
  });

  it("uses the Chinese texts of PRODUCT.md", () => {
    expect(ERROR_SCREENS[404].title).toBe("页面未找到");
    expect(ERROR_SCREENS[403].description).toBe("抱歉，您没有权限查看此页面");
  });
});
