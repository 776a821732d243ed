import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM } from "../e2e/chromium";

export type LighthouseScores = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  /** First contentful paint, largest contentful paint, total blocking time (ms): what drives the performance score. */
  fcp: number;
  lcp: number;
  tbt: number;
  /** JavaScript transferred by the page (bytes over the wire, compressed), from Lighthouse's network requests. */
  jsBytes: number;
  /**
   * The server's response time Lighthouse estimated for the page's origin (ms; its `network-server-latency`): the
   * simulated load adds it to every request, so a slower server moves FCP and LCP with the same page.
   */
  serverMs: number;
};

type NetworkItem = { resourceType?: string; transferSize?: number };

function scriptBytes(details: unknown): number {
  const items = (details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  return items.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

function serverLatency(details: unknown, url: string): number {
  const items = (details as { items?: { origin?: string; serverResponseTime?: number }[] } | undefined)?.items ?? [];
  return items.find((item) => item.origin === new URL(url).origin)?.serverResponseTime ?? Number.NaN;
}

/** The median of each figure over several runs (scores and timings separately: one noisy run does not decide). */
export function medianScores(runs: LighthouseScores[]): LighthouseScores {
  const median = (pick: (s: LighthouseScores) => number) => {
    const values = runs.map(pick).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? Number.NaN;
  };
  return {
    performance: median((s) => s.performance),
    accessibility: median((s) => s.accessibility),
    bestPractices: median((s) => s.bestPractices),
    seo: median((s) => s.seo),
    cls: median((s) => s.cls),
    fcp: median((s) => s.fcp),
    lcp: median((s) => s.lcp),
    tbt: median((s) => s.tbt),
    jsBytes: median((s) => s.jsBytes),
    serverMs: median((s) => s.serverMs),
  };
}

/**
 * Lighthouse with its default (mobile) settings, in Debian's Chromium. Scores are 0–100. A run whose trace was not
 * recorded (Lighthouse's own NO_NAVSTART and similar runtime errors) is tried again once in a fresh browser.
 */
export async function runLighthouse(url: string): Promise<LighthouseScores> {
  try {
    return await runLighthouseOnce(url);
  } catch (error) {
    console.warn(`${(error as Error).message}; trying once more`);
    return runLighthouseOnce(url);
  }
}

async function runLighthouseOnce(url: string): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM.executablePath, chromeFlags: CHROMIUM.args });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
      fcp: audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
      lcp: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
      tbt: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
      jsBytes: scriptBytes(audits["network-requests"]?.details),
      serverMs: serverLatency(audits["network-server-latency"]?.details, url),
    };
  } finally {
    chrome.kill();
  }
}
