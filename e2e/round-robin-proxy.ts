import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RoundRobinProxy {
  readonly base: string;
  close(): Promise<void>;
}

/**
 * A load balancer in miniature: each request goes to the next instance in turn, and the answer says which one served
 * it in `x-served-by` (the instance's index), so a test can show that consecutive requests met different servers.
 */
export async function startRoundRobinProxy(port: number, targets: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const index = next;
    next = (next + 1) % targets.length;
    const target = new URL(req.url ?? "/", targets[index]);
    const upstream = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host }, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-served-by": String(index) });
      answer.pipe(res);
    });
    upstream.on("error", (err) => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`instance ${index} unreachable: ${err.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return {
    base: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
