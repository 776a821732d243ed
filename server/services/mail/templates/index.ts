/**
 * The company's mails, each as a subject, a text part and an HTML part built from one content (decision 0116): the
 * buyer's confirmation, the company's notification, the team's reply and the invitation to the back office.
 */
export { brandFrom, MAIL_LOGO_PATH, type MailBrand } from "./brand";
export { type ConfirmationInput, confirmationMail } from "./confirmation";
export type { RenderedMail } from "./content";
export { type InvitationInput, invitationMail } from "./invitation";
export { type NotificationInput, notificationMail } from "./notification";
export { type PackMailInput, packMail } from "./pack";
export { mailDate, quotedLines, quoteHeader } from "./quote";
export { type ReplyInput, replyMail } from "./reply";
export { type MailSignature, signatureLines } from "./signature";
