/**
 * Per-client limits of what the public can make the site do (counted in the database, see rate-limit-store.ts). Each
 * is one budget per client and purpose (`groupId`): every route, method and spelling that serves the purpose counts
 * against the same counter (the API route and the page's form of the contact message share theirs).
 * docs/threat-model.md names what each one stops.
 */
export const RATE_LIMITS = {
  /** A contact message, through the API or any page action (the contact page's form without JavaScript). */
  contact: { groupId: "contact", max: 5, timeWindow: "1 minute" },
  /** A password or second-factor code sent to sign in (both steps of the sign-in count here). */
  signIn: { groupId: "sign-in", max: 10, timeWindow: "1 minute" },
  /** A signed-in administrator's own password or code, asked again before a sensitive change (decision 0067). */
  reauthentication: { groupId: "reauthentication", max: 10, timeWindow: "1 minute" },
  /** Reading and accepting an invitation link (anonymous): enough for a person, too few to guess tokens. */
  invitation: { groupId: "invitation", max: 10, timeWindow: "1 minute" },
  visits: { groupId: "visits", max: 60, timeWindow: "1 minute" },
  /**
   * Public document downloads per address: far more than a buyer opens, few enough that a script cannot pull 20 MB files
   * in a loop or inflate a product's download count (decision 0109).
   */
  documents: { groupId: "documents", max: 30, timeWindow: "1 minute" },
  /** Adding to or removing from the document pack kept in the cookie (decision 0125). */
  documentPack: { groupId: "document-pack", max: 60, timeWindow: "1 minute" },
  /**
   * A document pack's link page and its files: a buyer opens a few; a script guessing tokens gets 20 tries a minute
   * against 2^256 (decision 0125).
   */
  packLink: { groupId: "pack-link", max: 20, timeWindow: "1 minute" },
  /**
   * Spec sheets and the catalogue as PDFs (decision 0126): cached, but a miss lays out a document, so a script cannot
   * make the server generate without end; a buyer opens a few.
   */
  specSheets: { groupId: "spec-sheets", max: 20, timeWindow: "1 minute" },
  /** Public searches (the `/search` page in any spelling and `GET /api/search`): a person types far fewer. */
  search: { groupId: "search", max: 30, timeWindow: "1 minute" },
  /** The product finder (the `/products` page in any spelling and `GET /api/finder`): a buyer ticking filters. */
  finder: { groupId: "finder", max: 60, timeWindow: "1 minute" },
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Budgets of what the public can make the site write or send beyond the request itself (lib/rate-limit-store.ts,
 * `createBudgets`). Spent budgets never refuse the request: the visitor gets the same answer, the mail or row is skipped.
 */
export const PUBLIC_BUDGETS = {
  /** Confirmations of a contact message to one address (a buyer writes once or twice a day): a victim gets at most this many. */
  confirmationPerRecipient: { max: 3, windowMs: DAY },
  /** Confirmations to anyone: what many addresses together can make the company's mailbox send to strangers. */
  confirmationsPerHour: { max: 60, windowMs: HOUR },
  /** Notifications of new messages to the company's mailbox; beyond, messages wait in the inbox without a mail. */
  notificationsPerHour: { max: 60, windowMs: HOUR },
  /** Searches of one client counted in the audience report per day. */
  searchesRecordedPerClient: { max: 50, windowMs: DAY },
  /** New distinct search terms the report takes per day; beyond, only terms already counted that day grow. */
  newSearchTermsPerDay: { max: 500, windowMs: DAY },
} as const;
