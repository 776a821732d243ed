import { PREVIEW_PARAM } from "@shared/query-params";
import type { PreviewLink, ProductPage } from "@shared/schemas/product";
import { errors, jwtVerify, SignJWT } from "jose";
import { notFound } from "../../lib/http-error";
import type { ProductService } from "./products";

/** Claims of a preview token; the audience differs from the admin sessions': a preview token never signs anyone in, and vice versa. */
export const PREVIEW_CLAIMS = { issuer: "marine-algae", audience: "marine-algae-preview", purpose: "preview" } as const;
const { issuer: ISSUER, audience: AUDIENCE, purpose: PURPOSE } = PREVIEW_CLAIMS;
const ALGORITHM = "HS256";
export const PREVIEW_TTL_SECONDS = 60 * 60;

/** What the public product page shows: the page, and whether it is a preview of an unpublished product. */
export type ProductView = { page: ProductPage; preview: boolean };

/**
 * Preview links of inactive products: a signed token (the app's JWT secret, its own audience and purpose, the product
 * id as subject, 1 h) that lets the public product page show that one product while it is inactive.
 */
export function createPreviewService(products: ProductService, jwtSecret: string) {
  const key = new TextEncoder().encode(jwtSecret);

  async function tokenIsFor(token: string, productId: string): Promise<boolean> {
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: [ALGORITHM] });
      return payload.purpose === PURPOSE && payload.sub === productId;
    } catch (error) {
      if (error instanceof errors.JOSEError) return false;
      throw error;
    }
  }

  return {
    /** The public address of the product with a preview token valid for an hour. */
    async link(productId: string): Promise<PreviewLink> {
      const product = await products.getById(productId);
      if (!product) throw notFound("product");
      const token = await new SignJWT({ purpose: PURPOSE })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(product._id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${PREVIEW_TTL_SECONDS}s`)
        .sign(key);
      return { url: `/product/${encodeURIComponent(product.slug)}?${PREVIEW_PARAM}=${token}` };
    },

    /**
     * The public page of a product: active products for everyone; an inactive one only with a valid token for it
     * (`preview: true`). Anything else is null (the page answers 404, as for anonymous visitors).
     */
    async productView(slug: string, token: string | null): Promise<ProductView | null> {
      if (!token) {
        const page = await products.productPage(slug);
        return page ? { page, preview: false } : null;
      }
      const page = await products.productPage(slug, { includeInactive: true });
      if (!page) return null;
      if (products.isPublic(page.product)) return { page, preview: false };
      return (await tokenIsFor(token, page.product._id)) ? { page, preview: true } : null;
    },
  };
}
export type PreviewService = ReturnType<typeof createPreviewService>;
