// The app's static files as the real server sends them (host/src/http/web.rs): Trunk's
// post-build hook (web/document-module.mjs) writes <file>.br and <file>.gz next to every
// .js, .wasm and .css, and the server sends the one the client accepts, as it is (not
// compressed again), with the file's own Content-Type, `Vary: Accept-Encoding` and the
// immutable Cache-Control; the file itself to a client that accepts neither. index.html
// stays no-cache. Plain HTTP (node:http, which decompresses nothing), no browser.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { join, relative } from "node:path";
import { after, before, test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { dist, expectations, startServer } from "./support.mjs";

let server;

before(async () => {
  if (!existsSync(join(dist, "index.html"))) throw new Error("web/dist is not built: run `trunk build --release`");
  server = await startServer();
  if (!server) throw new Error("target/release/courtrules is not built: run `cargo build --release -p courtrules`");
});

after(async () => {
  await server?.stop();
});

/** GET `path` with these headers: `{ status, headers, body }`, the body as sent. */
function get(path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(server.baseUrl + path, { headers }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Every .js, .wasm and .css of the built app, as URL paths. */
function assets(dir = dist) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return assets(path);
    return /\.(js|wasm|css)$/.test(entry.name) ? ["/" + relative(dist, path).split("\\").join("/")] : [];
  });
}

const TYPES = { ".wasm": /^application\/wasm$/, ".js": /^text\/javascript|^application\/javascript/, ".css": /^text\/css/ };
const typeOf = (path) => TYPES[path.slice(path.lastIndexOf("."))];

test("every .js, .wasm and .css is precompressed next to itself in web/dist", () => {
  const e = expectations();
  const paths = assets();
  e.check(paths.some((p) => /^\/courtrules-web-[0-9a-f]+_bg\.wasm$/.test(p)), () => `no app wasm among ${paths.join(", ")}`);
  e.check(paths.some((p) => /^\/courtrules-document-[0-9a-f]+_bg\.wasm$/.test(p)), () => `no document module among ${paths.join(", ")}`);
  for (const path of paths) {
    for (const suffix of [".br", ".gz"]) e.check(existsSync(join(dist, path + suffix)), `web/dist${path}${suffix} is missing`);
  }
  e.done();
});

test("Accept-Encoding: br gets the brotli file, gzip the gzip file, neither the file itself; never compressed twice", async () => {
  const e = expectations();
  for (const path of assets()) {
    const file = readFileSync(join(dist, path));
    const cases = [
      { accept: "gzip, deflate, br, zstd", encoding: "br", decode: brotliDecompressSync },
      { accept: "br", encoding: "br", decode: brotliDecompressSync },
      { accept: "gzip", encoding: "gzip", decode: gunzipSync },
      { accept: null, encoding: undefined, decode: (bytes) => bytes },
      { accept: "identity", encoding: undefined, decode: (bytes) => bytes },
    ];
    for (const { accept, encoding, decode } of cases) {
      const what = `${path} with ${accept === null ? "no Accept-Encoding" : `Accept-Encoding: ${accept}`}`;
      const response = await get(path, accept === null ? {} : { "Accept-Encoding": accept });
      e.check(response.status === 200, `${what}: ${response.status}`);
      e.check(response.headers["content-encoding"] === encoding, `${what}: Content-Encoding ${response.headers["content-encoding"]}`);
      e.check(typeOf(path).test(response.headers["content-type"] ?? ""), `${what}: Content-Type ${response.headers["content-type"]}`);
      e.check(/accept-encoding/i.test(response.headers.vary ?? ""), `${what}: Vary ${response.headers.vary}`);
      e.check(/immutable/.test(response.headers["cache-control"] ?? ""), `${what}: Cache-Control ${response.headers["cache-control"]}`);
      let decoded = null;
      try {
        decoded = decode(response.body);
      } catch (error) {
        e.check(false, `${what}: the body does not decode as ${encoding ?? "identity"}: ${error.message}`);
      }
      if (decoded) e.check(decoded.equals(file), `${what}: ${response.body.length} bytes that are not web/dist${path}`);
      if (encoding) {
        const stored = readFileSync(join(dist, path + (encoding === "br" ? ".br" : ".gz")));
        e.check(response.body.equals(stored), `${what}: not the precompressed file as it is`);
      }
    }
  }
  e.done();
});

test("index.html stays no-cache", async () => {
  const e = expectations();
  for (const path of ["/", "/index.html"]) {
    const response = await get(path, { "Accept-Encoding": "gzip, br" });
    e.check(response.status === 200, `${path}: ${response.status}`);
    e.check(response.headers["cache-control"] === "no-cache", `${path}: Cache-Control ${response.headers["cache-control"]}`);
    e.check(/^text\/html/.test(response.headers["content-type"] ?? ""), `${path}: Content-Type ${response.headers["content-type"]}`);
  }
  e.done();
});
