import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Category } from "@shared/schemas/category";
import type { Product } from "@shared/schemas/product";
import { expect, test } from "./fixtures";

const VNU = path.resolve(import.meta.dirname, "..", "node_modules", "vnu-jar", "build", "dist", "vnu.jar");

type VnuMessage = { type: string; url: string; message: string; lastLine?: number; extract?: string };

test("the server-rendered HTML of every public page in both languages and of the sign-in page passes the Nu Html Checker", async ({
  api,
  request,
}) => {
  test.setTimeout(120_000);
  const categories = await api.get<Category[]>("/api/categories");
  const products = await api.get<Product[]>("/api/products");
  const pages = ["/", "/contact", ...categories.map((c) => `/category/${c.slug}`), ...products.map((p) => `/product/${p.slug}`)].flatMap(
    (page) => [page, `${page}?lang=en`],
  );
  pages.push("/admin/login");

  const dir = mkdtempSync(path.join(tmpdir(), "vnu-"));
  try {
    const files = await Promise.all(
      pages.map(async (page, index) => {
        const response = await request.get(page);
        expect(response.status(), page).toBe(200);
        const file = path.join(dir, `${index}.html`);
        writeFileSync(file, await response.body());
        return { file, page };
      }),
    );
    let output = "";
    try {
      execFileSync("java", ["-jar", VNU, "--errors-only", "--format", "json", ...files.map((f) => f.file)], {
        encoding: "utf8",
        stdio: "pipe",
      });
    } catch (error) {
      // vnu exits 1 when it found errors; they are on stderr as JSON.
      output = (error as { stderr?: string }).stderr ?? String(error);
    }
    const messages = output ? ((JSON.parse(output) as { messages: VnuMessage[] }).messages ?? []) : [];
    const byPage = messages.map((m) => {
      const page = files.find((f) => m.url.endsWith(path.basename(f.file)))?.page ?? m.url;
      return `${page}:${m.lastLine ?? "?"} ${m.message} ${m.extract ?? ""}`;
    });
    expect(byPage, byPage.join("\n")).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
