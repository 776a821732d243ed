import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rolesMatrix } from "./roles-matrix";

describe("docs/roles.md", () => {
  it("shows the permission matrix the declarations give (npm run docs:roles rewrites it)", () => {
    const page = readFileSync(path.resolve(import.meta.dirname, "..", "docs", "roles.md"), "utf8");
    expect(page).toContain(`<!-- matrix:begin (npm run docs:roles) -->\n${rolesMatrix()}\n<!-- matrix:end -->`);
  });
});
