import { describe, expect, it } from "vitest";
import { imageHashOf, imageLook, type MediaLooks } from "./schemas/media";

const URL_ = "/uploads/algues/3f9a0c1d2e4b5a67-2000x1333.jpg";
const looks: MediaLooks = { "3f9a0c1d2e4b5a67": { altFr: "Algue", altEn: "", decorative: false, focalX: 20, focalY: 80 } };

describe("imageLook: what a public page shows of a library image", () => {
  it("finds the image by the hash of its original, a variant or a CDN address", () => {
    expect(imageHashOf(URL_)).toBe("3f9a0c1d2e4b5a67");
    expect(imageHashOf("/uploads/algues/3f9a0c1d2e4b5a67-960w.webp")).toBe("3f9a0c1d2e4b5a67");
    expect(imageHashOf("https://cdn.example.com/algues/3f9a0c1d2e4b5a67-2000x1333.jpg")).toBe("3f9a0c1d2e4b5a67");
    expect(imageHashOf("https://example.com/photo.png")).toBeNull();
  });

  it("takes the alt text of the page's language, falls back when it is empty, and crops on the focal point", () => {
    expect(imageLook(looks, URL_, "fr", "Produit")).toEqual({ alt: "Algue", objectPosition: "20% 80%" });
    expect(imageLook(looks, URL_, "en", "Product")).toEqual({ alt: "Product", objectPosition: "20% 80%" });
  });

  it("gives a decorative image an empty alt text, and leaves images the library does not know as they were", () => {
    const decorative: MediaLooks = { "3f9a0c1d2e4b5a67": { altFr: "Algue", altEn: "Seaweed", decorative: true, focalX: 50, focalY: 50 } };
    expect(imageLook(decorative, URL_, "fr", "Produit").alt).toBe("");
    expect(imageLook(looks, "https://example.com/photo.png", "fr", "Produit")).toEqual({ alt: "Produit" });
    expect(imageLook(undefined, URL_, "fr", "Produit")).toEqual({ alt: "Produit" });
  });
});
