import { describe, expect, it } from "vitest";
import { movedIds } from "./api";

describe("category order", () => {
  const list = [{ _id: "a" }, { _id: "b" }, { _id: "c" }];

  it("moving an item down swaps it with the next one and keeps every id once", () => {
    expect(movedIds(list, 0, 1)).toEqual(["b", "a", "c"]);
  });

  it("moving the last item up puts it before the previous one", () => {
    expect(movedIds(list, 2, 1)).toEqual(["a", "c", "b"]);
  });

  it("leaves the given list untouched (the cache it comes from is rolled back to it)", () => {
    movedIds(list, 0, 2);
    expect(list.map((c) => c._id)).toEqual(["a", "b", "c"]);
  });
});
