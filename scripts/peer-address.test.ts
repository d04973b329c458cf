import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { once } from "node:events";
import { PEER_ADDRESS_PRELOAD } from "./server-node-flags.mjs";

/** A server with the preload, as `npm start` runs Next: it answers each request with the headers it received. */
const ECHO = `
const http = require("node:http");
const server = http.createServer((req, res) => res.end(JSON.stringify({ headers: req.headers, raw: req.rawHeaders, recorded: globalThis[Symbol.for("lianghua.peerAddressRecorded")] === true })));
server.listen(0, "::", () => console.log(server.address().port));
`;

let server: ChildProcess;
let port: number;

beforeAll(async () => {
  server = spawn(process.execPath, ["--require", PEER_ADDRESS_PRELOAD, "-e", ECHO], { stdio: ["ignore", "pipe", "inherit"] });
  const [chunk] = (await once(server.stdout!, "data")) as [Buffer];
  port = Number(chunk.toString().trim());
});
afterAll(() => server.kill());

function ask(host: string, localAddress: string, headers: Record<string, string>): Promise<{ headers: Record<string, string>; raw: string[]; recorded: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host, port, localAddress, path: "/", headers, agent: false }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve(JSON.parse(body)));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("scripts/peer-address.cjs", () => {
  it("records the socket's peer, replacing a peer header and ignoring X-Forwarded-For the client sent", async () => {
    const seen = await ask("127.0.0.1", "127.0.0.23", { "x-lianghua-peer": "6.6.6.6", "X-Lianghua-Peer": "7.7.7.7", "x-forwarded-for": "8.8.8.8" });
    expect(seen.recorded).toBe(true);
    expect(seen.headers["x-lianghua-peer"]).toMatch(/^(::ffff:)?127\.0\.0\.23$/);
    expect(seen.headers["x-forwarded-for"]).toBe("8.8.8.8"); // left for the trusted-proxy reading
  });

  it("records an IPv6 peer", async () => {
    const seen = await ask("::1", "::1", { "x-lianghua-peer": "6.6.6.6" });
    expect(seen.headers["x-lianghua-peer"]).toBe("::1");
  });
});
