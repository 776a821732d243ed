import { ROLES } from "@shared/roles";
import { describe, expect, it } from "vitest";
import { mayOpen, screenAccess } from "./screen-access";
import { NAV, OWN_SCREENS } from "./sidebar";

describe("which role opens which admin screen (decision 0114)", () => {
  it("maps each path to its subject in one place", () => {
    expect(screenAccess("/admin")).toEqual({ subject: "dashboard", action: "read" });
    expect(screenAccess("/admin/")).toEqual({ subject: "dashboard", action: "read" });
    expect(screenAccess("/admin/contacts")).toEqual({ subject: "message", action: "read" });
    expect(screenAccess("/admin/products/new")).toEqual({ subject: "product", action: "create" });
    expect(screenAccess("/admin/products/edit/abc")).toEqual({ subject: "product", action: "read" });
    expect(screenAccess("/admin/pages/edit/abc")).toEqual({ subject: "page", action: "read" });
    expect(screenAccess("/admin/history/banner/abc")).toEqual({ subject: "banner", action: "read" });
    expect(screenAccess("/admin/history/nothing/abc")).toEqual({ subject: "history", action: "read" });
    expect(screenAccess("/admin/account")).toEqual({ subject: "account", action: "read" });
    expect(screenAccess("/admin/trade-shows")).toEqual({ subject: "trade-show", action: "read" });
    expect(screenAccess("/admin/unknown")).toBeNull();
  });

  it("every sidebar entry's path is claimed, so no entry leads to an unguarded screen", () => {
    for (const screen of OWN_SCREENS) expect(screenAccess(screen.to)?.subject, screen.to).toBe(screen.subject);
    expect(NAV.length).toBeGreaterThan(OWN_SCREENS.length);
  });

  it("refuses what the role may not open, and lets every role open its dashboard and account", () => {
    for (const role of ROLES) {
      expect(mayOpen(role, "/admin"), role).toBe(true);
      expect(mayOpen(role, "/admin/account"), role).toBe(true);
    }
    expect(mayOpen("editor", "/admin/contacts")).toBe(false);
    expect(mayOpen("editor", "/admin/products/new")).toBe(true);
    expect(mayOpen("sales", "/admin/settings")).toBe(false);
    expect(mayOpen("sales", "/admin/products/edit/x")).toBe(true);
    expect(mayOpen("sales", "/admin/products/new")).toBe(false);
    expect(mayOpen("sales", "/admin/history/partner/x")).toBe(false);
    expect(mayOpen("admin", "/admin/privacy")).toBe(true);
  });
});
