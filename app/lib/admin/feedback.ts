/**
 * The one feedback of the back office (issue 32): how an action ended, said in the shell's live regions
 * (`FeedbackRegion`): a success or a progress as a status (polite), a failure as an alert (assertive). One message at
 * a time, the latest; a success goes by itself after `TIMINGS.adminSuccess`, a failure stays until it is closed or
 * replaced. A module store, so a message outlives the screen that gave it (a form that saves and returns to its list).
 */
export type FeedbackTone = "success" | "error" | "progress";
export type FeedbackMessage = { id: number; tone: FeedbackTone; text: string };

let current: FeedbackMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function set(message: FeedbackMessage | null) {
  current = message;
  for (const listener of listeners) listener();
}

const say = (tone: FeedbackTone) => (text: string) => set({ id: nextId++, tone, text });

export const feedback = {
  success: say("success"),
  error: say("error"),
  /** A lasting status (an upload under way), replaced by the outcome. */
  progress: say("progress"),
  /** Closes the message `id` (the close button), unless a newer one took its place. */
  dismiss(id: number) {
    if (current?.id === id) set(null);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): FeedbackMessage | null => current,
};
