import { z } from "zod";
import { optionalText } from "./common";

/** The signature of one's replies to buyers (Mon compte): name, title, phone; each may be empty (then left out). */
export const SIGNATURE_MAX = 120;
export const signatureSchema = z.object({
  name: optionalText(SIGNATURE_MAX),
  title: optionalText(SIGNATURE_MAX),
  phone: optionalText(SIGNATURE_MAX),
});
export type Signature = z.output<typeof signatureSchema>;
