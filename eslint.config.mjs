import coreWebVitals from "eslint-config-next/core-web-vitals";
import typescript from "eslint-config-next/typescript";

// Layer rules from ARCHITECTURE.md: each layer may import only the layers below it.
const layer = (files, forbidden, why) => ({
  files,
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: forbidden.map((group) => ({
          group: group.startsWith("@/") ? [group, group.replace("@/", "**/")] : [group],
          message: why,
        })),
      },
    ],
  },
});

const config = [
  { ignores: [".next/**", "node_modules/**", ".data*/**", "coverage/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "lib/db/migrations/**"] },
  ...coreWebVitals,
  ...typescript,
  // No module may reach itself through its imports: scripts/import-cycles.mjs checks that after ESLint (npm run lint).
  layer(["lib/domain/**"], ["@/app/*", "@/components/*", "@/lib/server/*", "@/lib/db/*", "@/lib/client/*", "@/lib/config", "next/*", "react", "react-dom"],
    "lib/domain is pure: no React, no Next, no database, no I/O."),
  layer(["lib/client/**"], ["@/app/*", "@/components/*", "@/lib/server/*", "@/lib/db/*", "@/lib/config", "@/lib/domain/common-passwords"],
    "lib/client runs in the browser: it may use lib/domain only."),
  layer(["lib/server/**"], ["@/app/*", "@/components/*", "@/lib/client/*"],
    "lib/server is the data access layer: lib/db and lib/domain only."),
  // The proxy's signed device cookie (ADR 0027) and page cache (ADR 0065): no data (P1), so of lib/server only the
  // logger and the start-up context.
  {
    files: ["lib/device/**", "lib/page-cache/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{
        group: ["@/app/*", "@/components/*", "@/lib/client/*", "@/lib/db", "@/lib/db/*", "@/lib/server/*", "!@/lib/server/logger", "!@/lib/server/startup-context"],
        message: "lib/device and lib/page-cache serve the proxy, which reads no data (P1): lib/domain, lib/config, the logger and the start-up context only.",
      }] }],
    },
  },
  layer(["lib/db/**"], ["@/app/*", "@/components/*", "@/lib/client/*", "@/lib/server/*"],
    "lib/db holds the schema and client: it may use lib/domain and lib/config only."),
  layer(["components/**"], ["@/app/*", "@/lib/server/*", "@/lib/db/*", "@/lib/config", "@/lib/domain/common-passwords"],
    "Components get server data as props: they may use lib/client and lib/domain (not the common-password list: ADR 0029)."),
  layer(["cli/**"], ["@/app/*", "@/components/*", "@/lib/client/*"],
    "The CLI uses lib/server, lib/db and lib/domain."),
  // Links prefetch their route only 1 s after the page loads, and not on slow-2g (SPEC §7, ADR 0068).
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    ignores: ["components/ui/Link.tsx"],
    rules: {
      "no-restricted-syntax": ["error", {
        selector: "ImportDeclaration[source.value='next/link']",
        message: "Import Link from @/components/ui/Link: its prefetch waits for the page to load and spares slow connections (ADR 0068).",
      }],
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "e2e/**", "bench/**", "scripts/**"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
];

export default config;
