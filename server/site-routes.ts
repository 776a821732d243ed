import type { PageHandle } from "@shared/page-handle";
import { isPageHandle } from "@shared/page-handle";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** The route tree of a build, as React Router matches it (ids and paths only), built once per build. */
const trees = new WeakMap<ServerBuild, RouteObject[]>();

function treeOf(build: ServerBuild): RouteObject[] {
  const known = trees.get(build);
  if (known) return known;
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route): RouteObject => {
        const base = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
        return route.index ? { ...base, index: true } : { ...base, children: childrenOf(route.id) };
      });
  const tree = childrenOf(undefined);
  trees.set(build, tree);
  return tree;
}

/**
 * The `handle` of the page React Router would render (or whose loader it would run) for this path: the same matching
 * as the request handler (case, trailing and doubled slashes, escapes, `.data` requests), so no spelling of an address
 * escapes what its page declares. Empty when no page matches.
 */
export function pageHandleOf(build: ServerBuild, pathname: string): PageHandle {
  let path = pathname;
  if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path === "/_root") path = "/";
  const matches = matchRoutes(treeOf(build), path.replace(/\/{2,}/g, "/"));
  const leaf = matches?.at(-1)?.route.id;
  const handle = leaf ? build.routes[leaf]?.module.handle : undefined;
  return isPageHandle(handle) ? handle : {};
}
