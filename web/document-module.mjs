// Trunk's post-build hook (Trunk.toml): puts the engine's document module — the PDF
// reader and the standing-order extractor, which the app fetches only when a document is
// first read (web/src/document.rs) — next to the app in Trunk's staging folder.
//
//   1. Builds pkg/wasm/document/web (`node pkg/scripts/build.mjs document:web`: the
//      engine with `js-document`, wasm-bindgen `--target web`) when it is missing or older
//      than anything it is built from, so web/dist never carries a stale reader.
//   2. Copies its glue and wasm into the staging folder as
//      courtrules-document-<16 hex of the SHA-256 of the file>.js and …_bg.wasm: the server
//      serves everything but index.html as immutable, so a changed file needs a new name.
//   3. Names both in index.html with <meta name="courtrules-document-module"> and
//      <meta name="courtrules-document-wasm"> (the public URL in front). No inline script:
//      the server's Content-Security-Policy allows only the inline scripts index.html
//      had when it started, by hash; `import()` of a same-origin module is 'self'.
//   4. Writes <file>.br and <file>.gz next to every .js, .wasm and .css (see below).
//
// Trunk runs it with TRUNK_STAGING_DIR and TRUNK_PUBLIC_URL set; the repository is found
// from this file's place, so the working directory does not matter.

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const staging = process.env.TRUNK_STAGING_DIR;
const publicUrl = process.env.TRUNK_PUBLIC_URL ?? "/";
if (!staging) {
  console.error("document-module.mjs is Trunk's post-build hook: TRUNK_STAGING_DIR is not set");
  process.exit(2);
}

const built = join(root, "pkg/wasm/document/web");
const glue = join(built, "courtrules_document.js");
const wasm = join(built, "courtrules_document_bg.wasm");

/** The newest modification time (ms) of the files the document module is built from. */
function newestSource() {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const path of [
    "engine/src",
    "engine/Cargo.toml",
    "Cargo.toml",
    "Cargo.lock",
    ".cargo/config.toml",
    "rust-toolchain.toml",
    "pkg/scripts/build.mjs",
  ]) {
    visit(join(root, path));
  }
  return newest;
}

const fresh = existsSync(glue) && existsSync(wasm) && Math.min(statSync(glue).mtimeMs, statSync(wasm).mtimeMs) >= newestSource();
if (fresh) {
  console.log("document module: pkg/wasm/document/web is up to date");
} else {
  console.log("document module: building pkg/wasm/document/web (node pkg/scripts/build.mjs document:web)");
  const build = spawnSync(process.execPath, [join(root, "pkg/scripts/build.mjs"), "document:web"], { cwd: root, stdio: "inherit" });
  if (build.error) throw build.error;
  if (build.status !== 0) process.exit(build.status ?? 1);
  if (!existsSync(glue) || !existsSync(wasm)) {
    console.error(`document module: the build left no ${glue} and ${wasm}`);
    process.exit(1);
  }
}

/** Copies `source` into the staging folder under a content-hashed name; returns the name. */
function stage(source, suffix) {
  const bytes = readFileSync(source);
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  const name = `courtrules-document-${hash}${suffix}`;
  writeFileSync(join(staging, name), bytes);
  return name;
}
const glueName = stage(glue, ".js");
const wasmName = stage(wasm, "_bg.wasm");

const url = (name) => (publicUrl.endsWith("/") ? publicUrl : publicUrl + "/") + name;
const escape = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const index = join(staging, "index.html");
let html = readFileSync(index, "utf8");
if (html.includes('name="courtrules-document-module"')) {
  console.error("document module: index.html already names a document module");
  process.exit(1);
}
const tags =
  `<meta name="courtrules-document-module" content="${escape(url(glueName))}">` +
  `<meta name="courtrules-document-wasm" content="${escape(url(wasmName))}">`;
if (!html.includes("</head>")) {
  console.error("document module: index.html has no </head>");
  process.exit(1);
}
html = html.replace("</head>", `${tags}</head>`);
writeFileSync(index, html);
console.log(`document module: ${glueName}, ${wasmName}`);

// 4. Precompresses every .js, .wasm and .css in the staging folder (the app's, the document
//    module's, the snippets'): <file>.br (brotli, quality 11) and <file>.gz (gzip -9) next
//    to it, which the server sends as they are to a browser that accepts them
//    (ServeDir::precompressed_br/gzip, host/src/http/web.rs), instead of gzipping the
//    1 MB wasm at level 4 on every page load. Done here, last, so it sees every file.
const precompressed = [];
const precompress = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(path);
    } else if (/\.(js|wasm|css)$/.test(entry.name)) {
      const bytes = readFileSync(path);
      const br = brotliCompressSync(bytes, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          [zlib.BROTLI_PARAM_MODE]: entry.name.endsWith(".wasm") ? zlib.BROTLI_MODE_GENERIC : zlib.BROTLI_MODE_TEXT,
        },
      });
      const gz = gzipSync(bytes, { level: zlib.Z_BEST_COMPRESSION });
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gz);
      precompressed.push(`${entry.name} ${(bytes.length / 1024).toFixed(0)} KB → br ${(br.length / 1024).toFixed(0)} KB, gz ${(gz.length / 1024).toFixed(0)} KB`);
    }
  }
};
precompress(staging);
console.log(`precompressed: ${precompressed.join("; ")}`);
