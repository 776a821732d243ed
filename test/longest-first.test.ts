import { existsSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { PROJECT_ROOT } from "../server/paths";
import { LONGEST_FIRST } from "./longest-first";

it("names only test files that exist, once each", () => {
  for (const file of LONGEST_FIRST) expect(existsSync(path.join(PROJECT_ROOT, file)), file).toBe(true);
  expect(new Set(LONGEST_FIRST).size).toBe(LONGEST_FIRST.length);
});
