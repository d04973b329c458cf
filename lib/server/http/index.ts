export { fail } from "./fail";
export { AppError, APP_ERROR_STATUS, rateLimited, type AppErrorCode } from "./app-error";
export { route, ROUTE_SPEC, errorResponse, type RouteAuth, type RouteContext, type RouteSpec } from "./route";
