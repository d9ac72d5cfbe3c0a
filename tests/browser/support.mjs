// Shared by the browser tests: the real server, the app's origin, and Chromium.

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { root, startServer } from "../node/support.mjs";

export { root, startServer };

export const dist = join(root, "web/dist");
export const artifacts = join(root, "test-artifacts/browser");
mkdirSync(artifacts, { recursive: true });

/**
 * The origin the app is served from: the real server, which serves web/dist at `/` with
 * the API and its security headers (so the tests also prove the app works under the
 * server's Content-Security-Policy).
 */
export async function appOrigin(server) {
  const page = await fetch(server.baseUrl + "/").then((r) => r.text()).catch(() => "");
  if (!page.includes("courtrules-web")) throw new Error(`the server does not serve the drafting app at /:\n${page}`);
  return { url: server.baseUrl, close: async () => {} };
}

/**
 * Debian's Chromium, headless, with the flags of TOOLCHAIN.md. Playwright gives every
 * launch a fresh temporary profile (it refuses `--user-data-dir` in `args`).
 */
export async function launchChromium() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  return browser;
}
