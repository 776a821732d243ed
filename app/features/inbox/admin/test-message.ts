import type { ContactSubmission } from "@shared/schemas/contact";

/** A message as the API gives it, for the inbox's unit tests: `patch` sets what the test is about. */
export const testMessage = (id: string, patch: Partial<ContactSubmission> = {}): ContactSubmission => ({
  _id: id,
  fullName: `Sender ${id}`,
  email: `${id}@example.com`,
  phone: "",
  subject: "Devis",
  message: "Bonjour",
  isRead: false,
  createdAt: "2026-11-24T10:00:00.000Z",
  replies: [],
  lang: "fr",
  productId: null,
  productName: "",
  requestType: null,
  application: null,
  quantity: null,
  quantityUnit: null,
  country: null,
  company: "",
  spam: false,
  spamReasons: [],
  state: "new",
  ref: id.toUpperCase().padEnd(6, "0").slice(-6),
  undeliverable: false,
  ...patch,
});
