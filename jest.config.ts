import nextJest from "next/jest.js";
import type { Config } from "jest";

const createJestConfig = nextJest({ dir: "./" });

// Two projects: DOM tests for components and lib/client, Node tests for everything server-side.
const shared: Config = {
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1", "^server-only$": "<rootDir>/jest/empty-module.js" },
  testPathIgnorePatterns: ["/node_modules/", "/e2e/", "/.next/"],
};

const config: Config = {
  projects: [
    { ...shared, displayName: "dom", testEnvironment: "jsdom", setupFilesAfterEnv: ["<rootDir>/jest/setup-dom.ts"],
      testMatch: ["<rootDir>/components/**/*.test.{ts,tsx}", "<rootDir>/lib/client/**/*.test.{ts,tsx}"] },
    { ...shared, displayName: "node", testEnvironment: "node", setupFilesAfterEnv: ["<rootDir>/jest/setup-node.ts"],
      testMatch: ["<rootDir>/lib/{domain,server,db,device,page-cache}/**/*.test.ts", "<rootDir>/deploy/**/*.test.ts", "<rootDir>/cli/**/*.test.ts", "<rootDir>/app/**/*.test.ts", "<rootDir>/scripts/**/*.test.ts", "<rootDir>/test/**/*.test.ts"] },
  ],
};

// The unified/remark/rehype family and file-type ship ESM only: let SWC transform them.
const ESM_PACKAGES = [
  "unified", "remark-.*", "rehype-.*", "micromark.*", "mdast-.*", "hast-.*", "hastscript", "unist-.*", "vfile.*", "bail",
  "is-plain-obj", "trough", "devlop", "decode-named-character-reference", "character-entities.*", "character-reference-invalid",
  "ccount", "escape-string-regexp", "markdown-table", "longest-streak", "zwitch", "property-information",
  "space-separated-tokens", "comma-separated-tokens", "web-namespaces", "html-void-elements", "stringify-entities",
  "trim-lines", "is-.*", "parse-entities", "html-url-attributes",
  // file-type (upload sniffing, ADR 0054) and its tokenizer
  "file-type", "strtok3", "token-types", "@tokenizer/.*", "@borewit/.*", "uint8array-extras",
];

export default async function jestConfig(): Promise<Config> {
  const projects = await Promise.all(
    (config.projects as Config[]).map(async (p) => {
      const resolved = await createJestConfig(p)();
      return { ...resolved, transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join("|")})/)`] };
    }),
  );
  // Three workers on two cores: files share nothing but the run's template databases (lib/db/test-support.ts), and a
  // worker waiting on PostgreSQL or a child process leaves its core to another (docs/testing.md).
  return { projects, maxWorkers: 3, testSequencer: "<rootDir>/jest/slow-first.mjs", globalSetup: "<rootDir>/jest/global-setup.mjs", globalTeardown: "<rootDir>/jest/global-teardown.mjs" } as Config;
}
