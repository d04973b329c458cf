import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { findCycles as cycles, importGraph as graphOf } from "./import-cycles.mjs";

type Graph = Map<string, string[]>;

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "import-cycles-"));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe("import cycles (scripts/import-cycles.mjs)", () => {
  it("names a cycle through relative and @/ imports, and a file that imports itself", () => {
    const root = tree({
      "lib/a.ts": 'import { b } from "./b";\nexport const a = () => b;',
      "lib/b.ts": 'import { c } from "@/lib/deep/c";\nexport const b = c;',
      "lib/deep/c.tsx": 'export { a } from "../a";\nexport const c = 1;',
      "lib/self.ts": 'import * as me from "./self";\nexport const x = me;',
      "lib/free.ts": 'import fs from "node:fs";\nimport { z } from "zod";\nexport const free = [fs, z];',
    });
    const found = cycles(graphOf(root)).map((chain) => chain.join(" → ")).sort();
    expect(found).toEqual(["lib/a.ts → lib/b.ts → lib/deep/c.tsx → lib/a.ts", "lib/self.ts → lib/self.ts"]);
  });

  it("lets type-only imports and re-exports go both ways, and counts import() and side-effect imports", () => {
    const typeOnly = tree({
      "a.ts": 'import type { B } from "./b";\nimport { type C } from "./c";\nexport type A = B | C;\nexport const a = 1;',
      "b.ts": 'import { a } from "./a";\nexport type B = typeof a;',
      "c.ts": 'export type { A } from "./a";\nimport { a } from "./a";\nexport type C = typeof a;',
    });
    expect(cycles(graphOf(typeOnly))).toEqual([]);
    const loaded = tree({
      "a.ts": 'export async function later() { return (await import("./b")).b; }',
      "b.ts": 'import "./a";\nexport const b = 2;',
    });
    expect(cycles(graphOf(loaded))).toEqual([["a.ts", "b.ts", "a.ts"]]);
  });

  it("finds a cycle exactly when a random graph has one, each named as a closed chain of real edges", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(7), fc.nat(7)), { maxLength: 20 }), (edges) => {
        const graph: Graph = new Map(Array.from({ length: 8 }, (_, i) => [`f${i}`, [] as string[]]));
        for (const [from, to] of edges) graph.get(`f${from}`)!.push(`f${to}`);
        // a graph is acyclic exactly when repeatedly removing files nobody imports empties it
        const remaining = new Map([...graph].map(([k, v]) => [k, new Set(v)]));
        let removed = true;
        while (removed) {
          removed = false;
          for (const [node] of remaining) {
            if (![...remaining.values()].some((targets) => targets.has(node))) {
              remaining.delete(node);
              removed = true;
            }
          }
        }
        const found = cycles(graph);
        expect(found.length > 0).toBe(remaining.size > 0);
        for (const chain of found) {
          expect(chain[0]).toBe(chain[chain.length - 1]);
          for (let i = 0; i + 1 < chain.length; i++) expect(graph.get(chain[i]!)).toContain(chain[i + 1]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
