/**
 * Back-office texts not yet in a feature dictionary (`app/features/<feature>/admin/texts.ts`) or in
 * `app/i18n/admin/common.ts`. The upload messages stay English (docs/product.md, "Languages").
 */

export const UPLOAD_MESSAGES = {
  notAnImage: "Please select an image file",
  tooLarge: "Image size must be less than 10MB",
  noToken: "Authentication token not found",
  invalidResponse: "Invalid response from server",
  failed: "Upload failed",
  failedWithStatus: (status: number) => `Upload failed with status ${status}`,
  network: "Network error during upload",
  cancelled: "Upload cancelled",
  generic: "Failed to upload image",
} as const;
