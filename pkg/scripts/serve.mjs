// Starts the real courtrules server for scripts and tests: `serve --addr 127.0.0.1:0`
// with the given storage arguments, waiting for the address it prints. Used by
// openapi-types.mjs (the API types) and tests/node/support.mjs (the Node tests).

import { spawn } from "node:child_process";

/**
 * Starts `binary` and resolves once it listens: `{ baseUrl, output(), stop() }`.
 * `args` go before `serve` (e.g. `--database-url`, `--data-dir`); `cwd` is where it
 * runs (relative defaults such as ./var/uploads land there).
 */
export async function serve(binary, args, { env = {}, cwd } = {}) {
  const child = spawn(binary, [...args, "serve", "--addr", "127.0.0.1:0"], {
    cwd,
    env: { ...process.env, RUST_LOG: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  try {
    const baseUrl = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${output}`)), 60_000);
      const read = (chunk) => {
        output += chunk;
        const match = output.match(/listening on (http:\/\/\S+)/);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout.setEncoding("utf8").on("data", read);
      child.stderr.setEncoding("utf8").on("data", read);
      child.on("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code}):\n${output}`));
      });
    });
    return { baseUrl, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
