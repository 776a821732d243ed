/** Business limits (docs/product.md, "Limits and timings"), shared by server validation and client forms. */
export const LIMITS = {
  bannerDescription: 500,
  productShortDescription: 300,
  textBlockContent: 1000,
  /** Visible characters of an editable page's text, per language (decision 0102). */
  pageBodyMax: 50_000,
  tableTitle: 200,
  uploadMaxBytes: 10 * 1024 * 1024,
  dashboardRecentMessages: 5,
  similarProducts: 3,
  /** Product cards per page of a server-rendered category page (`/category/:slug?page=N`). */
  categoryPageSize: 24,
  statsWindowDays: 30,
  chartDays: 7,
  topPages: 10,
  analyticsLatestContacts: 20,
  ticketIdChars: 6,
  pagePathMax: 512,
  referrerMax: 1024,
  contactFullNameMax: 120,
  contactEmailMax: 254,
  contactPhoneMax: 40,
  contactSubjectMax: 200,
  contactMessageMax: 5000,
  /** The company a buyer names in a sample or quote request (decision 0108). */
  contactCompanyMax: 160,
  replyMessageMax: 10000,
  nameMax: 200,
  /** Products one bulk action (`POST /api/products/bulk`) changes at most: one page of the admin list. */
  bulkMax: 200,
  slugMax: 120,
  urlMax: 2048,
  passwordMin: 12,
  passwordMax: 256,
  recentAnalyticsMax: 100,
  utmMax: 200,
  inboxSearchMax: 200,
  /** The admin product search (name FR/EN, slug). */
  productSearchMax: 200,
  reportTopRows: 10,
  /** Products listed in the audience report's conversions table (and its CSV). */
  reportConversionRows: 20,
  /** The public search (decision 0107): longest query, fewest visible characters, words used, cards per page, pages. */
  siteSearchMax: 100,
  siteSearchMinChars: 2,
  siteSearchMaxWords: 8,
  siteSearchPageSize: 24,
  siteSearchMaxPages: 20,
  /** A searched term kept for the audience report is cut to this many characters. */
  siteSearchTermMax: 40,
  /** Paged lists (decision 0092): rows per page by default and at most, and the longest cursor accepted. */
  pageDefault: 50,
  pageMax: 200,
  /**
   * Largest body of a page action (the contact form sent without JavaScript): every field at its longest, url-encoded
   * (a non-Latin character takes up to 12 bytes), fits; beyond, 413 and the rest is not read.
   */
  pageFormBodyMaxBytes: 128 * 1024,
  cursorMax: 512,
  /** SEO fields of products and categories: hard limits, and the lengths search engines show in full. */
  metaTitleMax: 120,
  metaDescriptionMax: 320,
  metaTitleRecommended: 60,
  metaDescriptionRecommended: 160,
  /** Site settings (issue 20): labels (phone, e-mail, period…), paragraphs, the address, and list lengths. */
  settingsLabelMax: 80,
  settingsTextMax: 1000,
  settingsAddressMax: 300,
  settingsContactsMax: 5,
  settingsSocialMax: 8,
  settingsTimelineMax: 12,
} as const;

/**
 * The conversation with a buyer by mail (decision 0115): what one imported mail may bring in, and what one reply may
 * carry. A larger mail is imported without its body (a notice says so); a larger file is listed but not kept.
 */
export const MAIL_LIMITS = {
  /** An incoming mail's whole source; beyond it only its headers are read. */
  inboundSourceMaxBytes: 16 * 1024 * 1024,
  /** One file attached to an incoming mail; beyond it the file is listed by name and size only. */
  inboundAttachmentMaxBytes: 10 * 1024 * 1024,
  /** Files kept from one incoming mail. */
  inboundAttachmentsMax: 20,
  /** Mails imported into one conversation; beyond (a loop, a flood), they stay in the mailbox. */
  threadMailsMax: 500,
  /** Characters of text kept from one incoming mail (stripped and full). */
  inboundTextMaxChars: 100_000,
  /** Everything attached to one reply, documents and uploaded files together. */
  replyAttachmentsMaxBytes: 10 * 1024 * 1024,
  replyAttachmentsMax: 10,
  /** Messages fetched from the mailbox in one round before looking at the lease again. */
  pollBatch: 25,
} as const;

/** Upload folders the server accepts (docs/product.md, "API": the client always uses "algues"). */
export const UPLOAD_FOLDERS = ["algues"] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];
export const DEFAULT_UPLOAD_FOLDER: UploadFolder = "algues";

/** Responsive widths produced for every uploaded image (WebP). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

/** Timings (docs/product.md, "Limits and timings"), in milliseconds. */
export const TIMINGS = {
  contactToast: 3000,
  /** A success of the back office's one feedback, e.g. the banner's "Opération réussie !" (spec: 2-3 s). */
  adminSuccess: 2500,
  replySuccess: 3000,
  replyError: 5000,
  /** The "reply saved, e-mail queued" banner: longer than a success, it says something the admin should read. */
  replyQueued: 5000,
  /** How often the inbox is read again while a reply's e-mail is queued. */
  queuedReplyRefresh: 15_000,
  /** How often the inbox and the open conversation are read again while buyers' answers are imported (IMAP_URL). */
  inboundRefresh: 60_000,
  replyEmpty: 3000,
  partnerCarouselLoop: 30000,
  scrollDelay: 100,
  scrollOffsetSmall: 80,
  uploadCompletedShown: 1000,
} as const;

export const SIDEBAR_BREAKPOINT_PX = 1024;

/** Upload progress markers (docs/product.md, "Images in forms"). */
export const UPLOAD_PROGRESS = { start: 5, sendFrom: 20, sendTo: 80, response: 90, done: 100 } as const;

export const STORAGE_KEYS = { token: "authToken", user: "user" } as const;
