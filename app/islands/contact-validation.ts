// zod's setting first (see zod-jitless.ts): this chunk is where the contact island's zod loads.
import "~/lib/zod-jitless";

export { checkContact } from "~/features/inbox/site/contact-check";
