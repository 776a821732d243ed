import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, RouterContextProvider, ServerRouter } from "react-router";
import { isDatabaseUnavailable } from "../server/lib/unavailable";
import { renderNonce, sealDocument } from "./lib/csp.server";
import { ScriptNonceContext } from "./lib/script-nonce";
import { type RequestFaults, requestFaultsContext } from "./lib/server-context";

/** Loaders call the server's services in-process; the server reads these keys from the build to provide them. */
export { requestFaultsContext, servicesContext } from "./lib/server-context";

/** Tells the server a page failed because the database is unreachable, so it answers 503 rather than 500. */
export const handleError: HandleErrorFunction = (error, { context, request }) => {
  const faults = faultsOf(context);
  if (isDatabaseUnavailable(error)) {
    faults.databaseUnavailable = true;
    return;
  }
  // On the request's JSON log line (its id), never the console (decision 0095).
  if (!request.signal.aborted) faults.logError(error);
};

/** What the server (server/site.ts) gives every render; the site is never rendered without it. */
function faultsOf(context: unknown): RequestFaults {
  if (!(context instanceof RouterContextProvider)) throw new Error("The site renders only through server/site.ts, which gives its context");
  return context.get(requestFaultsContext);
}

export const streamTimeout = 5_000;

/**
 * Every page is sent complete (no streamed fallbacks): crawlers and the page cache get the whole document, and its
 * Content-Security-Policy can name the hash of each inline script the render marked with its nonce (csp.server.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: unknown,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const nonce = renderNonce();
    const { pipe, abort } = renderToPipeableStream(
      <ScriptNonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ScriptNonceContext>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Uint8Array | string, _encoding, callback) {
              chunks.push(Buffer.from(chunk));
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              const { html, policy } = sealDocument(Buffer.concat(chunks).toString("utf8"), nonce);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              responseHeaders.set("Content-Security-Policy", policy);
              resolve(new Response(html, { headers: responseHeaders, status }));
              callback();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          faultsOf(loadContext).logError(error);
        },
      },
    );
  });
}
