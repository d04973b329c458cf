// Fails when one of our modules reaches itself through its imports (`npm run lint` runs it after ESLint). Type-only
// imports are erased, so they may go both ways; dynamic import() counts, as the module is loaded all the same; packages
// are never followed, as a cycle needs our own modules. It replaces eslint-plugin-import's no-cycle, which re-parsed
// every import of every file and took 60 % of lint's time (docs/testing.md).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];
const IGNORED = new Set(["node_modules", ".next", ".git", "coverage", "test-results", "playwright-report"]);
const IGNORED_PATHS = ["lib/db/migrations"];

/** Every source file under `root`, as paths relative to it, the way ESLint's ignores leave them. */
export function sourceFiles(root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (IGNORED.has(entry.name) || entry.name.startsWith(".data") || IGNORED_PATHS.includes(rel)) continue;
        walk(rel);
      } else if (EXTENSIONS.includes(path.extname(entry.name)) && !entry.name.endsWith(".d.ts")) {
        found.push(rel);
      }
    }
  };
  walk("");
  return found.sort();
}

const allTypeOnly = (elements) => elements.length > 0 && elements.every((e) => e.isTypeOnly);

/** The module specifiers a file loads at run time: static imports and re-exports that are not type-only, and import(). */
export function runtimeImports(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = clause && (clause.isTypeOnly || (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && allTypeOnly(clause.namedBindings.elements)));
      if (!typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = node.isTypeOnly || (node.exportClause && ts.isNamedExports(node.exportClause) && allTypeOnly(node.exportClause.elements));
      if (!typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && !node.isTypeOnly && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      specifiers.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The file (relative to root) a specifier of `from` names, or null for a package or a file that is not ours. */
export function resolveImport(root, from, specifier, exists) {
  let base;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith("./") || specifier.startsWith("../")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  const stem = base.replace(/\.(js|jsx|mjs|cjs)$/, "");
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...(stem !== base ? EXTENSIONS.map((e) => stem + e) : []), ...EXTENSIONS.map((e) => `${base}/index${e}`)];
  return candidates.find((c) => exists(c)) ?? null;
}

/** Each cycle once, as the chain of files that closes it (the first file again at the end). */
export function findCycles(graph) {
  // Tarjan's strongly connected components; a component of two or more files, or a file importing itself, is a cycle.
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const connect = (start) => {
    // iterative, so a long chain of imports cannot overflow the call stack
    const work = [[start, 0]];
    indexOf.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const next = graph.get(node) ?? [];
      if (i < next.length) {
        frame[1] = i + 1;
        const to = next[i];
        if (!indexOf.has(to)) {
          indexOf.set(to, index);
          low.set(to, index++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) {
          low.set(node, Math.min(low.get(node), indexOf.get(to)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === indexOf.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        components.push(component);
      }
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) connect(node);

  const cycles = [];
  for (const component of components) {
    const members = new Set(component);
    const first = [...component].sort()[0];
    if (component.length === 1 && !(graph.get(first) ?? []).includes(first)) continue;
    // the shortest way from the first file back to itself inside the component
    const previous = new Map();
    const queue = [first];
    let closing = null;
    while (queue.length > 0 && closing === null) {
      const node = queue.shift();
      for (const to of graph.get(node) ?? []) {
        if (!members.has(to)) continue;
        if (to === first) {
          closing = node;
          break;
        }
        if (!previous.has(to)) {
          previous.set(to, node);
          queue.push(to);
        }
      }
    }
    const chain = [first];
    for (let node = closing; node !== first; node = previous.get(node)) chain.splice(1, 0, node);
    chain.push(first);
    cycles.push(chain);
  }
  return cycles;
}

/** The import graph of our own modules under `root`: each file and the files it loads at run time. */
export function importGraph(root) {
  const files = sourceFiles(root);
  const known = new Set(files);
  const exists = (rel) => known.has(rel);
  const graph = new Map();
  for (const file of files) {
    const targets = runtimeImports(file, fs.readFileSync(path.join(root, file), "utf8"))
      .map((specifier) => resolveImport(root, file, specifier, exists))
      .filter((target) => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? ".");
  const graph = importGraph(root);
  const cycles = findCycles(graph);
  if (cycles.length === 0) {
    console.log(`import cycles: none among ${graph.size} files`);
  } else {
    for (const chain of cycles) console.error(`✖ import cycle: ${chain.join(" → ")}`);
    console.error(`${cycles.length} import cycle(s): break each with a type-only import or by moving what both need into a module of its own.`);
    process.exit(1);
  }
}
