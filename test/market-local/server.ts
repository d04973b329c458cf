import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What both stand-ins share: a node:http server, a log of the calls it answered (`GET /_local/calls`, cleared by
 * `DELETE /_local/calls`) and injectable faults (`POST /_local/faults {"match":"600519","count":2,"kind":"500"}`:
 * the next `count` calls whose subject contains `match` answer HTTP 500, or never answer when kind is "timeout").
 */

export interface LocalCall {
  /** the API asked: `daily`, `trade_cal`, `kline` */
  api: string;
  /** what it was asked about: the ts_code list, the secid */
  subject: string;
  params: Record<string, string>;
  /** what the stand-in did: `ok`, `fault 500`, `fault timeout`, or the error code it answered */
  outcome: string;
}

export interface Fault {
  match?: string;
  count: number;
  kind: "500" | "timeout";
}

export interface Reply {
  status: number;
  body: unknown;
  outcome: string;
}

export interface Request {
  api: string;
  subject: string;
  params: Record<string, string>;
  answer: () => Reply;
}

export interface LocalServer {
  url: string;
  port: number;
  calls: LocalCall[];
  faults: Fault[];
  close(): Promise<void>;
}

export async function startLocalServer(
  port: number,
  read: (req: IncomingMessage, body: string) => Request | Reply,
): Promise<LocalServer> {
  const calls: LocalCall[] = [];
  const faults: Fault[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      if (req.url?.startsWith("/_local/")) return control(req, res, body, calls, faults);
      const request = read(req, body);
      if (!("api" in request)) return send(res, request.status, request.body);
      const fault = takeFault(faults, request.subject);
      const call = { api: request.api, subject: request.subject, params: request.params };
      if (fault === "timeout") {
        calls.push({ ...call, outcome: "fault timeout" });
        return; // the socket stays open until the client gives up or the server closes
      }
      if (fault === "500") {
        calls.push({ ...call, outcome: "fault 500" });
        return send(res, 500, "<html><body><h1>500 Internal Server Error</h1></body></html>");
      }
      const reply = request.answer();
      calls.push({ ...call, outcome: reply.outcome });
      send(res, reply.status, reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    calls,
    faults,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function takeFault(faults: Fault[], subject: string): Fault["kind"] | null {
  const fault = faults.find((f) => f.count > 0 && (!f.match || subject.includes(f.match)));
  if (!fault) return null;
  fault.count--;
  if (fault.count === 0) faults.splice(faults.indexOf(fault), 1);
  return fault.kind;
}

function control(req: IncomingMessage, res: ServerResponse, body: string, calls: LocalCall[], faults: Fault[]): void {
  const path = req.url?.split("?")[0];
  if (path === "/_local/calls" && req.method === "GET") return send(res, 200, { calls });
  if (path === "/_local/calls" && req.method === "DELETE") {
    calls.length = 0;
    return send(res, 200, { calls });
  }
  if (path === "/_local/faults" && req.method === "GET") return send(res, 200, { faults });
  if (path === "/_local/faults" && req.method === "DELETE") {
    faults.length = 0;
    return send(res, 200, { faults });
  }
  if (path === "/_local/faults" && req.method === "POST") {
    let fault: Partial<Fault>;
    try {
      fault = JSON.parse(body) as Partial<Fault>;
    } catch {
      return send(res, 400, { error: "the body must be JSON: {match?, count, kind: \"500\" | \"timeout\"}" });
    }
    if (!Number.isInteger(fault.count) || (fault.count ?? 0) < 1 || (fault.kind !== "500" && fault.kind !== "timeout")) {
      return send(res, 400, { error: "count must be a positive integer and kind \"500\" or \"timeout\"" });
    }
    faults.push({ match: typeof fault.match === "string" ? fault.match : undefined, count: fault.count!, kind: fault.kind });
    return send(res, 200, { faults });
  }
  send(res, 404, { error: `no control endpoint ${req.method} ${path}` });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": typeof body === "string" ? "text/html; charset=utf-8" : "application/json; charset=utf-8" });
  res.end(text);
}
