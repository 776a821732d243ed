/** What a version is compared with: the one before it (the change it made), or the item as it is now. */
export type Against = "previous" | "current";

type Kept = { version: number; createdAt: string };

/**
 * Which version the versions screen shows and against what (docs/product.md, "Versions"): the one chosen, else the one
 * the history row was about (the newest not after the row's time `at`), else the newest; compared by default with the
 * kept version before it, so the screen opens on the change itself; the first one kept, with nothing before it, with
 * the current item. `kept` is newest first.
 */
export function versionChoice<V extends Kept>(
  kept: readonly V[],
  { at, chosen, against }: { at: string | null; chosen: number | null; against: Against | null },
): { selected: V | undefined; previous: V | undefined; mode: Against } {
  const byTime = at ? kept.find((v) => v.createdAt <= at) : undefined;
  const wanted = chosen ?? byTime?.version ?? kept[0]?.version;
  const index = kept.findIndex((v) => v.version === wanted);
  const selected = kept[index];
  const previous = index >= 0 ? kept[index + 1] : undefined;
  return { selected, previous, mode: previous && against !== "current" ? "previous" : "current" };
}
