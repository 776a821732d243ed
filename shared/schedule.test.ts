import { describe, expect, it } from "vitest";
import { formatSiteDateTime, fromSiteLocalInput, parseTimestamp, scheduleState, scheduleTimeSchema, toSiteLocalInput } from "./schedule";

describe("schedule times in Tunisia's time zone", () => {
  it("read a site-local time as UTC+1, across midnight and the new year", () => {
    expect(fromSiteLocalInput("2026-06-15T12:00")).toBe("2026-06-15T11:00:00.000Z");
    expect(fromSiteLocalInput("2027-01-01T00:30")).toBe("2026-12-31T23:30:00.000Z");
    expect(fromSiteLocalInput("2026-03-01T00:00")).toBe("2026-02-28T23:00:00.000Z");
  });

  it("keep UTC+1 all year: no daylight saving in March or October (Europe's change dates)", () => {
    for (const local of ["2026-03-29T02:30", "2026-03-29T03:30", "2026-10-25T02:30", "2026-10-25T03:30", "2026-07-01T00:00"]) {
      const utc = fromSiteLocalInput(local);
      expect(utc).not.toBeNull();
      expect(Date.parse(`${local}:00Z`) - Date.parse(utc ?? "")).toBe(3_600_000);
      expect(toSiteLocalInput(utc)).toBe(local);
    }
  });

  it("show a stored instant (ISO or PostgreSQL text) in site-local time, the day after when past 23:00 UTC", () => {
    expect(toSiteLocalInput("2026-12-31 23:30:00+00")).toBe("2027-01-01T00:30");
    expect(toSiteLocalInput("2026-12-31T23:30:00.123456+00:00")).toBe("2027-01-01T00:30");
    expect(formatSiteDateTime("2026-12-31T23:30:00Z")).toBe("01/01/2027 00:30");
    expect(toSiteLocalInput(null)).toBe("");
  });

  it("refuse dates that do not exist and text that is not a time", () => {
    expect(fromSiteLocalInput("2026-02-29T10:00")).toBeNull();
    expect(fromSiteLocalInput("2026-04-31T10:00")).toBeNull();
    expect(fromSiteLocalInput("2026-01-01T24:00")).toBeNull();
    expect(parseTimestamp("demain")).toBeNull();
    for (const value of ["2026-02-30T10:00:00Z", "tomorrow", "2026-01-01", "2026-01-01T10:00:00"]) {
      expect(scheduleTimeSchema.safeParse(value).success, value).toBe(false);
    }
  });

  it("take empty and null as no time, and an ISO or PostgreSQL instant as UTC ISO", () => {
    expect(scheduleTimeSchema.parse("")).toBeNull();
    expect(scheduleTimeSchema.parse(null)).toBeNull();
    expect(scheduleTimeSchema.parse(undefined)).toBeUndefined();
    expect(scheduleTimeSchema.parse("2026-12-01T10:00:00+01:00")).toBe("2026-12-01T09:00:00.000Z");
    expect(scheduleTimeSchema.parse("2026-12-01 09:00:00+00")).toBe("2026-12-01T09:00:00.000Z");
  });
});

describe("schedule states", () => {
  const window = { startsAt: "2026-12-01T09:00:00Z", endsAt: "2026-12-01T10:00:00Z" };
  it("are scheduled before the start, running from it, ended from the end on", () => {
    expect(scheduleState(window, Date.parse("2026-12-01T08:59:59.999Z"))).toBe("scheduled");
    expect(scheduleState(window, Date.parse("2026-12-01T09:00:00Z"))).toBe("running");
    expect(scheduleState(window, Date.parse("2026-12-01T10:00:00Z"))).toBe("ended");
    expect(scheduleState({ startsAt: null, endsAt: null }, 0)).toBeNull();
  });
});
