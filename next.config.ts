import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pino"],
  poweredByHeader: false,
  experimental: { authInterrupts: true },
};

export default nextConfig;
