/** Types for import-cycles.mjs (a plain ES module: npm run lint runs it with node). */
export function sourceFiles(root: string): string[];
export function runtimeImports(fileName: string, text: string): string[];
export function resolveImport(root: string, from: string, specifier: string, exists: (rel: string) => boolean): string | null;
export function findCycles(graph: Map<string, string[]>): string[][];
export function importGraph(root: string): Map<string, string[]>;
