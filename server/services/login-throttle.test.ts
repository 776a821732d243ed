import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { loginThrottle } from "../db/schema/index";
import { createLoginThrottle, LOCKOUT, type LoginThrottle } from "./login-throttle";

let ctx: TestContext;
let throttle: LoginThrottle;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext({ withAdmin: false });
  throttle = createLoginThrottle(ctx.database.db, "test-address-key");
});
afterAll(() => ctx.close());

/** A fresh account name and address for each test: the counters are keyed on both. */
function fresh() {
  seq += 1;
  return { email: `throttle-${seq}@test.local`, ip: `192.0.2.${seq}` };
}

/** The address's counter of `email` from `ip` as stored: failures and `last_at` exactly (text). */
async function pairRow(email: string, ip: string) {
  const [row] = await ctx.database.db
    .select({ failures: loginThrottle.failures, lastAt: sql<string>`${loginThrottle.lastAt}::text` })
    .from(loginThrottle)
    .where(eq(loginThrottle.key, `pair:${email}:${throttle.hashAddress(ip)}`));
  if (!row) throw new Error("no counter");
  return row;
}

/** Moves the counter back in time, as if that long had passed (the lock runs on the database clock). */
async function age(email: string, ip: string, seconds: number) {
  await ctx.database.db
    .update(loginThrottle)
    .set({ lastAt: sql`${loginThrottle.lastAt} - ${`${seconds} seconds`}::interval` })
    .where(eq(loginThrottle.key, `pair:${email}:${throttle.hashAddress(ip)}`));
}

/** `n` wrong answers: counted, never given back. */
async function wrong(email: string, ip: string, n: number) {
  for (let i = 0; i < n; i++) expect((await throttle.attempt(email, ip, undefined)).lockedSeconds).toBe(0);
}

describe("an attempt given back (a right password while a code is still asked)", () => {
  it("puts the lock's start back where it was: a lock that ran out stays run out, and the count stays", async () => {
    const { email, ip } = fresh();
    await wrong(email, ip, LOCKOUT.address.threshold);
    await age(email, ip, 61);
    const before = await pairRow(email, ip);

    const rightPassword = await throttle.attempt(email, ip, undefined);
    expect(rightPassword.lockedSeconds).toBe(0);
    await rightPassword.notCounted();

    expect(await pairRow(email, ip)).toEqual(before);
    const code = await throttle.attempt(email, ip, undefined);
    expect(code.lockedSeconds).toBe(0);
    // A wrong code now locks twice as long: giving the password's attempt back forgot none of the wrong ones.
    expect((await throttle.attempt(email, ip, undefined)).lockedSeconds).toBeGreaterThan(110);
  });

  // Two attempts `a` then `b` in flight after `earlier` counted ones; either may turn out right (given back).
  it.each([
    { givenBack: ["a"], failures: 4, lockFrom: "b" },
    { givenBack: ["b"], failures: 4, lockFrom: "a" },
    { givenBack: ["b", "a"], failures: 3, lockFrom: "earlier" },
    // `b`'s time was written over `a`'s, so `a`'s own is all that is left to put back: a lock from a bit later, never earlier.
    { givenBack: ["a", "b"], failures: 3, lockFrom: "a" },
  ] as const)(
    "with parallel attempts, giving back $givenBack leaves $failures failures locked from $lockFrom",
    async ({ givenBack, failures, lockFrom }) => {
      const { email, ip } = fresh();
      await wrong(email, ip, 3);
      await age(email, ip, 300);
      const earlier = (await pairRow(email, ip)).lastAt;
      const a = await throttle.attempt(email, ip, undefined);
      const atA = (await pairRow(email, ip)).lastAt;
      const b = await throttle.attempt(email, ip, undefined);
      const atB = (await pairRow(email, ip)).lastAt;
      expect(new Set([earlier, atA, atB]).size).toBe(3);
      for (const name of givenBack) await { a, b }[name].notCounted();
      const row = await pairRow(email, ip);
      expect(row.failures).toBe(failures);
      expect(row.lastAt).toBe({ earlier, a: atA, b: atB }[lockFrom]);
    },
  );
});
