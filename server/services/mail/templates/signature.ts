/** The signature of the team member who replies; any part may be empty. */
export type MailSignature = { name: string; title: string; phone: string };

/** The signature's non-empty parts, in order: none for an empty signature. */
export function signatureLines(signature: MailSignature): string[] {
  return [signature.name, signature.title, signature.phone].map((part) => part.trim()).filter(Boolean);
}
