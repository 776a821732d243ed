import { describe, expect, it } from "vitest";
import { type Against, versionChoice } from "./version-choice";

/** Versions 3 (current), 2 and 1, newest first, each written at 10:0N. */
const KEPT = [3, 2, 1].map((version) => ({ version, createdAt: `2026-11-27T10:0${version}:00.000Z` }));

describe("which version the versions screen opens on, and against what", () => {
  it.each<
    [string, { at: string | null; chosen: number | null; against: Against | null }, [number | undefined, number | undefined, Against]]
  >([
    [
      "from the newest change's row: that version against the one before it (not the current against itself)",
      { at: "2026-11-27T10:03:00.200Z", chosen: null, against: null },
      [3, 2, "previous"],
    ],
    [
      "from an older change's row: that version against the one before it",
      { at: "2026-11-27T10:02:00.300Z", chosen: null, against: null },
      [2, 1, "previous"],
    ],
    ["opened without a row: the newest change", { at: null, chosen: null, against: null }, [3, 2, "previous"]],
    ["a version chosen in the list wins over the row", { at: "2026-11-27T10:03:00.200Z", chosen: 2, against: null }, [2, 1, "previous"]],
    ["compared with the current version when asked", { at: null, chosen: 2, against: "current" }, [2, 1, "current"]],
    [
      "the first version kept has nothing before it: against the current one",
      { at: null, chosen: 1, against: null },
      [1, undefined, "current"],
    ],
    [
      "a row older than every kept version: the newest",
      { at: "2026-01-01T00:00:00.000Z", chosen: null, against: null },
      [3, 2, "previous"],
    ],
  ])("%s", (_name, options, [selected, previous, mode]) => {
    const choice = versionChoice(KEPT, options);
    expect([choice.selected?.version, choice.previous?.version, choice.mode]).toEqual([selected, previous, mode]);
  });

  it("shows nothing while no version is kept", () => {
    expect(versionChoice([], { at: null, chosen: null, against: null })).toEqual({
      selected: undefined,
      previous: undefined,
      mode: "current",
    });
  });
});
