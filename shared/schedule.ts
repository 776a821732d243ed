import { z } from "zod";
import { msg } from "./validation-messages";

/**
 * The site's time zone: schedule times are entered and shown in it, and stored in UTC (docs/product.md, "Scheduling").
 * Tunisia has had no daylight saving time since 2009 (UTC+1 all year); the conversions below still ask `Intl` for the
 * offset of each instant, so they stay right should that change.
 */
export const SITE_TIME_ZONE = "Africa/Tunis";

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const wallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The site's wall-clock fields of an instant. */
function wallFields(ms: number): Record<"year" | "month" | "day" | "hour" | "minute" | "second", number> {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Milliseconds the site's time zone is ahead of UTC at this instant. */
function offsetAt(ms: number): number {
  const f = wallFields(ms);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** `YYYY-MM-DDTHH:mm` (a `datetime-local` input's value) in the site's time zone, of an instant (ISO or PostgreSQL text). */
export function toSiteLocalInput(timestamp: string | null | undefined): string {
  if (!timestamp) return "";
  const ms = parseTimestamp(timestamp);
  if (ms === null) return "";
  const f = wallFields(ms);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${String(f.year).padStart(4, "0")}-${two(f.month)}-${two(f.day)}T${two(f.hour)}:${two(f.minute)}`;
}

/** The UTC ISO instant of a site-local `YYYY-MM-DDTHH:mm`, or null when it is not one. */
export function fromSiteLocalInput(local: string): string | null {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // Two passes: the offset of the guess, then of the instant it gives (right across an offset change too).
  let ms = asUtc - offsetAt(asUtc);
  ms = asUtc - offsetAt(ms);
  return new Date(ms).toISOString();
}

/** Milliseconds of an ISO string or of PostgreSQL's `2026-11-24 10:00:00+00`, or null. */
export function parseTimestamp(timestamp: string): number | null {
  if (!INSTANT.test(timestamp)) return null;
  const iso = timestamp
    .replace(" ", "T")
    .replace(/([+-]\d{2})$/, "$1:00")
    .replace(/([+-]\d{2})(\d{2})$/, "$1:$2");
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** An instant with its offset: ISO 8601, or PostgreSQL's text of a timestamptz (what the API answers). */
const INSTANT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** dd/mm/yyyy hh:mm in the site's time zone (the admin lists). */
export function formatSiteDateTime(timestamp: string): string {
  const local = toSiteLocalInput(timestamp);
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(local);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : timestamp;
}

const SCHEDULE_TIME_MESSAGE = msg("schedule.invalid_time");

/**
 * An optional schedule time as the API and the forms take it: an ISO instant with its offset, or a site-local
 * `YYYY-MM-DDTHH:mm` (the form's input, read in SITE_TIME_ZONE); empty or null for none. Always a UTC ISO string
 * (or null) after parsing.
 */
export const scheduleTimeSchema = z
  .union([z.null(), z.literal(""), z.string().max(40)])
  .transform((value, ctx) => {
    if (value === null || value === "") return null;
    const utc = LOCAL_DATE_TIME.test(value) ? fromSiteLocalInput(value) : isoWithOffset(value);
    if (utc === null) {
      ctx.addIssue({ code: "custom", message: SCHEDULE_TIME_MESSAGE });
      return z.NEVER;
    }
    return utc;
  })
  .optional();

/** An instant with its offset (ISO, or the API's own PostgreSQL text) as a UTC ISO string; null when it is not one. */
function isoWithOffset(value: string): string | null {
  const ms = parseTimestamp(value);
  if (ms === null) return null;
  // A calendar date that does not exist (30 February) is refused rather than rolled over.
  const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})/.exec(value) ?? [];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return new Date(ms).toISOString();
}

/** Where an instant stands in a window: not started, running, or over (startsAt inclusive, endsAt exclusive). */
export type ScheduleState = "scheduled" | "running" | "ended";

export function scheduleState(window: { startsAt: string | null; endsAt: string | null }, nowMs: number): ScheduleState | null {
  if (!window.startsAt && !window.endsAt) return null;
  const start = window.startsAt ? parseTimestamp(window.startsAt) : null;
  const end = window.endsAt ? parseTimestamp(window.endsAt) : null;
  if (start !== null && nowMs < start) return "scheduled";
  if (end !== null && nowMs >= end) return "ended";
  return "running";
}

export const END_AFTER_START_MESSAGE = msg("schedule.end_after_start");
