import { productFactsSchema } from "@shared/product-facts";
import { contentBlockInputSchema } from "@shared/schemas/content-block";
import { firstTableFactConflict } from "@shared/table-facts";
import { describe, expect, it } from "vitest";
import { demoContent } from "./content";
import { DEMO_IMAGE_KEYS, type DemoImages } from "./image-keys";

const images = Object.fromEntries(DEMO_IMAGE_KEYS.map((key) => [key, `/uploads/demo/${key}.webp`])) as DemoImages;

describe("demo products", () => {
  it.each(demoContent(images).products.map((product) => [product.slug, product] as const))(
    "%s: no specification table row contradicts a key fact (the facts are the one place for them)",
    (_slug, product) => {
      const blocks = contentBlockInputSchema.array().parse(product.contentBlocks);
      expect(firstTableFactConflict(productFactsSchema.parse(product), blocks)).toBeUndefined();
    },
  );
});
