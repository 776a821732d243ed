import { describe, expect, it } from "vitest";
import { avifSrcSet, imageDimensions, imageSrcSet, imageVariants, originalImageName, parseUploadUrl, variantImageName } from "./images";

const HASH = "0123456789abcdef";

describe("upload image naming", () => {
  it("derives the WebP variants narrower than the original from its URL alone", () => {
    const url = `/uploads/algues/${originalImageName(HASH, 1200, 800, "jpg")}`;
    expect(url).toBe("/uploads/algues/0123456789abcdef-1200x800.jpg");
    expect(imageVariants(url)).toEqual([
      { width: 480, url: `/uploads/algues/${variantImageName(HASH, 480)}` },
      { width: 960, url: "/uploads/algues/0123456789abcdef-960w.webp" },
    ]);
    expect(imageDimensions(url)).toEqual({ width: 1200, height: 800 });
    expect(imageSrcSet(url)).toBe(
      "/uploads/algues/0123456789abcdef-480w.webp 480w, /uploads/algues/0123456789abcdef-960w.webp 960w, /uploads/algues/0123456789abcdef-1200x800.jpg 1200w",
    );
  });

  it("offers AVIF variants only when the original's name carries the -av mark", () => {
    const plain = `/uploads/algues/${originalImageName(HASH, 1200, 800, "jpg")}`;
    expect(avifSrcSet(plain)).toBeUndefined();
    const marked = `/uploads/algues/${originalImageName(HASH, 1200, 800, "jpg", true)}`;
    expect(marked).toBe("/uploads/algues/0123456789abcdef-1200x800-av.jpg");
    expect(parseUploadUrl(marked)).toMatchObject({ width: 1200, height: 800, ext: "jpg", avif: true });
    expect(avifSrcSet(marked)).toBe("/uploads/algues/0123456789abcdef-480w.avif 480w, /uploads/algues/0123456789abcdef-960w.avif 960w");
    expect(imageSrcSet(marked)).toContain("0123456789abcdef-960w.webp 960w");
  });

  it("offers no variant for an original no wider than the smallest width", () => {
    const url = "/uploads/algues/0123456789abcdef-480x320.png";
    expect(imageVariants(url)).toEqual([]);
    expect(imageSrcSet(url)).toBeUndefined();
    expect(imageDimensions(url)).toEqual({ width: 480, height: 320 });
  });

  it.each(["https://cdn.example.com/a.jpg", "/uploads/algues/legacy.jpg", "/uploads/algues/0123456789abcdef-960w.webp", ""])(
    "treats %j as an image without variants or known size",
    (url) => {
      expect(parseUploadUrl(url)).toBeNull();
      expect(imageVariants(url)).toEqual([]);
      expect(imageDimensions(url)).toBeNull();
      expect(imageSrcSet(url)).toBeUndefined();
    },
  );
});
