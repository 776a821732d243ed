import { describe, expect, it } from "vitest";
import { RESOURCE_TYPES } from "../resources/index";
import { HISTORY_TYPES } from "./history";

describe("the history types", () => {
  it("are every resource's type, then the image, the account and the privacy requests", () => {
    expect(HISTORY_TYPES).toEqual([...RESOURCE_TYPES, "image", "account", "privacy"]);
    expect(new Set(HISTORY_TYPES).size).toBe(HISTORY_TYPES.length);
  });
});
