import { bannerResource } from "./banners";
import { categoryResource } from "./categories";
import { certificationResource } from "./certifications";
import type { Resource, ResourceAction } from "./define";
import { documentResource } from "./documents";
import { mediaResource } from "./media";
import { messageResource } from "./messages";
import { pageResource } from "./pages";
import { partnerResource } from "./partners";
import { productResource } from "./products";
import { redirectResource } from "./redirects";
import { settingsResource } from "./settings";
import { tradeShowResource } from "./trade-shows";
import { userResource } from "./users";
import { applicationResource, functionResource } from "./uses";

/**
 * Every resource of the back office, by type, in the sidebar's order (docs/how-to-add.md). Each layer derives its
 * registry from here: the versioned types, the version comparison, the query keys, the sidebar, the restorers.
 */
export const RESOURCES = {
  product: productResource,
  category: categoryResource,
  banner: bannerResource,
  message: messageResource,
  partner: partnerResource,
  certification: certificationResource,
  "trade-show": tradeShowResource,
  application: applicationResource,
  function: functionResource,
  page: pageResource,
  user: userResource,
  settings: settingsResource,
  redirect: redirectResource,
  media: mediaResource,
  document: documentResource,
} as const satisfies Record<string, Resource>;

type Registry = typeof RESOURCES;
export type ResourceType = keyof Registry;
export const RESOURCE_TYPES = Object.keys(RESOURCES) as ResourceType[];

/** The types whose declaration allows `action`. */
export type TypesWith<A extends ResourceAction> = {
  [K in ResourceType]: A extends Registry[K]["actions"][number] ? K : never;
}[ResourceType];

export function typesWith<A extends ResourceAction>(action: A): TypesWith<A>[] {
  return RESOURCE_TYPES.filter((type) => (RESOURCES[type].actions as readonly ResourceAction[]).includes(action)) as TypesWith<A>[];
}

/** A resource's declaration by its type, as the common shape every layer reads. */
export const resourceOf = (type: ResourceType): Resource => RESOURCES[type];
