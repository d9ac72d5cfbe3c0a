// Shared by the Node tests: the repository, the golden corpus, the built package and
// the real courtrules server (started from target/release/courtrules).

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before } from "node:test";
import { fileURLToPath } from "node:url";
import { serve } from "../../pkg/scripts/serve.mjs";

export const root = join(dirname(fileURLToPath(import.meta.url)), "../..");

/** Every corpus case, with its parsed profile and file name. */
export function corpus() {
  const dir = join(root, "tests/corpus");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const text = readFileSync(join(dir, name), "utf8");
      const testCase = JSON.parse(text);
      const profileText = readFileSync(join(root, testCase.profile), "utf8");
      return { name, ...testCase, profileText, profileObject: JSON.parse(profileText) };
    });
}

/** JSON with object keys sorted at every level: how the corpus stores answers. */
export function canonical(value) {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys(value[key])]));
  }
  return value;
}

/** The package as Node loads it (`pkg/dist/node.js`); run `npm --prefix pkg run build` first. */
export async function loadPackage() {
  const entry = join(root, "pkg/dist/node.js");
  if (!existsSync(entry)) throw new Error("the package is not built: run `npm --prefix pkg run build`");
  return import(entry);
}

export const serverBinary = process.env.COURTRULES_BIN ?? join(root, "target/release/courtrules");

/**
 * Starts the real server on a free port with a fresh SQLite database in a temp folder,
 * after creating API keys with `courtrules keys create`. Returns
 * `{ baseUrl, apiKey, limitedKey, stop() }` (`apiKey` with raised rate limits, `limitedKey`
 * with the defaults), or `null` when the binary is not built (the caller skips, saying so).
 */
export async function startServer({ env = {} } = {}) {
  if (!existsSync(serverBinary)) return null;
  const dir = mkdtempSync(join(tmpdir(), "courtrules-node-"));
  const storage = ["--database-url", `sqlite://${join(dir, "courtrules.db")}`, "--data-dir", join(root, "data")];
  const createKey = (name) => {
    const keys = spawnSync(serverBinary, [...storage, "keys", "create", "--name", name], { encoding: "utf8" });
    const key = keys.stdout.match(/crk_\S+/)?.[0];
    if (keys.status !== 0 || !key) throw new Error(`courtrules keys create failed:\n${keys.stdout}${keys.stderr}`);
    return key;
  };
  // `apiKey` has its rate limits raised (the corpus alone is more than 60 checks a
  // minute); `limitedKey` keeps the defaults, for the tests of the server's 429.
  const apiKey = createKey("node-tests");
  const limitedKey = createKey("node-tests-limited");
  const limits = spawnSync(
    serverBinary,
    [...storage, "keys", "limits", apiKey.split("_")[1], "--group", "all", "--per-minute", "100000"],
    { encoding: "utf8" },
  );
  if (limits.status !== 0) throw new Error(`courtrules keys limits failed:\n${limits.stdout}${limits.stderr}`);

  // It runs in its temporary folder; the drafting app is the repository's build.
  const server = await serve(serverBinary, storage, {
    env: { COURTRULES_WEB_DIR: join(root, "web/dist"), ...env },
    cwd: dir,
  });
  return {
    baseUrl: server.baseUrl,
    apiKey,
    limitedKey,
    output: server.output,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The release server around a test file's tests: started before them (handed to
 * `started`) and stopped after. Returns the tests' `skip`: why they cannot run when the
 * server is not built, which COURTRULES_REQUIRE_SERVER=1 (scripts/test) makes a failure.
 */
export function serverForTests(started) {
  const built = existsSync(serverBinary);
  if (!built && process.env.COURTRULES_REQUIRE_SERVER === "1") throw new Error(`${serverBinary} is not built`);
  if (!built) return `${serverBinary} is not built`;
  let server;
  before(async () => {
    server = await startServer();
    started(server);
  });
  after(async () => {
    await server?.stop();
  });
  return false;
}
