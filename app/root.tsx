import { type ReactNode, use } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
} from "react-router";
import interLatin from "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import stylesheet from "./app.css?url";
import frauncesLatin from "./fonts/fraunces-latin-600.woff2?url";
import { langFromSearch } from "./i18n/lang";
import { wantsHydration } from "./lib/hydration";
import { DEV_RELOAD } from "./lib/island-entries";
import { ScriptNonceContext } from "./lib/script-nonce";
import { SPECULATION_RULES } from "./lib/speculation-rules";

export function Layout({ children }: { children: ReactNode }) {
  // The public site's active language (?lang=en), so <html lang> follows the language toggle.
  const lang = langFromSearch(useLocation().search);
  // Only routes that ask for it (the admin SPA) get React Router's scripts; public pages are plain documents.
  const hydrate = useMatches().some((match) => wantsHydration(match.handle));
  const nonce = use(ScriptNonceContext);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/*
          The site's icon, declared so that browsers never ask for /favicon.ico: any unknown path redirects to the home
          page, which they would download (and keep in their cache) as an icon.
        */}
        <link rel="icon" href="/logo.svg" type="image/svg+xml" />
        {/* A React 19 stylesheet resource: hoisted ahead of the script preloads, so first paint does not wait behind them. */}
        <link rel="stylesheet" href={stylesheet} precedence="high" />
        {/*
          Both faces are above the fold on every page (Fraunces: the name in the top bar; Inter: the menu). Preloaded,
          they are fetched from the start at high, not highest, priority: nothing waits for them (`swap` paints the
          adjusted fallback first), and Fraunces no longer arrives late at the priority of a render-blocking file.
        */}
        <link rel="preload" href={interLatin} as="font" type="font/woff2" crossOrigin="anonymous" />
        <link rel="preload" href={frauncesLatin} as="font" type="font/woff2" crossOrigin="anonymous" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-navy antialiased">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant JSON document (speculation rules) */}
            <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
            {/* `npm run dev` only (the build drops it): Vite's live updates for this server-rendered page. */}
            {import.meta.env.DEV && <script type="module" src={`/${DEV_RELOAD}`} />}
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-xl p-10 text-center">
      <h1 className="font-display text-3xl">{status}</h1>
      <p className="mt-4">{status === 404 ? "Page introuvable / Page not found" : "Une erreur est survenue / Something went wrong"}</p>
      <a className="mt-6 inline-block underline" href="/">
        Accueil / Home
      </a>
    </main>
  );
}
