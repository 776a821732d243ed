import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { parse } from "@babel/parser";
import type { ExportAllDeclaration, ExportNamedDeclaration, ImportDeclaration, Node } from "@babel/types";

/** One import of a source file: where it points (relative to the root, "/" separators) and whether it is type-only. */
export type ImportEdge = { from: string; to: string; specifier: string; typeOnly: boolean };

/** The path aliases of tsconfig.json (read by vite, vitest, esbuild and tsx). */
const ALIASES: Record<string, string> = { "~/": "app/", "@shared/": "shared/" };

/** A folder (or file) and everything under it. */
const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder.replace(/\/$/, "")}/`);

const PUBLIC = ["app/routes/site", "app/components/site", "app/islands"];
const ADMIN = ["app/routes/admin", "app/components/admin", "app/lib/admin", "app/i18n/admin"];
/** `app/features/<feature>/<side>/…`: each feature keeps its public part in `site/` and its back-office part in `admin/`. */
const featureSide = (path: string) => /^app\/features\/[^/]+\/(site|admin)\//.exec(path)?.[1];
const isPublic = (path: string) => PUBLIC.some((p) => under(path, p)) || featureSide(path) === "site";
const isAdmin = (path: string) => ADMIN.some((a) => under(path, a)) || featureSide(path) === "admin";
/** The feature a file belongs to (`app/features/<feature>/…`), else undefined. */
export const featureOf = (path: string) => /^app\/features\/([^/]+)(?:\/|$)/.exec(path)?.[1];

/**
 * Which features each feature may import (any part: site, admin, its texts; type-only imports count too), declared
 * once. A feature not listed imports no other. The list must stay a DAG: `featureCycles` of it is empty, and an
 * import between two features that is not listed here is a violation, so the features' imports form no cycle either.
 * Shared by several features means below them (`app/components`, `app/lib`, `shared/`), not in one of them.
 */
export const FEATURE_DEPENDENCIES: Readonly<Record<string, readonly string[]>> = {
  // Products are filed in categories (form, list filter), show their certifications, facts and the contact band; each
  // document offers to join a document pack.
  catalogue: ["categories", "certifications", "document-pack", "inbox", "product-facts"],
  // A category's page ends with the contact band.
  categories: ["inbox"],
  // The dashboard gathers the visits, expiring certifications and the latest messages.
  dashboard: ["analytics", "certifications", "inbox"],
  // Who changed what (the administrators), and the settings' labels.
  history: ["administrators", "settings"],
  // The inbox shows the visits' summary and the contact settings.
  inbox: ["analytics", "settings"],
};

/**
 * The home page is made of other features' public sections (the hero, the categories, the partners, the coming trade
 * shows, the contact band): it may import any feature's `site/` part, and no feature imports it, so no cycle runs
 * through it.
 */
export const HOME_FEATURE = "home";
const homeComposes = (e: ImportEdge) => featureOf(e.from) === HOME_FEATURE && featureSide(e.to) === "site";

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
    applies: (e) => isPublic(e.from) && isAdmin(e.to),
  },
  {
    name: "app/components and app/lib sit under the features: they never import app/features",
    applies: (e) => (under(e.from, "app/components") || under(e.from, "app/lib")) && under(e.to, "app/features"),
  },
  {
    name: "a feature imports another only along FEATURE_DEPENDENCIES (a DAG: no cycle between features)",
    applies: (e) => {
      const [from, to] = [featureOf(e.from), featureOf(e.to)];
      if (from === undefined || to === undefined || from === to || homeComposes(e)) return false;
      return to === HOME_FEATURE || !FEATURE_DEPENDENCIES[from]?.includes(to);
    },
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

function isTypeOnly(node: ImportDeclaration | ExportNamedDeclaration | ExportAllDeclaration): boolean {
  if (node.type !== "ImportDeclaration") return node.exportKind === "type"; // `export type { … } from`, `export type * from`
  if (node.importKind === "type") return true; // `import type …`
  const { specifiers } = node; // none: a side-effect import runs the module
  return specifiers.length > 0 && specifiers.every((s) => s.type === "ImportSpecifier" && s.importKind === "type");
}

/** The text of a string literal or of a template without substitutions, else null. */
function literalText(node: Node | null | undefined): string | null {
  if (node?.type === "StringLiteral") return node.value;
  if (node?.type === "TemplateLiteral" && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? null;
  return null;
}

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";

/** Position and comment fields of a node: no code below them. */
const NOT_CHILDREN = new Set(["loc", "extra", "leadingComments", "trailingComments", "innerComments"]);

/** Where a specifier points, relative to the root, or null for a package. */
function target(root: string, from: string, specifier: string): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  if (alias) return `${ALIASES[alias]}${specifier.slice(alias.length)}`;
  if (!specifier.startsWith(".")) return null;
  return relative(root, resolve(root, dirname(from), specifier))
    .split(sep)
    .join("/");
}

/** The imports (static, re-exports, dynamic `import()`, `import("…")` types) of one TypeScript source. */
export function importsOf(root: string, from: string, source: string): ImportEdge[] {
  const file = parse(source, {
    sourceType: "module",
    sourceFilename: from,
    plugins: from.endsWith("x") ? ["typescript", "jsx"] : ["typescript"],
    createImportExpressions: true,
  });
  const edges: ImportEdge[] = [];
  const add = (specifier: string | null, typeOnly: boolean) => {
    if (specifier === null) return;
    const to = target(root, from, specifier);
    if (to !== null) edges.push({ from, to, specifier, typeOnly });
  };
  const visit = (node: Node) => {
    switch (node.type) {
      case "ImportDeclaration":
      case "ExportNamedDeclaration":
      case "ExportAllDeclaration":
        if (node.source) add(node.source.value, isTypeOnly(node));
        break;
      case "ImportExpression":
        add(literalText(node.source), false);
        break;
      case "TSImportType":
        add(literalText(node.argument), true);
        break;
    }
    for (const [key, value] of Object.entries(node)) {
      if (NOT_CHILDREN.has(key)) continue;
      if (Array.isArray(value)) {
        for (const child of value) if (isNode(child)) visit(child);
      } else if (isNode(value)) visit(value);
    }
  };
  visit(file.program);
  return edges;
}

function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((path) => !path.split("/").some((part) => part === "node_modules" || part.startsWith(".")));
}

/** Every import of the source files of `folders`. */
export function projectImports(root: string, folders = ["app", "shared", "server"]): ImportEdge[] {
  return folders.flatMap((folder) =>
    sourceFiles(root, folder).flatMap((from) => importsOf(root, from, readFileSync(join(root, from), "utf8"))),
  );
}

/** Every import of app/, shared/ and server/ that breaks a rule, as "file → specifier: rule". */
export function importViolations(root: string, folders = ["app", "shared", "server"]): string[] {
  return projectImports(root, folders).flatMap((edge) =>
    IMPORT_RULES.filter((rule) => rule.applies(edge)).map((rule) => `${edge.from} → ${edge.specifier}: ${rule.name}`),
  );
}

/** Which features each feature imports, from the imports between two features (one feature's own imports left out). */
export function featureGraph(edges: Iterable<ImportEdge>): Record<string, string[]> {
  const graph: Record<string, Set<string>> = {};
  for (const edge of edges) {
    const [from, to] = [featureOf(edge.from), featureOf(edge.to)];
    if (from === undefined || to === undefined || from === to) continue;
    const tos = graph[from] ?? new Set();
    graph[from] = tos.add(to);
  }
  return Object.fromEntries(Object.entries(graph).map(([from, tos]) => [from, [...tos].sort()]));
}

/**
 * The cycles of a graph of features: its strongly connected components of more than one feature (or a feature that
 * lists itself), each sorted, in sorted order (Tarjan's algorithm). Empty for a DAG.
 */
export function featureCycles(graph: Readonly<Record<string, readonly string[]>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph[node] ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph[node]?.includes(node)) cycles.push(component.sort());
  };
  for (const node of Object.keys(graph).sort()) if (!index.has(node)) connect(node);
  return cycles.sort((a, b) => a.join().localeCompare(b.join()));
}

/** The declared dependencies (FEATURE_DEPENDENCIES) that no import uses, or that name no folder of app/features. */
export function unusedFeatureDependencies(root: string, edges: Iterable<ImportEdge>): string[] {
  const used = featureGraph(edges);
  const features = new Set(
    readdirSync(join(root, "app/features"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  );
  return Object.entries(FEATURE_DEPENDENCIES).flatMap(([from, tos]) =>
    tos.filter((to) => !features.has(from) || !features.has(to) || !used[from]?.includes(to)).map((to) => `${from} → ${to}`),
  );
}
