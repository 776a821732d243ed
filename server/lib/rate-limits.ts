/** Per-IP limits of the public write routes (counted in the database, see rate-limit-store.ts). */
export const RATE_LIMITS = {
  /** A contact message, through the API or the contact page's form without JavaScript: one budget for both. */
  contact: { max: 5, timeWindow: "1 minute" },
  signIn: { max: 10, timeWindow: "1 minute" },
  /** Reading and accepting an invitation link (anonymous): enough for a person, too few to guess tokens. */
  invitation: { max: 10, timeWindow: "1 minute" },
  visits: { max: 60, timeWindow: "1 minute" },
  /**
   * Public document downloads per address: far more than a buyer opens, few enough that a script cannot pull 20 MB files
   * in a loop or inflate a product's download count (decision 0109).
   */
  documents: { max: 30, timeWindow: "1 minute" },
} as const;
