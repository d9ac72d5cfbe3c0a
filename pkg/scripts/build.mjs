// Builds the npm package `courtrules` (run from anywhere: `npm --prefix pkg run build`):
//
//   1. wasm-pack builds two modules from the engine (`engine/`), each for `--target web`
//      (browsers, bundlers) and `--target nodejs` (CommonJS for Node), with TypeScript
//      declarations (tsify), both built for size (the `wasm-small` profile, then
//      `wasm-opt -Oz`):
//      - wasm/check/{web,node}: feature `js-check` — check, validate, rules, deadlines.
//        Without the PDF reader: it is what every page that checks downloads.
//      - wasm/document/{web,node}: feature `js-document` — classify and standing-order
//        extraction (lopdf and its decoders), the package loads it the first time a
//        document is read. For size too: when measured, 459 KB gzipped rather than
//        537 KB with the `wasm` profile (0.4 s less on a slow connection), for a classify
//        about 1.2× slower (~60 → ~70 ms for a 29-page memorandum in Node); it has grown
//        with the reader since (469 KB, 2026-11-29; README's table has the sizes).
//   2. tsc compiles src/ (the entry points, the REST client and the API types it takes
//      from src/openapi.ts) into dist/. src/openapi.ts is generated from the server's
//      OpenAPI document and committed; `npm --prefix pkg run openapi` regenerates it
//      (scripts/openapi-types.mjs), so building the package needs no server.
//
// Needs on PATH: wasm-pack, wasm-bindgen (exactly the version in Cargo.lock) and wasm-opt
// (npm `binaryen`); the repository's .tools/bin and .tools/node_modules/.bin are added
// when present. `--mode no-install` keeps wasm-pack from downloading anything.
// CARGO_TARGET_DIR defaults to target/wasm-pkg, apart from the host's engine build.

import { spawnSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const pkg = dirname(dirname(fileURLToPath(import.meta.url)));
const root = dirname(pkg);
const tools = [join(root, ".tools/bin"), join(root, ".tools/node_modules/.bin")].filter(existsSync);
const env = {
  ...process.env,
  PATH: [...tools, process.env.PATH].join(delimiter),
  CARGO_TARGET_DIR: process.env.CARGO_TARGET_DIR ?? join(root, "target/wasm-pkg"),
};

function run(command, args, cwd = root) {
  console.log(`> ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { cwd, env, stdio: "inherit" });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const modules = [
  { name: "check", feature: "js-check" },
  { name: "document", feature: "js-document" },
];
const only = process.argv.slice(2); // e.g. `document:web` (the drafting app's build)
for (const module of modules) {
  for (const target of ["web", "nodejs"]) {
    const dir = target === "nodejs" ? "node" : target;
    if (only.length > 0 && !only.includes(`${module.name}:${dir}`)) continue;
    const outDir = join(pkg, "wasm", module.name, dir);
    rmSync(outDir, { recursive: true, force: true });
    run("wasm-pack", [
      "build", "engine",
      "--mode", "no-install",
      "--profile", "wasm-small",
      "--target", target,
      "--out-dir", outDir,
      "--out-name", `courtrules_${module.name}`,
      "--no-pack",
      "--no-gitignore",
      "--no-opt",
      "--", "--no-default-features", "--features", module.feature, "--locked",
    ]);
    const wasm = join(outDir, `courtrules_${module.name}_bg.wasm`);
    // Beyond -Oz: rustc's wasm32 output keeps its stack and data above 1 MB, so the low
    // 1 KB of memory is never used and wasm-opt may fold constant offsets into addresses
    // (--low-memory-unused: ~1.5 KB less gzipped for the check module); the producers and
    // target-features sections are read by no runtime. A second run finds what the first
    // left foldable (~470 bytes less gzipped for the check module);
    // the first keeps the target-features section, so the second knows the features too.
    run("wasm-opt", ["-Oz", "--low-memory-unused", wasm, "-o", wasm]);
    run("wasm-opt", ["-Oz", "--low-memory-unused", "--strip-producers", "--strip-target-features", wasm, "-o", wasm]);
    if (target === "nodejs") {
      // The nodejs glue is CommonJS inside a `"type": "module"` package.
      writeFileSync(join(outDir, "package.json"), '{ "type": "commonjs" }\n');
    }
  }
}
if (only.length > 0) process.exit(0);

rmSync(join(pkg, "dist"), { recursive: true, force: true });
const tsc = join(pkg, "node_modules/typescript/bin/tsc");
if (!existsSync(tsc)) {
  console.error("TypeScript is missing: run `npm --prefix pkg ci` first.");
  process.exit(1);
}
run(process.execPath, [tsc, "-p", join(pkg, "tsconfig.json")]);
console.log("courtrules package built in pkg/ (wasm/, dist/)");
