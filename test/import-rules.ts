import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

/** One import of a source file: where it points (relative to the root, "/" separators) and whether it is type-only. */
export type ImportEdge = { from: string; to: string; specifier: string; typeOnly: boolean };

/** The path aliases of tsconfig.json (read by vite, vitest, esbuild and tsx). */
const ALIASES: Record<string, string> = { "~/": "app/", "@shared/": "shared/" };

/** A folder (or file) and everything under it. */
const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder.replace(/\/$/, "")}/`);

const PUBLIC = ["app/routes/site", "app/components/site", "app/islands"];
const ADMIN = ["app/routes/admin", "app/components/admin", "app/lib/admin", "app/i18n/admin"];
/** Runs only inside the server process (the SSR entry bundled into it): it may use the server's helpers. */
const SERVER_SIDE_APP_FILES = ["app/entry.server.tsx"];

/** The project's layering: which folder may not import which, and why. */
export const IMPORT_RULES: { name: string; applies: (edge: ImportEdge) => boolean }[] = [
  {
    name: "shared/ is used by both sides and imports neither app/ nor server/",
    applies: (e) => under(e.from, "shared") && (under(e.to, "app") || under(e.to, "server")),
  },
  {
    name: "app/lib holds logic, not components: it never imports app/components",
    applies: (e) => under(e.from, "app/lib") && under(e.to, "app/components"),
  },
  {
    name: "public pages and islands never import admin code",
    applies: (e) => PUBLIC.some((p) => under(e.from, p)) && ADMIN.some((a) => under(e.to, a)),
  },
  {
    name: "server/db (schema, client, migrations) is the bottom layer: it imports no lib, service, route or plugin",
    applies: (e) =>
      under(e.from, "server/db") &&
      ["server/lib", "server/services", "server/routes", "server/plugins"].some((upper) => under(e.to, upper)),
  },
  {
    name: "server/lib holds helpers under the services: it imports no service, route or plugin",
    applies: (e) =>
      under(e.from, "server/lib") && ["server/services", "server/routes", "server/plugins"].some((upper) => under(e.to, upper)),
  },
  {
    name: "server/services hold the rules, called by routes: they import no route or plugin",
    applies: (e) => under(e.from, "server/services") && ["server/routes", "server/plugins"].some((upper) => under(e.to, upper)),
  },
  {
    name: "app/ never imports server/ code (type-only imports are erased and allowed)",
    applies: (e) => under(e.from, "app") && under(e.to, "server") && !e.typeOnly && !SERVER_SIDE_APP_FILES.includes(e.from),
  },
];

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((el) => el.isTypeOnly)
  );
}

/** Where a specifier points, relative to the root, or null for a package. */
function target(root: string, from: string, specifier: string): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  if (alias) return `${ALIASES[alias]}${specifier.slice(alias.length)}`;
  if (!specifier.startsWith(".")) return null;
  return relative(root, resolve(root, dirname(from), specifier))
    .split(sep)
    .join("/");
}

/** The imports (static, re-exports, dynamic `import()`) of one TypeScript source. */
export function importsOf(root: string, from: string, source: string): ImportEdge[] {
  const file = ts.createSourceFile(from, source, ts.ScriptTarget.Latest, false, from.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const to = target(root, from, specifier);
    if (to !== null) edges.push({ from, to, specifier, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, isTypeOnly(node));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) add(argument.text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return edges;
}

function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((path) => !path.split("/").some((part) => part === "node_modules" || part.startsWith(".")));
}

/** Every import of app/, shared/ and server/ that breaks a rule, as "file → specifier: rule". */
export function importViolations(root: string, folders = ["app", "shared", "server"]): string[] {
  const violations: string[] = [];
  for (const folder of folders) {
    for (const from of sourceFiles(root, folder)) {
      for (const edge of importsOf(root, from, readFileSync(join(root, from), "utf8"))) {
        for (const rule of IMPORT_RULES) if (rule.applies(edge)) violations.push(`${edge.from} → ${edge.specifier}: ${rule.name}`);
      }
    }
  }
  return violations;
}
