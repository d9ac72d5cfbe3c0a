// Shared by the browser tests: the real server, the app's origin, and Chromium.

import { createServer } from "node:http";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";
import { root, startServer } from "../node/support.mjs";

export { root, startServer };

export const dist = join(root, "web/dist");
export const artifacts = join(root, "test-artifacts/browser");
mkdirSync(artifacts, { recursive: true });

/**
 * The origin the app is served from, together with the API. The host serves web/dist at
 * `/`; until it does, a small Node server serves web/dist and passes /api/ and
 * /openapi.json through to the real server, so the page still talks to the real API
 * on its own origin.
 */
export async function appOrigin(server) {
  const page = await fetch(server.baseUrl + "/").then((r) => r.text()).catch(() => "");
  if (page.includes("courtrules-web")) return { url: server.baseUrl, close: async () => {} };

  const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".css": "text/css" };
  const bridge = createServer(async (request, response) => {
    const path = new URL(request.url, "http://x").pathname;
    if (path.startsWith("/api/") || path === "/openapi.json") {
      const body = await new Promise((resolve) => {
        const chunks = [];
        request.on("data", (chunk) => chunks.push(chunk));
        request.on("end", () => resolve(Buffer.concat(chunks)));
      });
      const headers = { ...request.headers };
      delete headers.host;
      delete headers["accept-encoding"];
      const answer = await fetch(server.baseUrl + request.url, {
        method: request.method,
        headers,
        body: body.length ? body : undefined,
      }).catch(() => new Response('{"error":"the courtrules server is not reachable"}', { status: 502 }));
      const passed = {};
      answer.headers.forEach((value, name) => {
        if (!["content-encoding", "content-length", "transfer-encoding"].includes(name)) passed[name] = value;
      });
      response.writeHead(answer.status, passed);
      response.end(Buffer.from(await answer.arrayBuffer()));
      return;
    }
    const file = normalize(join(dist, path === "/" ? "index.html" : path));
    const found = file.startsWith(dist) && existsSync(file) ? file : join(dist, "index.html");
    response.writeHead(200, { "Content-Type": types[extname(found)] ?? "application/octet-stream" });
    response.end(readFileSync(found));
  });
  await new Promise((resolve) => bridge.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${bridge.address().port}`,
    close: () => new Promise((resolve) => bridge.close(resolve)),
  };
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
