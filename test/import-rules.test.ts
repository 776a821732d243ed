import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  FEATURE_DEPENDENCIES,
  featureCycles,
  featureGraph,
  type ImportEdge,
  importViolations,
  projectImports,
  unusedFeatureDependencies,
} from "./import-rules";

const ROOT = join(import.meta.dirname, "..");

describe("import rules", () => {
  it("the project breaks none of its layering rules", () => {
    expect(importViolations(ROOT)).toEqual([]);
  });

  describe("between features", () => {
    const projectEdges = projectImports(ROOT, ["app"]);
    /** An import of `from` by `to`, as `importsOf` gives it. */
    const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({ from, to, specifier: to, typeOnly });

    it("the declared feature dependencies form a DAG, and the features' imports form no cycle", () => {
      expect(featureCycles(FEATURE_DEPENDENCIES)).toEqual([]);
      expect(featureCycles(featureGraph(projectEdges))).toEqual([]);
    });

    it("every declared feature dependency names two features and is used by an import", () => {
      expect(unusedFeatureDependencies(ROOT, projectEdges)).toEqual([]);
    });

    it("finds each cycle of a graph of features, and none in a DAG", () => {
      expect(featureCycles({ a: ["b"], b: ["c"], c: ["a"], d: ["e"], e: [] })).toEqual([["a", "b", "c"]]);
      expect(featureCycles({ a: ["b", "c"], b: ["d"], c: ["d"], d: [] })).toEqual([]); // a diamond is no cycle
      expect(featureCycles({ a: ["a"] })).toEqual([["a"]]);
      expect(featureCycles({ x: ["y"], y: ["x", "z"], z: ["w"], w: ["z"] })).toEqual([
        ["w", "z"],
        ["x", "y"],
      ]);
    });

    it("builds the feature graph from imports: a feature's own imports and other folders left out, type-only ones in", () => {
      const edges = [
        edge("app/features/catalogue/admin/products-screen.tsx", "app/features/categories/admin/api"),
        edge("app/features/catalogue/admin/product-form.tsx", "app/features/catalogue/admin/texts"),
        edge("app/features/catalogue/site/product-page.tsx", "app/components/site/product-card"),
        edge("app/routes/site/layout.tsx", "app/features/home/site/home-page"),
        edge("app/features/categories/site/category-page.tsx", "app/features/catalogue/site/texts", true),
      ];
      expect(featureGraph(edges)).toEqual({ catalogue: ["categories"], categories: ["catalogue"] });
      expect(featureCycles(featureGraph(edges))).toEqual([["catalogue", "categories"]]);
    });

    it("fails when an import brings back the catalogue ⇄ categories cycle", () => {
      const back = edge("app/features/categories/site/category-page.tsx", "app/features/catalogue/site/product-card");
      expect(featureCycles(featureGraph([...projectEdges, back]))).toEqual([["catalogue", "categories"]]);
      // A declared list with the cycle is refused too.
      expect(featureCycles({ ...FEATURE_DEPENDENCIES, categories: [...(FEATURE_DEPENDENCIES.categories ?? []), "catalogue"] })).toEqual([
        ["catalogue", "categories"],
      ]);
    });
  });

  const fixture = mkdtempSync(join(tmpdir(), "import-rules-"));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));
  const write = (path: string, source: string) => {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), source);
  };

  it("fails on each kind of wrong import, and lets the allowed ones through", () => {
    write("shared/schemas/bad.ts", 'import { thing } from "../../app/lib/thing";\nexport const x = thing;\n');
    write("shared/limits.ts", 'export { db } from "../server/db/client";\n');
    write("app/lib/admin/bad.ts", 'import { Button } from "~/components/ui/button";\nexport const b = Button;\n');
    write("app/routes/site/page.tsx", 'import { T } from "../../i18n/admin/texts";\nexport default () => T;\n');
    write("app/islands/menu.ts", 'const load = () => import("~/lib/admin/api");\nexport { load };\n');
    write("app/features/partners/site/carousel.tsx", 'import { api } from "../admin/api";\nexport const a = api;\n');
    write("app/components/admin/shell.tsx", 'import { api } from "~/features/inbox/admin/api";\nexport const a = api;\n');
    write("app/lib/server-bad.ts", 'import { start } from "../../server/main";\nexport const s = start;\n');
    write("server/db/client.ts", 'import { ROOT } from "../lib/paths";\nexport const r = ROOT;\n');
    write("server/lib/helper.ts", 'import { auth } from "../services/auth";\nexport const a = auth;\n');
    write("server/services/thing.ts", 'import { publicRoute } from "../plugins/auth";\nexport const p = publicRoute;\n');
    write("app/features/categories/site/page.tsx", 'import { Card } from "~/features/catalogue/site/card";\nexport const c = Card;\n');
    write("app/features/banners/site/hero.tsx", 'import type { T } from "../../home/site/texts";\nexport type H = T;\n');
    // Allowed: routes → services → lib → db.
    write("server/routes/ok.ts", 'import { s } from "../services/thing";\nimport { h } from "../lib/helper";\nexport const o = [s, h];\n');
    // Allowed: the home page composing another feature's public section (the banners' hero).
    write("app/features/home/site/page.tsx", 'import { Hero } from "~/features/banners/site/hero";\nexport const h = Hero;\n');
    // Allowed: type-only imports of the server, site code importing shared and site code.
    write("app/lib/server-types.ts", 'import type { Services } from "../../server/services/index";\nexport type S = Services;\n');
    write(
      "app/routes/site/ok.tsx",
      'import { LIMITS } from "../../../shared/limits";\nimport { Header } from "~/components/site/header";\nexport default () => [LIMITS, Header];\n',
    );

    expect(importViolations(fixture, ["app", "shared", "server"]).sort()).toEqual(
      [
        "app/islands/menu.ts → ~/lib/admin/api: public pages and islands never import admin code",
        "app/features/partners/site/carousel.tsx → ../admin/api: public pages and islands never import admin code",
        "app/features/categories/site/page.tsx → ~/features/catalogue/site/card: a feature imports another only along FEATURE_DEPENDENCIES (a DAG: no cycle between features)",
        "app/features/banners/site/hero.tsx → ../../home/site/texts: a feature imports another only along FEATURE_DEPENDENCIES (a DAG: no cycle between features)",
        "app/components/admin/shell.tsx → ~/features/inbox/admin/api: app/components and app/lib sit under the features: they never import app/features",
        "app/lib/admin/bad.ts → ~/components/ui/button: app/lib holds logic, not components: it never imports app/components",
        "app/lib/server-bad.ts → ../../server/main: app/ never imports server/ code (type-only imports are erased and allowed)",
        "app/routes/site/page.tsx → ../../i18n/admin/texts: public pages and islands never import admin code",
        "shared/limits.ts → ../server/db/client: shared/ is used by both sides and imports neither app/ nor server/",
        "shared/schemas/bad.ts → ../../app/lib/thing: shared/ is used by both sides and imports neither app/ nor server/",
        "server/db/client.ts → ../lib/paths: server/db (schema, client, migrations) is the bottom layer: it imports no lib, service, route or plugin",
        "server/lib/helper.ts → ../services/auth: server/lib holds helpers under the services: it imports no service, route or plugin",
        "server/services/thing.ts → ../plugins/auth: server/services hold the rules, called by routes: they import no route or plugin",
      ].sort(),
    );
  });
});
