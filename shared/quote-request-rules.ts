import type { RequestType } from "./quote-request";

/**
 * What a sample or quote request changes on the contact form (decision 0117). Imports nothing at run time, so the
 * contact island carries these few lines without the lists of quote-request.ts.
 */

/**
 * A quote or sample request about a product carries what the team needs in its fields: its subject and message become
 * optional (the server writes the subject from the type and the product, `requestSubject`). A plain message keeps them
 * required (docs/product.md, "Contact").
 */
export const SUBJECT_OPTIONAL_TYPES: readonly RequestType[] = ["quote", "sample"];
export const isProductRequest = (requestType: string | undefined | null, product: string | undefined | null): boolean =>
  Boolean(product?.trim()) && (SUBJECT_OPTIONAL_TYPES as readonly string[]).includes(requestType ?? "");

/** A message with a request type or a product: its sender is shown the confirmation page rather than a toast. */
export const isRequest = (requestType: string | undefined | null, product: string | undefined | null): boolean =>
  Boolean(requestType) || Boolean(product?.trim());

/** The confirmation page a request's sender is sent to (`/contact/merci?t=<signed token>`, decision 0117). */
export const CONFIRMATION_PATH = "/contact/merci";
export const CONFIRMATION_PARAM = "t";
