import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { parseConfig } from "@/lib/config";

/**
 * deploy/compose.yaml is the README's way to run at scale, and cannot be started here (no images can be pulled): these
 * checks keep it the set-up e2e/two-instances.spec.ts proves — two instances on one PostgreSQL, the shared stores, a
 * round-robin balancer — and keep its settings ones the app accepts.
 */
interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  volumes?: string[];
}

const dir = path.join(process.cwd(), "deploy");
const compose = parse(fs.readFileSync(path.join(dir, "compose.yaml"), "utf8"), { merge: true }) as { services: Record<string, Service> };
const nginx = fs.readFileSync(path.join(dir, "nginx.conf"), "utf8");
const services = compose.services;
const apps = ["app1", "app2"].map((name) => ({ name, service: services[name]! }));

/** The environment as compose gives it, with `${VAR:?…}` and `${VAR:-default}` filled in. */
function resolved(env: Record<string, string>): Record<string, string> {
  const given: Record<string, string> = { DEVICE_COOKIE_SECRET: "a".repeat(64) };
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v.replace(/\$\{(\w+)(?::[?-]([^}]*))?\}/g, (_, name: string, fallback = "") => given[name] ?? fallback)]));
}

const hostOf = (url: string) => new URL(url).hostname;

describe("deploy/compose.yaml", () => {
  it("runs two instances of the app image behind a round-robin balancer that names both", () => {
    for (const { name, service } of apps) {
      expect(service.build).toEqual({ context: "..", dockerfile: "deploy/Dockerfile" });
      expect(nginx).toContain(`server ${name}:3000;`);
    }
    expect(services.balancer!.volumes).toContain("./nginx.conf:/etc/nginx/conf.d/default.conf:ro");
    // Below the instances' 65 s keep-alive (ADR 0061).
    expect(Number(/keepalive_timeout (\d+)s;/.exec(nginx)![1])).toBeLessThan(65);
  });

  it("gives both instances one PostgreSQL, Redis and S3 bucket, one device-cookie secret, and settings the app accepts", () => {
    const [one, two] = apps.map(({ service }) => resolved(service.environment!));
    expect(one).toEqual(two);
    const config = parseConfig({ ...one!, NODE_ENV: "production" });
    expect(hostOf(config.databaseUrl!)).toBe("postgres");
    expect(hostOf(config.redisUrl!)).toBe("redis");
    expect(config.trustedProxyHops).toBe(1);
    expect(config.pageCacheBytes).toBeGreaterThan(0);
    expect(hostOf(one!.S3_ENDPOINT!)).toBe("minio");
    const minio = services.minio!.environment!;
    expect([one!.S3_ACCESS_KEY_ID, one!.S3_SECRET_ACCESS_KEY]).toEqual([minio.MINIO_ROOT_USER, minio.MINIO_ROOT_PASSWORD]);
    expect(services["minio-bucket"]!.entrypoint!.join(" ")).toContain(`local/${one!.S3_BUCKET}`);
    const db = new URL(config.databaseUrl!);
    const pg = services.postgres!.environment!;
    expect([db.username, db.password, db.pathname.slice(1)]).toEqual([pg.POSTGRES_USER, pg.POSTGRES_PASSWORD, pg.POSTGRES_DB]);
  });

  it("migrates once, before either instance starts", () => {
    expect(services.migrate!.command).toEqual(["npm", "run", "-s", "cli", "--", "db:migrate"]);
    for (const { service } of apps) expect(service.depends_on).toMatchObject({ migrate: { condition: "service_completed_successfully" } });
    expect(services.migrate!.depends_on).toEqual({ postgres: { condition: "service_healthy" } });
  });
});
