/**
 * Where a conversation with a buyer stands (decision 0115), the order the inbox's filters show them in:
 * - `new`: the buyer wrote, nobody answered yet;
 * - `waiting_us`: the buyer answered after one of our replies ("en attente de notre réponse");
 * - `waiting_customer`: we replied last and wait for the buyer;
 * - `answered`: the team closed it once the buyer has what they need (or a reply was made before states existed).
 * A buyer's answer moves any state to `waiting_us`; automatic replies and delivery failures move nothing.
 */
export const THREAD_STATES = ["new", "waiting_us", "waiting_customer", "answered"] as const;
export type ThreadState = (typeof THREAD_STATES)[number];

/** The states a thread waits for the team in: the dashboard counts them. */
export const WAITING_FOR_US: readonly ThreadState[] = ["new", "waiting_us"];

export const THREAD_STATE_LABELS: Record<ThreadState, { fr: string; en: string }> = {
  new: { fr: "Nouveau", en: "New" },
  waiting_us: { fr: "En attente de notre réponse", en: "Waiting for our answer" },
  waiting_customer: { fr: "En attente du client", en: "Waiting for the buyer" },
  answered: { fr: "Répondu", en: "Answered" },
};
