import { SITE_SETTINGS_DEFAULTS } from "@shared/settings-defaults";
import { describe, expect, it } from "vitest";
import { settingsChanges } from "./settings-changes";

const copy = () => structuredClone(SITE_SETTINGS_DEFAULTS);

describe("settings changes for the history", () => {
  it("lists nothing when nothing changed", () => {
    expect(settingsChanges(copy(), copy())).toEqual([]);
  });

  it("names each changed text by its path, with before and after", () => {
    const after = copy();
    after.home.values[1].title.fr = "Exactitude";
    after.company.phones[0] = { ...after.company.phones[0], number: "+216 71 000 000" } as (typeof after.company.phones)[0];
    expect(settingsChanges(SITE_SETTINGS_DEFAULTS, after)).toEqual([
      { field: "company.phones.0.number", before: "+216 72 000 000", after: "+216 71 000 000" },
      { field: "home.values.1.title.fr", before: "Rigueur scientifique", after: "Exactitude" },
    ]);
  });

  it("shows a list that grew or shrank as the whole list, and a reordered one entry by entry", () => {
    const grown = copy();
    grown.company.social = [{ label: "LinkedIn", url: "https://www.linkedin.com/company/x" }];
    expect(settingsChanges(SITE_SETTINGS_DEFAULTS, grown)).toEqual([
      { field: "company.social", before: "[]", after: '[{"label":"LinkedIn","url":"https://www.linkedin.com/company/x"}]' },
    ]);
    const reordered = copy();
    reordered.home.story.entries.reverse();
    const fields = settingsChanges(SITE_SETTINGS_DEFAULTS, reordered).map((change) => change.field);
    expect(fields).toContain("home.story.entries.0.title.fr");
    expect(fields).not.toContain("home.story.entries.1.title.fr");
  });

  it("cuts long texts as the other history rows do", () => {
    const after = copy();
    after.footer.about.fr = "x".repeat(500);
    const [change] = settingsChanges(SITE_SETTINGS_DEFAULTS, after);
    expect(String(change?.after).length).toBe(200);
  });
});
