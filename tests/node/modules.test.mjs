// The package's two engine modules: checking loads only the check module; the document
// module (the PDF reader) is loaded by the first document read, answers the same bytes
// from both entries and both builds, and a bundler leaves it out of a page that checks.

import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import { loadPackage, root } from "./support.mjs";

const courtrules = await loadPackage();
const require = createRequire(import.meta.url);
const edny = JSON.parse(readFileSync(join(root, "data/profiles/edny.json"), "utf8"));
const fixtures = join(root, "tests/fixtures/pdf");
const pdfs = readdirSync(fixtures).filter((name) => name.endsWith(".pdf")).sort();
const hints = (name) => ({ district_id: "edny", judge_slug: "avery-sample", filename: name });
const scratch = mkdtempSync(join(tmpdir(), "courtrules-modules-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** The engine modules Node has loaded so far (CommonJS glue files in `require.cache`). */
function loadedModules() {
  return Object.keys(require.cache)
    .map((path) => path.match(/courtrules_(check|document)\.js$/)?.[1])
    .filter(Boolean)
    .sort();
}

const request = {
  judge_slug: "avery-sample",
  district_id: "edny",
  document_scope: "brief_support",
  motion_type: "Rule_12",
  is_pro_se: false,
  pmc_completed: true,
  opposing_party_pro_se: false,
  filing_role: "movant",
  document: { page_count: 30, word_count: 6000 },
};

// Runs first: nothing in this file has read a document yet.
test("checking loads the check module only; the first classify loads the document module", async () => {
  assert.equal(courtrules.check(edny, request).summary.status, "NON_COMPLIANT");
  assert.deepEqual(loadedModules(), ["check"]);
  const pdf = new Uint8Array(readFileSync(join(fixtures, "memo_support_rule12.pdf")));
  const outcome = await courtrules.classify(pdf, hints("memo_support_rule12.pdf"));
  assert.equal(outcome.response.classification.document_scope, "brief_support");
  assert.deepEqual(loadedModules(), ["check", "document"]);
});

// The budget of issue 17: what every page that checks downloads. A change that needs more
// should say why (docs/decisions.md) rather than raise it quietly.
test("the check module is within its budget: at most 150 KB gzipped (the document module is several times larger)", async () => {
  const { gzipSync } = await import("node:zlib");
  const gz = (path) => gzipSync(readFileSync(join(root, path)), { level: 9 }).length;
  const check = gz("pkg/wasm/check/web/courtrules_check_bg.wasm");
  const document = gz("pkg/wasm/document/web/courtrules_document_bg.wasm");
  console.log(`check module ${(check / 1000).toFixed(1)} KB gzipped, document module ${(document / 1000).toFixed(1)} KB gzipped`);
  assert.ok(check <= 150_000, `check module ${check} bytes gzipped, over the 150 KB budget`);
  assert.ok(document > 2 * check, "the PDF reader is in the document module, not the check module");
});

/** A browser entry (`pkg/dist/…`) as a page would first load it: its module not loaded yet. */
const freshEntry = (file) => import(`${pathToFileURL(join(root, "pkg/dist", file)).href}?fresh=${Math.random()}`);

test("in browsers, a function called before init() throws the invalid_input EngineError, saying to await init()", async () => {
  const main = await freshEntry("index.js");
  const notLoaded = { kind: "invalid_input", message: "courtrules: the engine is not loaded yet; `await init()` first" };
  assert.throws(() => main.check(edny, request), notLoaded);
  assert.throws(() => main.validate(request), notLoaded);
  assert.throws(() => main.engineVersion(), notLoaded);
  const documents = await freshEntry("classify.js");
  assert.throws(() => documents.classifyJson(new Uint8Array(), ""), {
    kind: "invalid_input",
    message: "courtrules/classify: the document module is not loaded yet; `await init()` first",
  });
});

test("in browsers, init() while a load is under way shares it, and refuses another source rather than ignoring it", async () => {
  const main = await freshEntry("index.js");
  const wasm = readFileSync(join(root, "pkg/wasm/check/web/courtrules_check_bg.wasm"));
  const loading = main.init(wasm);
  assert.equal(main.init(), loading, "no argument: the same promise");
  assert.equal(main.init(wasm), loading, "the same argument: the same promise");
  await assert.rejects(main.init(new Uint8Array(wasm)), {
    message: /^courtrules: init\(\) was given another source while the engine is still loading from the source given first/,
  });
  await loading;
  assert.equal(main.check(edny, request).summary.status, "NON_COMPLIANT");
  await main.init(new Uint8Array(0)); // loaded: nothing more to load

  const documents = await freshEntry("classify.js");
  const documentWasm = readFileSync(join(root, "pkg/wasm/document/web/courtrules_document_bg.wasm"));
  const loadingDocuments = documents.init(documentWasm);
  await assert.rejects(documents.init("https://courtrules.example/courtrules_document_bg.wasm"), /courtrules\/classify: init\(\) was given another source/);
  await loadingDocuments;
  assert.equal(documents.classify(readFileSync(join(fixtures, "reply_rule12.pdf"))).response.classification.document_scope, "brief_reply");
});

test("courtrules/classify answers what the main entry answers, synchronously, as objects and as JSON text", async () => {
  const entry = await import(join(root, "pkg/dist/classify-node.js"));
  await entry.init();
  for (const name of pdfs) {
    const pdf = new Uint8Array(readFileSync(join(fixtures, name)));
    let text;
    try {
      text = entry.classifyJson(pdf, JSON.stringify(hints(name)));
    } catch (error) {
      await assert.rejects(courtrules.classify(pdf, hints(name)), (thrown) => thrown.kind === error.kind, name);
      continue;
    }
    // (Objects: `JSON.stringify` would write the engine's 1.0 as 1, so compare values.)
    assert.deepEqual(entry.classify(pdf, hints(name)), JSON.parse(text), name);
    assert.deepEqual(await courtrules.classify(pdf, hints(name)), JSON.parse(text), name);
  }
  const order = new Uint8Array(readFileSync(join(root, "data/documents/sample-order-avery-sample.pdf")));
  const options = { source_url: "https://courtrules.example/sample-orders/avery-sample" };
  const extraction = entry.extractStandingOrderJson(order, JSON.stringify(options));
  assert.deepEqual(await courtrules.extractStandingOrder(order, options), JSON.parse(extraction));
});

test("the browser build of the document module (--target web) answers the same bytes as the Node build", async () => {
  const web = await import(join(root, "pkg/wasm/document/web/courtrules_document.js"));
  web.initSync({ module: readFileSync(join(root, "pkg/wasm/document/web/courtrules_document_bg.wasm")) });
  const node = await import(join(root, "pkg/dist/classify-node.js"));
  let compared = 0;
  for (const name of pdfs) {
    const pdf = new Uint8Array(readFileSync(join(fixtures, name)));
    const run = (engine) => {
      try {
        return { ok: engine.classifyJson(pdf, JSON.stringify(hints(name))) };
      } catch (error) {
        return { error };
      }
    };
    assert.deepEqual(run(web), run(node), name);
    compared++;
  }
  assert.ok(compared >= 10, `only ${compared} PDFs`);
});

test("a bundler keeps the document module out of a page that only checks", async () => {
  const esbuild = await import(require.resolve("esbuild", { paths: [join(root, "pkg")] }));
  // The package installed in a project, as `npm install` would place it.
  mkdirSync(join(scratch, "node_modules"));
  symlinkSync(join(root, "pkg"), join(scratch, "node_modules/courtrules"), "dir");
  const page = join(scratch, "page.js");
  writeFileSync(page, 'import { check } from "courtrules";\nexport const run = (p, r) => check(p, r);\n');
  const reader = join(scratch, "reader.js");
  writeFileSync(reader, 'import { classify } from "courtrules";\nexport const read = (pdf) => classify(pdf);\n');
  const outdir = join(scratch, "out");
  const result = await esbuild.build({
    entryPoints: [page, reader],
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    outdir,
    metafile: true,
    logLevel: "silent",
  });
  const outputs = Object.entries(result.metafile.outputs);
  const chunkOf = (entry) => outputs.find(([, output]) => output.entryPoint?.endsWith(entry));
  const staticClosure = (file, seen = new Set()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of result.metafile.outputs[file].imports) {
      if (imported.kind === "import-statement") staticClosure(imported.path, seen);
    }
    return seen;
  };
  const text = (files) => [...files].map((file) => readFileSync(file, "utf8")).join("\n");
  const [pageFile] = chunkOf("page.js");
  const pageCode = text(staticClosure(pageFile));
  assert.match(pageCode, /courtrules_check_bg\.wasm/, "the page loads the check module");
  assert.doesNotMatch(pageCode, /courtrules_document_bg\.wasm|extractStandingOrderJson/, "nothing of the document module is loaded with the page");
  const readerFiles = [...staticClosure(chunkOf("reader.js")[0])];
  const dynamic = readerFiles.flatMap((file) => result.metafile.outputs[file].imports).filter((imported) => imported.kind === "dynamic-import");
  assert.ok(dynamic.length > 0, "classify imports the document module on demand");
  assert.match(text(dynamic.map((imported) => imported.path)), /courtrules_document_bg\.wasm/);
  const size = (file) => statSync(file).size;
  console.log(`bundled page that checks: ${[...staticClosure(pageFile)].map(size).reduce((a, b) => a + b, 0)} bytes of JS`);
});

// What the README tells esbuild users: esbuild leaves the glue's `new URL("….wasm",
// import.meta.url)` as it is and emits no `.wasm`; importing the package's `.wasm` exports
// with the `file` loader emits them and hands `init` their URLs.
test("with esbuild, the .wasm files come from the package's .wasm exports (the file loader), not from the glue's new URL", async () => {
  const esbuild = await import(require.resolve("esbuild", { paths: [join(root, "pkg")] }));
  const project = join(scratch, "wasm-urls");
  mkdirSync(join(project, "node_modules"), { recursive: true });
  symlinkSync(join(root, "pkg"), join(project, "node_modules/courtrules"), "dir");
  const build = async (name, script, options = {}) => {
    writeFileSync(join(project, `${name}.js`), script);
    const outdir = join(project, `out-${name}`);
    await esbuild.build({ entryPoints: [join(project, `${name}.js`)], bundle: true, splitting: true, format: "esm", platform: "browser", outdir, logLevel: "silent", ...options });
    return readdirSync(outdir);
  };
  const plain = await build("plain", 'import { init } from "courtrules";\nawait init();\n');
  assert.deepEqual(plain.filter((name) => name.endsWith(".wasm")), [], "esbuild emits no .wasm of its own");
  assert.match(readFileSync(join(project, "out-plain/plain.js"), "utf8"), /new URL\("courtrules_check_bg\.wasm", import\.meta\.url\)/);
  const urls = await build(
    "urls",
    `import { init } from "courtrules";
import checkWasm from "courtrules/courtrules_check_bg.wasm";
import documentWasm from "courtrules/courtrules_document_bg.wasm";
await init(checkWasm);
export const readDocuments = async () => (await import("courtrules/classify")).init(documentWasm);
`,
    { loader: { ".wasm": "file" } },
  );
  assert.ok(urls.some((name) => /^courtrules_check_bg-\w+\.wasm$/.test(name)), urls.join(", "));
  assert.ok(urls.some((name) => /^courtrules_document_bg-\w+\.wasm$/.test(name)), urls.join(", "));
});
