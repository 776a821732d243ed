/**
 * Visits per value of a dimension (paths, referrers, sources…) as the statistics read them: sums kept in memory for
 * the rolled-up days, shared by every request until the rollups change, plus the few values of the visits not rolled
 * up yet (today's). With visits spread over tens of thousands of paths, copying and sorting every value on each
 * request held the event loop for tens of milliseconds, and the cached public pages waited behind it (decision 0129).
 */

type Count = readonly [value: string, visits: number];

/** Rolled-up sums, never changed once built; their ranking is computed once, on first use. */
export type RolledCounts = { readonly sums: ReadonlyMap<string, number>; ranking?: readonly Count[] };
export type Counts = { readonly rolled: RolledCounts; readonly raw: ReadonlyMap<string, number> };
export type TopRow = { key: string; visits: number };

/** Most visits first, ties by value in code-point order: the order of every top list. */
const byVisits = ([keyA, a]: Count, [keyB, b]: Count) => b - a || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0);

function rankingOf(rolled: RolledCounts): readonly Count[] {
  rolled.ranking ??= [...rolled.sums].sort(byVisits);
  return rolled.ranking;
}

/**
 * The `limit` values with the most visits. Exact: a value without raw visits keeps its rolled sum, so past the first
 * `limit` of them in the rolled ranking none can rank higher; every value with raw visits is a candidate with its total.
 */
export function topCounts({ rolled, raw }: Counts, limit: number): TopRow[] {
  const candidates: Count[] = [];
  for (const count of rankingOf(rolled)) {
    if (candidates.length >= limit) break;
    if (!raw.has(count[0])) candidates.push(count);
  }
  for (const [key, visits] of raw) candidates.push([key, visits + (rolled.sums.get(key) ?? 0)]);
  return candidates
    .sort(byVisits)
    .slice(0, limit)
    .map(([key, visits]) => ({ key, visits }));
}

/** How many distinct values were visited. */
export function distinctCount({ rolled, raw }: Counts): number {
  let size = rolled.sums.size;
  for (const key of raw.keys()) if (!rolled.sums.has(key)) size += 1;
  return size;
}

/** One value's total. */
export function countOf({ rolled, raw }: Counts, key: string): number {
  return (rolled.sums.get(key) ?? 0) + (raw.get(key) ?? 0);
}
