// The command line of the benchmarks that compare builds of the drafting app
// (browser-load.mjs, app-start.mjs).

import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { root } from "../../tests/browser/support.mjs";

/**
 * Reads `--runs N`, `--app <dist>` with an optional `--label <name>` after it (repeatable),
 * `--before <dist>` (labelled "before", listed first), and each of `numbers` (option →
 * default, e.g. `{ "--stay-ms": 3000 }`). Without an `--app`, the build is web/dist. Each
 * build must hold a built app. Returns `{ builds, runs, numbers }`, `numbers` by option.
 */
export function parseBuildArgs(argv, { script, runs: defaultRuns, numbers: defaults = {} }) {
  const builds = [];
  let runs = defaultRuns;
  const numbers = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === "--runs") runs = Number(value());
    else if (arg in numbers) numbers[arg] = Number(value());
    else if (arg === "--app") builds.push({ dir: resolve(value()), label: null });
    else if (arg === "--label") {
      if (!builds.length) throw new Error("--label follows an --app");
      builds.at(-1).label = value();
    } else if (arg === "--before") builds.unshift({ dir: resolve(value()), label: "before" });
    else throw new Error(`unknown argument ${arg} (see the comment at the top of ${script})`);
  }
  if (!builds.some((b) => b.label !== "before")) builds.push({ dir: join(root, "web/dist"), label: "web/dist" });
  for (const build of builds) {
    build.label ??= build.dir;
    if (!existsSync(join(build.dir, "index.html"))) throw new Error(`${build.dir} holds no built app`);
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a whole number of at least 1");
  return { builds, runs, numbers };
}
