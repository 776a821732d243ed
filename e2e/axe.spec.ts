import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";

test("axeViolations names each rule a page breaks, and none on a clean page", async ({ page }) => {
  await page.setContent('<html><body><img src="x.png"><a href="#"></a></body></html>');
  const rules = (await axeViolations(page)).map((line) => line.split(":")[0]);
  expect(rules).toEqual(expect.arrayContaining(["image-alt", "link-name", "html-has-lang", "document-title"]));
  await page.setContent('<html lang="en"><head><title>Clean</title></head><body><main><h1>Clean</h1></main></body></html>');
  expect(await axeViolations(page)).toEqual([]);
});
