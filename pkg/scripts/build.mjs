// Builds the npm package `courtrules` (run from anywhere: `npm --prefix pkg run build`):
//
//   1. wasm-pack builds the engine (`engine/`, feature `js`) twice from one cargo build:
//      `--target web` into wasm/web (browsers, bundlers) and `--target nodejs` into
//      wasm/node (CommonJS for Node), each with its TypeScript declarations (tsify);
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

for (const target of ["web", "nodejs"]) {
  const outDir = join(pkg, "wasm", target === "nodejs" ? "node" : target);
  rmSync(outDir, { recursive: true, force: true });
  // The `wasm` cargo profile (opt-level 3, LTO, one codegen unit, debug info stripped
  // but the target_features section kept for wasm-opt) is the one the host's engine
  // module is built with.
  run("wasm-pack", [
    "build", "engine",
    "--mode", "no-install",
    "--profile", "wasm",
    "--target", target,
    "--out-dir", outDir,
    "--out-name", "courtrules_engine",
    "--no-pack",
    "--no-gitignore",
    "--", "--features", "js", "--locked",
  ]);
}
// The nodejs glue is CommonJS inside a `"type": "module"` package.
writeFileSync(join(pkg, "wasm/node/package.json"), '{ "type": "commonjs" }\n');

rmSync(join(pkg, "dist"), { recursive: true, force: true });
const tsc = join(pkg, "node_modules/typescript/bin/tsc");
if (!existsSync(tsc)) {
  console.error("TypeScript is missing: run `npm --prefix pkg ci` first.");
  process.exit(1);
}
run(process.execPath, [tsc, "-p", join(pkg, "tsconfig.json")]);
console.log("courtrules package built in pkg/ (wasm/, dist/)");
