import fc from "fast-check";
import { z } from "zod";

/** A payload as sent on the wire: a JSON value (serialised by inject) or raw text sent as `application/json`. */
export type Payload = { json: unknown } | { raw: string } | { none: true };

const HUGE = "x".repeat(200_000);

/** Strings an attacker tries: traversal, markup, SQL, URLs of every scheme, odd Unicode, control characters. */
const hostileStrings = fc.constantFrom(
  "",
  " ",
  "../../../etc/passwd",
  "/uploads/../../secret",
  "<script>alert(1)</script>",
  "'; drop table users; --",
  "javascript:alert(1)",
  "data:text/html,<b>x</b>",
  "https://example.com/a.png",
  "/uploads/algues/x.webp",
  "00000000-0000-0000-0000-000000000000",
  "\u0000\u0001\u001f",
  "\ud800",
  "é".repeat(300),
  "$where",
  "__proto__",
  "1e309",
  "-1",
  "NaN",
);

/** Any value of any type, including the shapes JSON can carry that schemas rarely expect. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hostileStrings,
  fc.string({ maxLength: 40, unit: "binary" }),
  fc.constant(HUGE),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant({ $gt: "" }),
  fc.array(fc.constant({ $ne: null }), { maxLength: 2 }),
);

/** Values that follow the schema's shape (its keys, element types, enum members) with anything mixed in. */
export function nearShape(schema: z.ZodType, extra: fc.Arbitrary<unknown> = anyValue, depth = 0): fc.Arbitrary<unknown> {
  const off = depth > 3 ? extra : fc.oneof({ weight: 1, arbitrary: extra }, { weight: 4, arbitrary: typed(schema, extra, depth) });
  return off;
}

function typed(schema: z.ZodType, extra: fc.Arbitrary<unknown>, depth: number): fc.Arbitrary<unknown> {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return nearShape(schema.unwrap() as z.ZodType, extra, depth);
  if (schema instanceof z.ZodDefault) return nearShape(schema.removeDefault() as z.ZodType, extra, depth);
  if (schema instanceof z.ZodPipe) return nearShape(schema.in as z.ZodType, extra, depth);
  if (schema instanceof z.ZodObject) {
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, child] of Object.entries(schema.shape as Record<string, z.ZodType>)) model[key] = nearShape(child, extra, depth + 1);
    return fc.record(model, { requiredKeys: [] });
  }
  if (schema instanceof z.ZodArray) return fc.array(nearShape(schema.element as z.ZodType, extra, depth + 1), { maxLength: 3 });
  if (schema instanceof z.ZodUnion)
    return fc.oneof(...(schema.options as z.ZodType[]).map((option) => nearShape(option, extra, depth + 1)));
  if (schema instanceof z.ZodEnum) return fc.constantFrom(...(schema.options as (string | number)[]));
  if (schema instanceof z.ZodLiteral) return fc.constantFrom(...(schema.values as Set<unknown>));
  if (schema instanceof z.ZodBoolean) return fc.boolean();
  if (schema instanceof z.ZodNumber) return fc.oneof(fc.integer({ min: -5, max: 200_000 }), fc.double());
  if (schema instanceof z.ZodString) return fc.oneof(fc.string({ maxLength: 60 }), hostileStrings, fc.uuid(), fc.emailAddress());
  return extra;
}

/** Raw JSON texts no object literal can express: prototype keys, broken and deeply nested documents. */
const hostileJson = fc.constantFrom(
  '{"__proto__": {"isAdmin": true, "polluted": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  '{"slug": "x", "__proto__": {"slug": "y"}}',
  '{"a": 1, "a": 2}',
  "[]",
  "null",
  '"just a string"',
  "12",
  "{",
  '{"a": "\\ud800"}',
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  `{"x": "${HUGE}"}`,
);

/** A request body for a route: nothing, random values of any type, hostile JSON text, or the schema's shape gone wrong. */
export function hostileBody(schema: z.ZodType | undefined, extra: fc.Arbitrary<unknown>): fc.Arbitrary<Payload> {
  const options: fc.Arbitrary<Payload>[] = [
    fc.constant<Payload>({ none: true }),
    fc
      .anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true })
      .map((value): Payload => ({ raw: JSON.stringify(value) ?? "" })),
    hostileJson.map((raw): Payload => ({ raw })),
  ];
  if (schema) {
    const shaped = nearShape(schema, extra).map((json): Payload => ({ json }));
    return fc.oneof({ weight: 1, arbitrary: fc.oneof(...options) }, { weight: 3, arbitrary: shaped });
  }
  return fc.oneof(
    ...options,
    anyValue.map((json): Payload => ({ json })),
  );
}

/** A path parameter: a real id (so writes reach real rows), a random UUID, or any string. */
export function hostileParam(realIds: readonly string[]): fc.Arbitrary<string> {
  const encodable = (value: string) => {
    try {
      encodeURIComponent(value);
      return true;
    } catch {
      return false;
    }
  };
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.constantFrom(...realIds) },
      { weight: 2, arbitrary: fc.uuid() },
      { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 60 }) },
      { weight: 1, arbitrary: hostileStrings.filter((s) => s.length > 0) },
      { weight: 1, arbitrary: fc.constant("x".repeat(5000)) },
    )
    .filter(encodable);
}

/** A query string built from the schema's keys and random ones. */
export function hostileQuery(schema: z.ZodType | undefined): fc.Arbitrary<string> {
  const keys = schema instanceof z.ZodObject ? Object.keys(schema.shape as object) : [];
  return fc
    .dictionary(
      fc.oneof(fc.constantFrom(...keys, "__proto__", "constructor"), fc.string({ maxLength: 10 })),
      fc.oneof(fc.string(), hostileStrings),
      {
        maxKeys: 3,
      },
    )
    .map((query) => new URLSearchParams(query).toString());
}
