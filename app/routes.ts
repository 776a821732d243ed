import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("category/:slug", "routes/site/category.tsx"),
    route("product/:slug", "routes/site/product.tsx"),
    route("contact", "routes/site/contact.tsx"),
  ]),
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("invitation", "routes/admin/invitation.tsx"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("banner", "routes/admin/banner.tsx"),
      route("products", "routes/admin/products.tsx"),
      route("products/new", "routes/admin/product-new.tsx"),
      route("products/edit/:id", "routes/admin/product-edit.tsx"),
      route("categories", "routes/admin/categories.tsx"),
      route("partners", "routes/admin/partners.tsx"),
      route("contacts", "routes/admin/contacts.tsx"),
      route("analytics", "routes/admin/analytics.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("history", "routes/admin/history.tsx"),
      route("privacy", "routes/admin/privacy.tsx"),
    ]),
  ]),
  route("*", "routes/not-found-redirect.ts"),
] satisfies RouteConfig;
