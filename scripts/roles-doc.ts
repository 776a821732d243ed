// Writes the permission matrix of docs/roles.md from the declarations (shared/access.ts, shared/resources): run with
// `npm run docs:roles`; test/roles-doc.test.ts fails when the page and the declarations disagree.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { rolesMatrix } from "../test/roles-matrix";

const file = path.resolve(import.meta.dirname, "..", "docs", "roles.md");
const BEGIN = "<!-- matrix:begin (npm run docs:roles) -->";
const END = "<!-- matrix:end -->";
const page = readFileSync(file, "utf8");
const start = page.indexOf(BEGIN);
const end = page.indexOf(END);
if (start < 0 || end < 0) throw new Error(`${file}: the matrix markers are missing`);
writeFileSync(file, `${page.slice(0, start + BEGIN.length)}\n${rolesMatrix()}\n${page.slice(end)}`);
console.log(`${file}: matrix written`);
