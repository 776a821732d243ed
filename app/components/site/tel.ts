/** A `tel:` link for a displayed phone number ("+216 72 000 000" → "tel:+21672000000"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;
