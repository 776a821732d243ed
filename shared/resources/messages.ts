import { contactSubmissionSchema } from "../schemas/contact";
import { defineResource } from "./define";
import { fieldsOf } from "./fields";

/**
 * A buyer's message from the contact form, with the replies sent from the back office. What the buyer wrote is read
 * only: the back office marks it read, moves it out of the spams, replies, exports and erases.
 */
export const messageResource = defineResource({
  type: "message",
  label: { fr: { one: "message", other: "messages" }, en: { one: "message", other: "messages" } },
  fields: fieldsOf(contactSubmissionSchema.shape, contactSubmissionSchema.shape, {
    fullName: ["text", { fr: "Nom", en: "Name" }, { history: false }],
    email: ["text", { fr: "Adresse e-mail", en: "E-mail address" }, { history: false }],
    phone: ["text", { fr: "Téléphone", en: "Phone" }, { history: false }],
    company: ["text", { fr: "Entreprise", en: "Company" }, { history: false }],
    subject: ["text", { fr: "Sujet", en: "Subject" }, { history: false }],
    message: ["longText", { fr: "Message", en: "Message" }, { history: false }],
    lang: ["choice", { fr: "Langue", en: "Language" }, { history: false }],
    productId: ["reference", { fr: "Produit", en: "Product" }, { history: false }],
    productName: ["text", { fr: "Produit", en: "Product" }, { history: false }],
    requestType: ["choice", { fr: "Type de demande", en: "Request type" }, { history: false }],
    application: ["choice", { fr: "Application", en: "Application" }, { history: false }],
    quantity: ["text", { fr: "Quantité", en: "Quantity" }, { history: false }],
    quantityUnit: ["choice", { fr: "Unité", en: "Unit" }, { history: false }],
    country: ["choice", { fr: "Pays", en: "Country" }, { history: false }],
    isRead: ["boolean", { fr: "Lu", en: "Read" }],
    spam: ["boolean", { fr: "Spam", en: "Spam" }],
    replies: ["text", { fr: "Réponses", en: "Replies" }, { history: false }],
    // The conversation (decision 0115): where it stands, and whether the buyer's address bounced.
    state: ["choice", { fr: "État", en: "State" }],
    undeliverable: ["boolean", { fr: "Adresse non distribuable", en: "Undeliverable address" }, { history: false }],
  }),
  // `ref`: the conversation's number in our mails' subjects, derived from the id by the database.
  system: ["_id", "createdAt", "spamReasons", "searchText", "ref"],
  actions: ["list", "read", "switch", "delete", "export", "reply", "bulk"],
  access: { sales: ["list", "read", "switch", "export", "reply", "bulk"] },
  notFound: "message",
  admin: { path: "/admin/contacts", icon: "Mail", nav: { fr: "Messages", en: "Messages" }, group: "buyers" },
  queryRoot: "submissions",
});
