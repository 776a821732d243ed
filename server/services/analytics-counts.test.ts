import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Counts, countOf, distinctCount, topCounts } from "./analytics-counts";

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

  it.each([
    ["a raw visit lifts a value past a rolled one", { "/a": 3, "/b": 2 }, { "/b": 2 }, [{ key: "/b", visits: 4 }]],
    ["ties go to the value first in code-point order", { "/b": 2, "/a": 2 }, {}, [{ key: "/a", visits: 2 }]],
    ["a value seen only today ranks too", {}, { "/new": 1 }, [{ key: "/new", visits: 1 }]],
  ])("%s", (_name, rolled, raw, top) => {
    const given = { rolled: { sums: new Map(Object.entries(rolled)) }, raw: new Map(Object.entries(raw)) };
    expect(topCounts(given, 1)).toEqual(top);
  });
});
