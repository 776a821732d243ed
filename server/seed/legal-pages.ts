import { type RichBlock, type RichDoc, type RichInline, richToPlain } from "@shared/schemas/rich-text";
import type { PageKey } from "@shared/schemas/site-page";

/**
 * The drafts of the legal notice and the privacy policy (decision 0102), inserted by migration 0014 on every database
 * (new or existing) and written out by `scripts/legal-pages-sql.ts`. Bracketed texts are the company facts to fill in:
 * while one is left the drafts are not published (migration 0028) and the dashboard's setup checklist lists them.
 * Written for a Tunisian supplier: Loi organique n° 2004-63 du 27 juillet 2004 (personal data), and the GDPR for
 * visitors in the European Union (information at collection, art. 13).
 */

const p = (...parts: (string | RichInline)[]): RichBlock => ({
  type: "paragraph",
  content: parts.map((part) => (typeof part === "string" ? { type: "text", text: part } : part)),
});
const b = (text: string): RichInline => ({ type: "text", text, marks: [{ type: "bold" }] });
const h = (text: string): RichBlock => ({ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text }] });
const ul = (...items: string[]): RichBlock => ({
  type: "bulletList",
  content: items.map((text) => ({ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text }] }] })),
});
const doc = (...content: RichBlock[]): RichDoc => ({ type: "doc", content });
const link = (text: string, href: string): RichInline => ({ type: "text", text, marks: [{ type: "link", attrs: { href, target: null } }] });

export type LegalPageDraft = {
  key: PageKey;
  slugFr: string;
  slugEn: string;
  titleFr: string;
  titleEn: string;
  bodyFr: RichDoc;
  bodyEn: RichDoc;
  metaDescriptionFr: string;
  metaDescriptionEn: string;
};

/** A text left to fill in: a "[" in the text a reader sees (migration 0028 tests the same in SQL). */
export const hasPlaceholders = (doc: RichDoc): boolean => richToPlain(doc).includes("[");

export const LEGAL_PAGES: LegalPageDraft[] = [
  {
    key: "legal-notice",
    slugFr: "mentions-legales",
    slugEn: "legal-notice",
    titleFr: "Mentions légales",
    titleEn: "Legal notice",
    metaDescriptionFr: "Éditeur, directeur de la publication et hébergeur du site Marine Algae of Tunisia.",
    metaDescriptionEn: "Publisher, publication director and host of the Marine Algae of Tunisia website.",
    bodyFr: doc(
      p(
        b("Brouillon à compléter : "),
        "remplacez chaque texte entre crochets par les informations de la société, puis supprimez ce paragraphe.",
      ),
      h("Éditeur du site"),
      ul(
        "Raison sociale : [raison sociale et forme juridique, ex. SARL]",
        "Capital social : [montant en dinars]",
        "Siège social : [adresse complète], Bizerte, Tunisie",
        "Identifiant unique / matricule fiscal : [numéro]",
        "Registre national des entreprises (RNE) : [numéro d'immatriculation]",
        "Téléphone : [numéro] — e-mail : [adresse de contact]",
      ),
      h("Directeur de la publication"),
      p("[Nom et fonction de la personne responsable du contenu du site]"),
      h("Hébergement"),
      p("[Nom de l'hébergeur, adresse, téléphone ; pays où sont hébergées les données]"),
      h("Propriété intellectuelle"),
      p(
        "Les textes, photographies, logos et marques présents sur ce site appartiennent à [raison sociale] ou à leurs auteurs. Toute reproduction sans autorisation écrite est interdite.",
      ),
      h("Données personnelles"),
      p(
        "Le traitement des données transmises par le formulaire de contact est décrit dans notre ",
        link("politique de confidentialité", "/page/politique-de-confidentialite"),
        ".",
      ),
    ),
    bodyEn: doc(
      p(b("Draft to complete: "), "replace each bracketed text with the company's facts, then delete this paragraph."),
      h("Publisher"),
      ul(
        "Company name: [registered name and legal form, e.g. SARL]",
        "Share capital: [amount in dinars]",
        "Registered office: [full address], Bizerte, Tunisia",
        "Tax identification number: [number]",
        "National Business Register (RNE): [registration number]",
        "Phone: [number] — e-mail: [contact address]",
      ),
      h("Publication director"),
      p("[Name and position of the person responsible for the site's content]"),
      h("Hosting"),
      p("[Host's name, address, phone; country where the data is hosted]"),
      h("Intellectual property"),
      p(
        "The texts, photographs, logos and trademarks on this site belong to [company name] or to their authors. Any reproduction without written permission is prohibited.",
      ),
      h("Personal data"),
      p(
        "How the data sent through the contact form is processed is described in our ",
        link("privacy policy", "/page/privacy-policy?lang=en"),
        ".",
      ),
    ),
  },
  {
    key: "privacy-policy",
    slugFr: "politique-de-confidentialite",
    slugEn: "privacy-policy",
    titleFr: "Politique de confidentialité",
    titleEn: "Privacy policy",
    metaDescriptionFr: "Quelles données nous recevons, pourquoi, combien de temps nous les gardons et comment exercer vos droits.",
    metaDescriptionEn: "What data we receive, why, how long we keep it and how to exercise your rights.",
    bodyFr: doc(
      p(b("Brouillon à compléter : "), "remplacez chaque texte entre crochets, faites relire ce texte, puis supprimez ce paragraphe."),
      h("Responsable du traitement"),
      p("[Raison sociale], [adresse du siège], Bizerte, Tunisie — contact pour les données personnelles : [adresse e-mail]."),
      h("Données collectées et finalité"),
      p(
        "Le formulaire de contact nous transmet votre nom, votre adresse e-mail, votre téléphone s'il est indiqué, l'objet et le message. Ces données servent uniquement à répondre à votre demande (devis, échantillon, information) ; elles ne sont ni vendues ni utilisées pour de la prospection.",
      ),
      p(
        "Le site ne dépose aucun cookie et ne conserve aucune adresse IP. Il compte les pages vues (page, site d'origine, type d'appareil) sans identifier les visiteurs.",
      ),
      h("Base légale"),
      ul(
        "Loi organique n° 2004-63 du 27 juillet 2004 portant sur la protection des données à caractère personnel (Tunisie) : [numéro de déclaration ou d'autorisation auprès de l'INPDP].",
        "Pour les visiteurs de l'Union européenne, règlement (UE) 2016/679 (RGPD) : traitement nécessaire à la réponse demandée (mesures précontractuelles, art. 6.1.b).",
      ),
      h("Durée de conservation"),
      p("Un message et nos réponses sont supprimés 3 ans après le dernier échange ; les statistiques de visite détaillées, après 13 mois."),
      h("Destinataires et transferts"),
      p(
        "Seule l'équipe commerciale de [raison sociale] lit les messages. Hébergement : [hébergeur et pays]. [Indiquer tout transfert hors de Tunisie ou de l'Union européenne et ses garanties.]",
      ),
      h("Vos droits"),
      p(
        "Vous pouvez demander l'accès à vos données, leur rectification ou leur suppression, et vous opposer à leur traitement, en écrivant à [adresse e-mail]. Vous pouvez aussi saisir l'Instance nationale de protection des données personnelles (INPDP) ou, dans l'Union européenne, l'autorité de protection des données de votre pays.",
      ),
    ),
    bodyEn: doc(
      p(b("Draft to complete: "), "replace each bracketed text, have this text reviewed, then delete this paragraph."),
      h("Data controller"),
      p("[Company name], [registered office address], Bizerte, Tunisia — contact for personal data: [e-mail address]."),
      h("Data collected and purpose"),
      p(
        "The contact form sends us your name, your e-mail address, your phone number if given, the subject and the message. This data is used only to answer your request (quote, sample, information); it is neither sold nor used for marketing.",
      ),
      p(
        "The site sets no cookie and keeps no IP address. It counts page views (page, referring site, device type) without identifying visitors.",
      ),
      h("Legal basis"),
      ul(
        "Organic Law No. 2004-63 of 27 July 2004 on the protection of personal data (Tunisia): [declaration or authorisation number with the INPDP].",
        "For visitors in the European Union, Regulation (EU) 2016/679 (GDPR): processing needed for the answer you asked for (pre-contractual steps, art. 6(1)(b)).",
      ),
      h("Retention"),
      p("A message and our replies are deleted 3 years after the last exchange; detailed visit statistics after 13 months."),
      h("Recipients and transfers"),
      p(
        "Only [company name]'s sales team reads the messages. Hosting: [host and country]. [State any transfer outside Tunisia or the European Union and its safeguards.]",
      ),
      h("Your rights"),
      p(
        "You may ask to access, correct or erase your data, and object to its processing, by writing to [e-mail address]. You may also complain to Tunisia's data protection authority (INPDP) or, in the European Union, to your country's data protection authority.",
      ),
    ),
  },
];
