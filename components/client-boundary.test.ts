import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * A server component that imports a value from a `"use client"` module gets a client reference, not the value: the
 * admin article filters imported the field class string from the Markdown editor and rendered selects with a
 * reference for a class name, unstyled and with an invisible title box. Shared values live in a plain module both
 * sides import.
 */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function isClientModule(source: ts.SourceFile): boolean {
  const first = source.statements[0];
  return !!first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) && first.expression.text === "use client";
}

function isFunctionValue(node: ts.Expression | undefined): boolean {
  if (!node) return false;
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return true;
  // forwardRef(...), memo(...), dynamic(...) and the like make components
  return ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ["forwardRef", "memo", "dynamic", "lazy"].includes(node.expression.text);
}

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  const known = parsed.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  parsed.set(file, source);
  return source;
}

function isExported(statement: ts.Statement): boolean {
  return ts.canHaveModifiers(statement) && !!ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** The names a client module exports as values that are not functions (what a server importer would get wrong). */
function nonFunctionExports(source: ts.SourceFile): Set<string> {
  const found = new Set<string>();
  for (const statement of source.statements) {
    if (isExported(statement) && ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) if (!isFunctionValue(decl.initializer)) found.add(decl.name.getText(source));
    }
    if (isExported(statement) && (ts.isEnumDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) found.add(statement.name.text);
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      // A re-export is a value we cannot see from here unless it names a component (PascalCase) or a hook.
      for (const element of statement.exportClause.elements) if (!element.isTypeOnly && !/^(?:[A-Z]|use[A-Z])/.test(element.name.text)) found.add(element.name.text);
    }
  }
  return found;
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(process.cwd(), specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Value names imported from each module (type-only imports left out). */
function valueImports(source: ts.SourceFile): { file: string; names: string[] }[] {
  const out: { file: string; names: string[] }[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    const file = resolveImport(source.fileName, statement.moduleSpecifier.text);
    if (!file || !clause || clause.isTypeOnly) continue;
    const names: string[] = [];
    if (clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
      for (const element of clause.namedBindings.elements) if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
    }
    if (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings)) names.push("*");
    out.push({ file, names });
  }
  return out;
}

/**
 * Walks the server module graph from every page, layout and route under app/ through the modules without the
 * directive, and lists each value a server module imports from a client module that is not a function.
 */
function serverImportsOfClientValues(): string[] {
  const entries = sourceFiles(path.join(process.cwd(), "app")).filter((f) => !isClientModule(parse(f)));
  const seen = new Set<string>();
  const problems: string[] = [];
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { file: target, names } of valueImports(parse(file))) {
      const targetSource = parse(target);
      if (isClientModule(targetSource)) {
        const wrong = nonFunctionExports(targetSource);
        for (const name of names) if (name === "*" || wrong.has(name)) problems.push(`${path.relative(process.cwd(), file)} imports ${name} from ${path.relative(process.cwd(), target)}`);
      } else queue.push(target);
    }
  }
  return problems;
}

/** Bare module specifiers a module imports or re-exports values from (import() is not static). */
function packageImports(source: ts.SourceFile): string[] {
  return source.statements.flatMap((statement) => {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) return [];
    return bringsValues(statement) ? [statement.moduleSpecifier.text] : [];
  });
}

/** Whether an import or re-export brings in values (not only types). */
function bringsValues(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) return !statement.isTypeOnly;
  const clause = statement.importClause;
  if (!clause) return true;
  if (clause.isTypeOnly) return false;
  const named = clause.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
  return !!clause.name || !named || named.length === 0 || named.some((e) => !e.isTypeOnly);
}

/** Local modules a module imports or re-exports values from, statically. */
function localImports(source: ts.SourceFile): string[] {
  return source.statements.flatMap((statement) => {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) return [];
    if (!bringsValues(statement)) return [];
    const file = resolveImport(source.fileName, statement.moduleSpecifier.text);
    return file ? [file] : [];
  });
}

/** Each static-import path from `roots` to a module that imports one of `packages` (or a subpath of one). */
function pathsToPackages(roots: string[], packages: string[]): string[] {
  const banned = (specifier: string) => packages.some((p) => specifier === p || specifier.startsWith(`${p}/`));
  const problems: string[] = [];
  const seen = new Set<string>();
  const queue = roots.map((file) => [file]);
  while (queue.length > 0) {
    const trail = queue.shift()!;
    const file = trail[trail.length - 1]!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = parse(file);
    for (const specifier of packageImports(source).filter(banned)) problems.push([...trail.map((f) => path.relative(process.cwd(), f)), specifier].join(" → "));
    for (const next of localImports(source)) queue.push([...trail, next]);
  }
  return problems;
}

const clientModules = () => ["app", "components", "lib"].flatMap((dir) => sourceFiles(path.join(process.cwd(), dir))).filter((f) => isClientModule(parse(f)));

/** The "use client" modules a server layout renders, found through the server modules it imports. */
function clientModulesOf(layout: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const queue = [path.join(process.cwd(), layout)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (isClientModule(parse(file))) found.push(file);
    else queue.push(...localImports(parse(file)));
  }
  return found;
}

describe("the client boundary", () => {
  it("no \"use client\" module reaches zod through static imports (schemas are loaded with import())", () => {
    // zod is about 30 kB gzip: the forms load their schemas with import() (ADR 0062).
    expect(pathsToPackages(clientModules(), ["zod", "@hookform/resolvers"])).toEqual([]);
  });

  it("the layouts every page shares reach neither swr nor cookies-next through static imports", () => {
    // They load with what uses them (the badge, the suggestions, a click, the deferred plumbing): ADR 0062.
    const roots = [...clientModulesOf("app/layout.tsx"), ...clientModulesOf("app/(site)/layout.tsx")];
    expect(roots.length).toBeGreaterThan(3);
    expect(pathsToPackages(roots, ["swr", "cookies-next"])).toEqual([]);
  });

  it("no server module imports a value other than a component or hook from a \"use client\" module", () => {
    expect(serverImportsOfClientValues()).toEqual([]);
  });
});
