import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Counts, countOf, distinctCount, firstRanked, type RolledCounts, topCounts } from "./analytics-counts";

/** Every value's total, as one map. */
function merged({ rolled, raw }: Counts): Map<string, number> {
  const all = new Map(rolled.sums);
  for (const [key, visits] of raw) all.set(key, (all.get(key) ?? 0) + visits);
  return all;
}

/** The plain way: every value's total, all sorted. */
function naiveTop(counts: Counts, limit: number) {
  return [...merged(counts)]
    .sort(([keyA, a], [keyB, b]) => b - a || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
    .slice(0, limit)
    .map(([key, visits]) => ({ key, visits }));
}

// Few distinct values and visit counts, so that values overlap between rolled and raw and ties are frequent.
const value = fc.constantFrom("/", "/a", "/b", "/c", "/d", "/e", "/f", "/g", "/h", "/produit/x");
const sums = fc.array(fc.tuple(value, fc.integer({ min: 1, max: 5 }))).map((pairs) => new Map(pairs));
const counts = fc.record({ rolled: sums.map((rolledSums) => ({ sums: rolledSums })), raw: sums });

describe("visit counts of the statistics", () => {
  it("ranks the top values, counts the distinct ones and reads one value's total exactly as summing and sorting everything would", () => {
    fc.assert(
      fc.property(counts, fc.integer({ min: 0, max: 12 }), (given, limit) => {
        expect(topCounts(given, limit)).toEqual(naiveTop(given, limit));
        const all = merged(given);
        expect(distinctCount(given)).toBe(all.size);
        for (const [key, visits] of all) expect(countOf(given, key)).toBe(visits);
        expect(countOf(given, "/never")).toBe(0);
        // The rolled sums' ranking is kept for the next request and gives the same answer again.
        expect(topCounts(given, limit)).toEqual(naiveTop(given, limit));
      }),
      { numRuns: 500 },
    );
  });

  it("ranks the first values of many exactly as sorting them all would, however many are asked for", () => {
    const many = fc
      .array(fc.tuple(fc.string({ maxLength: 3 }), fc.integer({ min: 1, max: 4 })), { maxLength: 200 })
      .map((pairs) => new Map(pairs));
    fc.assert(
      fc.property(many, fc.integer({ min: 0, max: 220 }), (sums, length) => {
        const sorted = [...sums].sort(([keyA, a], [keyB, b]) => b - a || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0));
        expect(firstRanked(sums, length)).toEqual(sorted.slice(0, length));
      }),
      { numRuns: 500 },
    );
  });

  it("answers again from the kept ranking when today's values change, and ranks further when more are needed", () => {
    const rolled: RolledCounts = {
      sums: new Map(Array.from({ length: 100 }, (_, i) => [`/p${String(i).padStart(3, "0")}`, 100 - i] as const)),
    };
    expect(topCounts({ rolled, raw: new Map([["/new", 1]]) }, 2)).toEqual([
      { key: "/p000", visits: 100 },
      { key: "/p001", visits: 99 },
    ]);
    const kept = rolled.ranking;
    expect(kept?.length).toBe(3);
    expect(topCounts({ rolled, raw: new Map([["/p000", 1]]) }, 2).map((row) => row.key)).toEqual(["/p000", "/p001"]);
    expect(rolled.ranking).toBe(kept);
    // Today's visits on the first 10 ranked: the rolled ranking is read further.
    const raw = new Map(Array.from({ length: 10 }, (_, i) => [`/p${String(i).padStart(3, "0")}`, 0] as const));
    expect(topCounts({ rolled, raw }, 12).at(-1)).toEqual({ key: "/p011", visits: 89 });
  });

  it.each([
    ["a raw visit lifts a value past a rolled one", { "/a": 3, "/b": 2 }, { "/b": 2 }, [{ key: "/b", visits: 4 }]],
    ["ties go to the value first in code-point order", { "/b": 2, "/a": 2 }, {}, [{ key: "/a", visits: 2 }]],
    ["a value seen only today ranks too", {}, { "/new": 1 }, [{ key: "/new", visits: 1 }]],
  ])("%s", (_name, rolled, raw, top) => {
    const given = { rolled: { sums: new Map(Object.entries(rolled)) }, raw: new Map(Object.entries(raw)) };
    expect(topCounts(given, 1)).toEqual(top);
  });
});
