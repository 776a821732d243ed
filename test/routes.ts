import type { FastifyInstance, HTTPMethods } from "fastify";
import type { ZodType } from "zod";

/** One method of one registered route, as the route-walking tests see it. */
export type WalkedRoute = {
  method: HTTPMethods;
  /** Full path with the prefix, e.g. `/api/products/:id`. */
  url: string;
  /** Marked `config: { public: true }`: anyone may call it. Every other API route is admin-only. */
  isPublic: boolean;
  body?: ZodType;
  params?: ZodType;
  querystring?: ZodType;
};

const isZod = (value: unknown): value is ZodType =>
  typeof value === "object" && value !== null && typeof (value as { safeParse?: unknown }).safeParse === "function";

/** Every route of the app from Fastify's own list (filled by `onRoute` in buildApp), HEAD twins left out. */
export function walkRoutes(app: FastifyInstance): WalkedRoute[] {
  return app.routeList.flatMap((route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema ?? {};
    return methods
      .filter((method) => method !== "HEAD")
      .map((method) => ({
        method,
        url: route.url,
        isPublic: route.config?.public === true,
        body: isZod(schema.body) ? schema.body : undefined,
        params: isZod(schema.params) ? schema.params : undefined,
        querystring: isZod(schema.querystring) ? schema.querystring : undefined,
      }));
  });
}

/** The route's path with each `:param` replaced (by `value(name)`) and a wildcard filled in. */
export function fillPath(url: string, value: (name: string) => string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(value(name))).replace(/\*$/, "x");
}
