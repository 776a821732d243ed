import { RESOURCE_TYPES, RESOURCES, resourceOf } from "@shared/resources/index";
import { describe, expect, it } from "vitest";
import * as keySets from "~/lib/admin/query-keys";
import { resourceKey } from "~/lib/admin/query-keys";
import { NAV, NAV_GROUPS, NAV_RESOURCES, OWN_SCREENS } from "./sidebar";

describe("back-office registries derived from the resource declarations (shared/resources)", () => {
  it("the sidebar has an entry for every resource with a screen, and none for one without", () => {
    const withScreen = RESOURCE_TYPES.filter((type) => RESOURCES[type].admin);
    expect([...NAV_RESOURCES].sort()).toEqual([...withScreen].sort());
  });

  it("the sidebar groups the entries (content, buyers, site, security), each in the declarations' order (docs/product.md, Navigation)", () => {
    const shown = NAV_GROUPS.map(({ group, items }) => [group, items.map((item) => ("resource" in item ? item.resource : item.to))]);
    expect(shown).toEqual([
      [null, ["/admin"]],
      ["content", ["product", "category", "banner", "partner", "certification", "trade-show", "application", "function", "page", "media"]],
      ["buyers", ["message", "/admin/analytics"]],
      ["site", ["settings", "redirect"]],
      ["security", ["user", "/admin/history", "/admin/privacy"]],
    ]);
    // The entries the specification names keep its order: Dashboard, Produits, Bannière, Messages, Analytics.
    const order = NAV.map((item) => ("resource" in item ? item.resource : item.to));
    const named = ["/admin", "product", "banner", "message", "/admin/analytics"];
    expect(order.filter((entry) => named.includes(entry))).toEqual(named);
    for (const screen of OWN_SCREENS) if (screen.after) expect(NAV_RESOURCES, screen.to).toContain(screen.after);
  });

  it("every resource's query root has its query key, so an invalidation reaches every list and item of it", () => {
    const listed = Object.values(keySets)
      .flatMap((set) => Object.values(set))
      .filter((key): key is readonly string[] => Array.isArray(key));
    for (const type of RESOURCE_TYPES) {
      const root = resourceOf(type).queryRoot;
      if (!root) continue;
      // A declared screen reads its key from the declaration; the other screens from the listed keys.
      if (resourceOf(type).admin?.screen) expect(resourceKey(type), type).toEqual(["admin", root]);
      else expect(listed, type).toContainEqual(["admin", root]);
    }
  });

  it("every declared screen has a query root, its list's API path and key", () => {
    for (const type of RESOURCE_TYPES) if (resourceOf(type).admin?.screen) expect(resourceOf(type).queryRoot, type).toBeTruthy();
  });
});
