import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";
// Relative: the route config is read before the `@shared` alias applies.
import { RESOURCE_TYPES, resourceOf } from "../shared/resources/index";

/** One admin route for each resource whose screen is drawn whole from its declaration, all served by one module. */
const declaredScreens = RESOURCE_TYPES.flatMap((type) => {
  const admin = resourceOf(type).admin;
  if (!admin?.screen) return [];
  return [route(admin.path.replace(/^\/admin\//, ""), "components/admin/declared-screen.tsx", { id: `declared-screen/${type}` })];
});

export default [
  layout("routes/site/layout.tsx", [
    index("features/home/site/home-page.tsx"),
    route("category/:slug", "features/categories/site/category-page.tsx"),
    route("products", "features/finder/site/finder-page.tsx"),
    route("product/:slug", "features/catalogue/site/product-page.tsx"),
    route("contact", "features/inbox/site/contact-page.tsx"),
    route("contact/merci", "features/inbox/site/contact-sent-page.tsx"),
    route("document-pack", "features/document-pack/site/pack-page.tsx"),
    route("document-pack/:token", "features/document-pack/site/pack-link-page.tsx"),
    route("page/:slug", "features/pages/site/site-page.tsx"),
    route("search", "features/search/site/search-page.tsx"),
  ]),
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  ...prefix("admin", [
    route("login", "features/administrators/admin/sign-in-screen.tsx"),
    route("invitation", "features/administrators/admin/invitation-screen.tsx"),
    layout("routes/admin/layout.tsx", [
      index("features/dashboard/admin/dashboard-screen.tsx"),
      route("banner", "features/banners/admin/banner-screen.tsx"),
      route("products", "features/catalogue/admin/products-screen.tsx"),
      route("products/new", "features/catalogue/admin/product-new-screen.tsx"),
      route("products/edit/:id", "features/catalogue/admin/product-edit-screen.tsx"),
      route("categories", "features/categories/admin/categories-screen.tsx"),
      route("partners", "features/partners/admin/partners-screen.tsx"),
      route("certifications", "features/certifications/admin/certifications-screen.tsx"),
      route("pages", "features/pages/admin/pages-screen.tsx"),
      route("pages/new", "features/pages/admin/page-new-screen.tsx"),
      route("pages/edit/:id", "features/pages/admin/page-edit-screen.tsx"),
      route("contacts", "features/inbox/admin/inbox-screen.tsx"),
      route("analytics", "features/analytics/admin/analytics-screen.tsx"),
      route("account", "features/administrators/admin/account-screen.tsx"),
      route("users", "features/administrators/admin/admins-screen.tsx"),
      route("history", "features/history/admin/history-screen.tsx"),
      route("history/:type/:id", "features/history/admin/versions-screen.tsx"),
      route("privacy", "features/privacy/admin/privacy-screen.tsx"),
      route("settings", "features/settings/admin/settings-screen.tsx"),
      route("redirects", "features/redirects/admin/redirects-screen.tsx"),
      route("media", "features/media/admin/media-screen.tsx"),
      ...declaredScreens,
    ]),
  ]),
  route("*", "routes/not-found-redirect.ts"),
] satisfies RouteConfig;
