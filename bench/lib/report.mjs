// What the browser benchmarks (browser-load.mjs, package-load.mjs) share: the PDF they
// read, the "Fast 3G" preset, and how they count and print their numbers.

import { readFileSync } from "node:fs";
import { constants, gzipSync } from "node:zlib";

/** The ~20-page PDF both read: tests/fixtures/pdf/memo_support_rule12.pdf (24 pages, 19 of them body). */
export const FIXTURE = "memo_support_rule12";

/** Chrome's "Fast 3G" preset, for Network.emulateNetworkConditions. */
export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375, connectionType: "cellular3g" };

/** The file's size after gzip -9. */
export const gzip9 = (path) => gzipSync(readFileSync(path), { level: constants.Z_BEST_COMPRESSION }).length;

/** The median of the finite values (NaN when there are none). */
export const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const kb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(0)} KB` : "—");
export const ms = (value) => (Number.isFinite(value) ? (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`) : "—");

/** Prints `rows` (the first is the header) as a Markdown table, then a blank line. */
export function printTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => "| " + r.map((cell, i) => cell.padEnd(widths[i])).join(" | ") + " |";
  console.log(line(rows[0]));
  console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
  for (const r of rows.slice(1)) console.log(line(r));
  console.log();
}
