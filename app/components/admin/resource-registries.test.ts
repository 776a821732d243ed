import { RESOURCE_TYPES, RESOURCES } from "@shared/resources/index";
import { describe, expect, it } from "vitest";
import * as keySets from "~/lib/admin/query-keys";
import { NAV_RESOURCES } from "./sidebar";

describe("back-office registries derived from the resource declarations (shared/resources)", () => {
  it("the sidebar has an entry for every resource with a screen, and none for one without", () => {
    const withScreen = RESOURCE_TYPES.filter((type) => RESOURCES[type].admin);
    expect([...NAV_RESOURCES].sort()).toEqual([...withScreen].sort());
  });

  it("every resource's query root has its query key, so an invalidation reaches every list and item of it", () => {
    const keys = Object.values(keySets)
      .flatMap((set) => Object.values(set))
      .filter((key): key is readonly string[] => Array.isArray(key));
    for (const type of RESOURCE_TYPES) {
      const root = RESOURCES[type].queryRoot;
      if (root) expect(keys, type).toContainEqual(["admin", root]);
    }
  });
});
