import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { once } from "node:events";
import { EARLY_ANSWER_PRELOAD } from "./server-node-flags.mjs";

/**
 * A server that answers 413 after reading only the start of an over-limit body, as Next.js does when a route stops
 * reading it (the body's web stream cancelled after the limit), and "ok" to anything else.
 */
const SERVER = `
const http = require("node:http");
const server = http.createServer(async (req, res) => {
  if (req.method === "POST") {
    const { Readable } = require("node:stream");
    const reader = Readable.toWeb(req).getReader();
    await reader.read();
    await reader.cancel();
    res.writeHead(413, { "content-type": "application/json" }).end(JSON.stringify({ message: "请求内容过大，最大 64 KB" }));
    return;
  }
  res.end("ok");
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

async function start(preload: boolean): Promise<{ server: ChildProcess; port: number }> {
  const server = spawn(process.execPath, [...(preload ? ["--require", EARLY_ANSWER_PRELOAD] : []), "-e", SERVER], { stdio: ["ignore", "pipe", "inherit"] });
  const [chunk] = (await once(server.stdout!, "data")) as [Buffer];
  return { server, port: Number(chunk.toString().trim()) };
}

type Answer = { status: number; connection?: string; body: string } | "no answer" | string;

/** One request on the agent's single kept-alive connection; "no answer" after `waitMs`. */
function ask(agent: http.Agent, port: number, method: string, body: Buffer | null, waitMs: number): Promise<Answer> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve("no answer"), waitMs);
    const req = http.request({ host: "127.0.0.1", port, method, path: "/", agent, headers: body ? { "content-type": "application/json", "content-length": body.length } : {} }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode!, connection: res.headers.connection, body: text });
      });
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(`error ${err.code}`);
    });
    req.end(body ?? undefined);
  });
}

const OVER_LIMIT = Buffer.alloc(300_000, "x");

describe("scripts/early-answer.cjs", () => {
  let running: ChildProcess | null = null;
  afterEach(() => running?.kill());

  it("without it, the request after an early 413 on the same connection is never answered (the failure it fixes)", async () => {
    const { server, port } = await start(false);
    running = server;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await ask(agent, port, "POST", OVER_LIMIT, 5_000)).toMatchObject({ status: 413 });
    expect(await ask(agent, port, "GET", null, 1_500)).toBe("no answer");
    agent.destroy();
  });

  it("the early 413 is read whole, says Connection: close, and every later request is answered", async () => {
    const { server, port } = await start(true);
    running = server;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let round = 0; round < 3; round++) {
      expect(await ask(agent, port, "POST", OVER_LIMIT, 5_000)).toEqual({ status: 413, connection: "close", body: '{"message":"请求内容过大，最大 64 KB"}' });
      expect(await ask(agent, port, "GET", null, 5_000)).toEqual({ status: 200, connection: "keep-alive", body: "ok" });
    }
    agent.destroy();
  });
});
