import { expect, it } from "vitest";
import { formatFrenchDateTime } from "./format-date";

it("formats a date as dd/mm/yyyy hh:mm in French", () => {
  const iso = new Date(2025, 2, 7, 9, 5).toISOString();
  expect(formatFrenchDateTime(iso)).toBe("07/03/2025 09:05");
});
