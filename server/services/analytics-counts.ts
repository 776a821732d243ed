/**
 * Visits per value of a dimension (paths, referrers, sources…) as the statistics read them: sums kept in memory for
 * the rolled-up days, shared by every request until the rollups change, plus the few values of the visits not rolled
 * up yet (today's). With visits spread over tens of thousands of paths, copying and sorting every value on each
 * request held the event loop for tens of milliseconds, and the cached public pages waited behind it (decision 0129).
 */

type Count = readonly [value: string, visits: number];

/**
 * Rolled-up sums, never changed once built; the head of their ranking is computed on first use and kept. A catch-up
 * inside a window makes new sums at each step (one day more), so the head is ranked without sorting every value.
 */
export type RolledCounts = { readonly sums: ReadonlyMap<string, number>; ranking?: readonly Count[] };
export type Counts = { readonly rolled: RolledCounts; readonly raw: ReadonlyMap<string, number> };
export type TopRow = { key: string; visits: number };

/** Most visits first, ties by value in code-point order: the order of every top list. */
const byVisits = ([keyA, a]: Count, [keyB, b]: Count) => b - a || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0);

/** At least the first `length` values of the rolled ranking (all of them when there are fewer), kept for the next request. */
function rankingOf(rolled: RolledCounts, length: number): readonly Count[] {
  const kept = rolled.ranking;
  if (kept && (kept.length >= length || kept.length === rolled.sums.size)) return kept;
  // At least twice what was kept: a need that grows request after request does not rank again each time.
  rolled.ranking = firstRanked(rolled.sums, Math.max(length, 2 * (kept?.length ?? 0)));
  return rolled.ranking;
}

/**
 * The first `length` entries in `byVisits` order. Fewer than all: a heap of that size whose top is the last ranked
 * kept, so each other value costs one comparison (50,000 referrers: a few milliseconds, where sorting them took ~100).
 */
export function firstRanked(sums: ReadonlyMap<string, number>, length: number): Count[] {
  if (length >= sums.size) return [...sums].sort(byVisits);
  const heap: Count[] = [];
  const after = (i: number, j: number) => byVisits(heap[i] as Count, heap[j] as Count) > 0;
  const swap = (i: number, j: number) => {
    [heap[i], heap[j]] = [heap[j] as Count, heap[i] as Count];
  };
  for (const entry of sums) {
    if (heap.length < length) {
      heap.push(entry);
      for (let i = heap.length - 1, parent = (i - 1) >> 1; i > 0 && after(i, parent); i = parent, parent = (i - 1) >> 1) swap(i, parent);
    } else if (length > 0 && byVisits(entry, heap[0] as Count) < 0) {
      heap[0] = entry;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let last = i;
        if (left < heap.length && after(left, last)) last = left;
        if (right < heap.length && after(right, last)) last = right;
        if (last === i) break;
        swap(i, last);
        i = last;
      }
    }
  }
  return heap.sort(byVisits);
}

/**
 * The `limit` values with the most visits. Exact: a value without raw visits keeps its rolled sum, so past the first
 * `limit` of them in the rolled ranking none can rank higher; every value with raw visits is a candidate with its total.
 */
export function topCounts({ rolled, raw }: Counts, limit: number): TopRow[] {
  const candidates: Count[] = [];
  // Values with raw visits are skipped in the rolled ranking: at most `raw.size` more than `limit` are read.
  for (const count of rankingOf(rolled, limit + raw.size)) {
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
