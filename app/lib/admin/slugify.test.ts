import { expect, it } from "vitest";
import { slugify } from "./slugify";

it("turns a French product name into a slug the server accepts", () => {
  expect(slugify("  Laitue de mer (Ulva lactuca) — séchée ")).toBe("laitue-de-mer-ulva-lactuca-sechee");
});
