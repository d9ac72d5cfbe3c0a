// The package's TypeScript types against what it really gives: real answers of the engine
// (check, validate, resolveRules, deadlines, classify, extraction) and of the server (through
// the REST client) are written into a TypeScript file as literals of their declared types
// and compiled with `tsc --strict --exactOptionalPropertyTypes`, so a field declared
// `X | undefined` that holds `null`, a required field the answer leaves out, or an optional
// one it sends as `null` fails to compile. And the README's TypeScript examples compile,
// as a user's project would compile them. Needs the real server (skipped, saying why,
// when it is not built).

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { corpus, loadPackage, root, serverForTests } from "./support.mjs";

const courtrules = await loadPackage();
let server;
const skip = serverForTests((started) => (server = started));

/**
 * Compiles `files` (name → text) in a scratch project that has the package installed,
 * as a TypeScript user would; returns tsc's exit status and output.
 */
function typeCheck(files, compilerOptions = {}) {
  const scratch = mkdtempSync(join(tmpdir(), "courtrules-types-"));
  try {
    mkdirSync(join(scratch, "node_modules"));
    symlinkSync(join(root, "pkg"), join(scratch, "node_modules/courtrules"), "dir");
    // An ES module project, as the package is (the README's examples await at top level).
    writeFileSync(join(scratch, "package.json"), '{ "type": "module" }\n');
    for (const [name, text] of Object.entries(files)) writeFileSync(join(scratch, name), text);
    const options = {
      strict: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", noEmit: true,
      lib: ["es2022", "dom"], types: [], ...compilerOptions,
    };
    writeFileSync(join(scratch, "tsconfig.json"), JSON.stringify({ compilerOptions: options, files: Object.keys(files) }));
    const tsc = spawnSync(process.execPath, [join(root, "pkg/node_modules/typescript/bin/tsc"), "-p", scratch], { encoding: "utf8" });
    return { status: tsc.status, output: tsc.stdout + tsc.stderr };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

test("the engine's declarations never say undefined: its answers are JSON, where a missing value is null or left out", () => {
  for (const module of ["check", "document"]) {
    for (const target of ["web", "node"]) {
      const file = join(root, `pkg/wasm/${module}/${target}/courtrules_${module}.d.ts`);
      const lines = readFileSync(file, "utf8").split("\n").filter((line) => /\bundefined\b/.test(line));
      assert.deepEqual(lines, [], `${file}: an Option written as null is declared \`| undefined\``);
    }
  }
});

test("real answers of the engine and the server have the types the package declares", { skip }, async () => {
  const client = courtrules.createClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  const values = []; // [type, value]

  const cases = corpus().filter((c) => c.expected.ok);
  for (const c of cases) values.push(["CheckResponse", courtrules.check(c.profileObject, c.request)]);
  values.push(["FieldError[]", courtrules.validate({ ...cases[0].request, document: { page_count: 0 } })]);
  const edny = cases.find((c) => c.request.district_id === "edny").profileObject;
  values.push(["LayeredRules", courtrules.resolveRules(edny, "avery-sample")]);

  const timeRules = await client.timeRules("sdny");
  values.push(["TimeRules", timeRules]);
  // Periods in days and in hours, forward and back, over weekends and holidays: every
  // kind of step, with and without its date, time, reason and holiday.
  for (const [trigger, date] of [["service_of_motion", "2026-03-02"], ["service_of_motion", "2026-12-23"], ["entry_of_judgment", "2026-07-02"], ["hearing", "2026-07-06"]]) {
    for (const service_method of ["mail", "electronic"]) {
      try {
        values.push(["DeadlineResponse", courtrules.deadlines(timeRules, { district_id: "sdny", trigger, trigger_date: date, service_method })]);
      } catch (error) {
        if (error?.kind !== "invalid_request") throw error; // a trigger sdny's rules do not have
      }
    }
  }
  assert.ok(values.some(([type]) => type === "DeadlineResponse"), "no deadline was computed");

  const pdfs = join(root, "tests/fixtures/pdf");
  for (const name of readdirSync(pdfs).filter((name) => name.endsWith(".pdf")).sort()) {
    const pdf = new Uint8Array(readFileSync(join(pdfs, name)));
    values.push(["ClassifyOutcome", await courtrules.classify(pdf, { district_id: "edny", judge_slug: "avery-sample", filename: name })]);
  }
  const order = new Uint8Array(readFileSync(join(root, "data/documents/sample-order-avery-sample.pdf")));
  values.push(["Extraction", await courtrules.extractStandingOrder(order, { source_url: "https://courtrules.example/orders/avery" })]);

  // The REST API's own types (generated from its OpenAPI document).
  for (const name of ["letter_premotion_conference.pdf", "memo_support_rule12.pdf", "format_single_spaced.pdf"]) {
    const pdf_base64 = readFileSync(join(pdfs, name)).toString("base64");
    values.push(["ClassifyResponse", await client.classify({ district_id: "edny", judge_slug: "avery-sample", pdf_base64 })]);
  }
  values.push(["CourtsResponse", await client.courts()]);
  values.push(["ServiceIndex", await client.index()]);
  values.push(["JudgesResponse", await client.judges("edny")]);
  values.push(["DocumentsResponse", await client.documents({ district_id: "edny" })]);

  const types = [...new Set(values.map(([type]) => type.replace("[]", "")))];
  const text = [
    `import type { ${types.join(", ")} } from "courtrules";`,
    ...values.map(([type, value], i) => `export const value${i}: ${type} = ${JSON.stringify(value)};`),
  ].join("\n");
  // A required field left out, or null where the type has no null, fails to compile.
  const { status, output } = typeCheck({ "values.ts": text }, { exactOptionalPropertyTypes: true });
  assert.equal(status, 0, output.split("\n").slice(0, 20).join("\n"));
});

test("the type check above fails when a value disagrees with its type", () => {
  const wrong = `import type { Step } from "courtrules";
export const step: Step = { step: "skip", date: "2026-03-07", time: undefined, reason: "saturday", holiday: null,
  explanation: "x", citation: "x", source_url: null };`;
  const { status, output } = typeCheck({ "wrong.ts": wrong }, { exactOptionalPropertyTypes: true });
  assert.notEqual(status, 0);
  assert.match(output, /'undefined' is not assignable/);
});

// A program that takes something from every entry (the 403 upload-quota body too).
const EVERY_ENTRY = `import { check, validate, init, initSync, createClient, type CheckRequest, type ErrorBody, type InitInput } from "courtrules";
import { classify, classifyJson, init as initDocument } from "courtrules/classify";
import { ForbiddenError, type ClientOptions } from "courtrules/client";
export const used = [check, validate, init, initSync, createClient, classify, classifyJson, initDocument, ForbiddenError];
export const quota: ErrorBody = { error: "upload quota used up", quota_bytes: 1073741824, used_bytes: 1073741000 };
export const options: ClientOptions = { baseUrl: "https://courtrules.example", apiKey: "crk_x" };
export const input: InitInput = "https://courtrules.example/courtrules_check_bg.wasm";
export type Checked = CheckRequest;
`;

// What @types/node declares, as globals, of the names the package's declarations use
// (`fetch`, its Request and Response, URL, AbortSignal), for a project without the DOM library.
const NODE_GLOBALS = `declare global {
  class URL { constructor(url: string, base?: string | URL); readonly href: string; }
  class Request { constructor(input: string | URL); }
  class Response { readonly status: number; }
  function fetch(input: string | URL | Request): Promise<Response>;
  class AbortSignal { readonly aborted: boolean; readonly reason: any; }
}
export {};
`;

test("a project without the DOM library (Node's: lib ES2022 and @types/node) type-checks the package's declarations", () => {
  for (const [module, moduleResolution] of [["nodenext", "nodenext"], ["esnext", "bundler"]]) {
    const { status, output } = typeCheck(
      { "node-globals.d.ts": NODE_GLOBALS, "every-entry.ts": EVERY_ENTRY },
      { lib: ["es2022"], module, moduleResolution, skipLibCheck: false },
    );
    assert.equal(status, 0, `${moduleResolution}:\n${output}`);
  }
});

test("moduleResolution node10 (\"node\"), which reads no exports, finds every entry's types (typesVersions)", () => {
  const { status, output } = typeCheck({ "every-entry.ts": EVERY_ENTRY }, { module: "esnext", moduleResolution: "node10" });
  assert.equal(status, 0, output);
});

/** The README's ```ts blocks, in order. */
function readmeExamples() {
  const readme = readFileSync(join(root, "pkg/README.md"), "utf8");
  return [...readme.matchAll(/^( *)```ts\n([\s\S]*?)^\1```$/gm)].map((match) =>
    match[2].replace(new RegExp(`^${match[1]}`, "gm"), ""),
  );
}

// What the README's examples take from the page or program around them.
const README_CONTEXT = `import type { CheckRequest, CheckResponse, ClassifyHints, CourtrulesClient, Profile } from "courtrules";
declare global {
  const process: { env: Record<string, string | undefined> };
  const apiKey: string;
  const input: HTMLInputElement;
  function render(result: CheckResponse): void;
  function describeFiling(): CheckRequest;
  const pdfBytes: Uint8Array;
  const hints: ClassifyHints;
  const profile: Profile;
  const client: CourtrulesClient;
}
`;
// Node's own, as far as the examples use it (the package has no @types/node).
const NODE_CONTEXT = `declare module "node:fs/promises" {
  export function readFile(path: string): Promise<Uint8Array>;
}
`;

test("the README's TypeScript examples compile under strict tsc against the built package", () => {
  const examples = readmeExamples();
  assert.ok(examples.length >= 6, `found ${examples.length} \`\`\`ts blocks in pkg/README.md`);
  const files = { "context.d.ts": README_CONTEXT, "node.d.ts": NODE_CONTEXT };
  // Each block is a module of its own (the project is an ES module one), but a block
  // that declares modules, which is a declaration file (the README says so).
  examples.forEach((text, i) => (files[`example${i + 1}${/^declare module/m.test(text) ? ".d.ts" : ".ts"}`] = text));
  const { status, output } = typeCheck(files);
  assert.equal(status, 0, output);
});
