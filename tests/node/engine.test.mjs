// The npm package's engine under Node: the golden corpus, validation, the rules view,
// errors, and the browser build (`--target web`) agreeing with the Node build byte for
// byte.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { canonical, corpus, loadPackage, root } from "./support.mjs";

const courtrules = await loadPackage();
const cases = corpus();
const edny = JSON.parse(readFileSync(join(root, "data/profiles/edny.json"), "utf8"));

/** The engine's answer to a case as the corpus stores it: `{ok}` or `{error}`. */
function answer(run) {
  try {
    return { ok: run() };
  } catch (error) {
    return { error };
  }
}

test("the corpus is there", () => {
  assert.ok(cases.length >= 40, `only ${cases.length} corpus cases`);
});

test("every corpus case gives its expected answer (the native engine's)", () => {
  const differing = cases.filter((c) => {
    const actual = answer(() => courtrules.check(c.profileObject, c.request));
    return canonical(actual) !== canonical(c.expected);
  });
  assert.deepEqual(differing.map((c) => c.name), [], "cases whose answer differs from `expected`");
});

test("checkJson answers the bytes check() answers, in the engine's field order", () => {
  for (const c of cases.filter((c) => c.expected.ok)) {
    const bytes = courtrules.checkJson(c.profileText, JSON.stringify(c.request));
    assert.equal(bytes, JSON.stringify(courtrules.check(c.profileObject, c.request)), c.name);
    assert.ok(bytes.startsWith('{"judge":{"slug":'), c.name);
  }
});

test("the browser build (--target web) answers the same bytes as the Node build", async () => {
  const web = await import(join(root, "pkg/wasm/check/web/courtrules_check.js"));
  web.initSync({ module: readFileSync(join(root, "pkg/wasm/check/web/courtrules_check_bg.wasm")) });
  for (const c of cases) {
    const request = JSON.stringify(c.request);
    const node = answer(() => courtrules.checkJson(c.profileText, request));
    const browser = answer(() => web.checkJson(c.profileText, request));
    assert.deepEqual(browser, node, c.name);
  }
});

test("an invalid request is thrown as an invalid_request EngineError naming each field", () => {
  const request = { ...cases.find((c) => c.expected.ok).request, document: { page_count: 0 } };
  const profile = cases.find((c) => c.expected.ok).profileObject;
  assert.throws(
    () => courtrules.check(profile, request),
    (error) => {
      assert.equal(error.kind, "invalid_request");
      assert.deepEqual(error.details, [
        { path: "document.page_count", message: "must be at least 1, got 0" },
        { path: "document.word_count", message: "is required" },
      ]);
      return true;
    },
  );
});

test("validate returns every problem, and nothing for a valid request", () => {
  const valid = cases.find((c) => c.expected.ok).request;
  assert.deepEqual(courtrules.validate(valid), []);
  for (const c of cases.filter((c) => c.expected.error?.kind === "invalid_request")) {
    assert.deepEqual(courtrules.validate(c.request), c.expected.error.details, c.name);
  }
  const problems = courtrules.validate({ document_scope: "memo", document: { page_count: "twenty" } });
  assert.ok(problems.some((p) => p.path === "document_scope" && p.message.includes("brief_support")));
  assert.ok(problems.some((p) => p.path === "document.page_count"));
  assert.ok(problems.some((p) => p.path === "judge_slug" && p.message === "is required"));
});

test("validate lists the problems of a missing request (undefined, or no argument) as of null, rather than throwing", () => {
  const missing = courtrules.validate(null);
  assert.ok(missing.length > 0 && missing.every((p) => typeof p.path === "string" && typeof p.message === "string"), JSON.stringify(missing));
  assert.deepEqual(courtrules.validate(undefined), missing);
  assert.deepEqual(courtrules.validate(), missing);
});

test("undefined members are left out, as JSON.stringify (and so the REST client) does", () => {
  const c = cases.find((c) => c.expected.ok && !c.request.motion_type) ?? cases.find((c) => c.expected.ok);
  const request = { ...c.request, motion_type: c.request.motion_type ?? undefined };
  assert.equal(courtrules.checkJson(c.profileText, JSON.stringify(request)), JSON.stringify(courtrules.check(c.profileObject, request)));
  assert.deepEqual(courtrules.validate(request), []);
});

test("every answer says what it covered, and a real judge's practices are an action item", () => {
  const request = {
    judge_slug: "margo-k-brodie", district_id: "edny", document_scope: "brief_support", motion_type: "Rule_12",
    is_pro_se: false, pmc_completed: true, opposing_party_pro_se: false, filing_role: "movant",
    document: { page_count: 20, word_count: 6000 },
  };
  const answer = courtrules.check(edny, request);
  assert.equal(answer.meta.coverage.level, "district");
  assert.match(answer.meta.coverage_note, /^Applied: FRCP .* Not encoded: Judge Margo K\. Brodie's individual practices/);
  const items = answer.results.filter((result) => result.category === "COVERAGE");
  assert.equal(items.length, 1);
  assert.equal(items[0].status, "ACTION_REQUIRED");
  assert.equal(answer.summary.status, "REVIEW");
  const rules = courtrules.resolveRules(edny, "margo-k-brodie", {});
  assert.equal(rules.meta.coverage_note, answer.meta.coverage_note);
  // A sample judge is said to be one.
  const sample = courtrules.check(edny, { ...request, judge_slug: "avery-sample" });
  assert.match(sample.meta.coverage_note, /Avery Sample is sample data/);
});

test("a judge not in the profile is thrown as judge_not_found", () => {
  const c = cases.find((c) => c.expected.ok && c.request.district_id === "edny");
  assert.throws(
    () => courtrules.check(edny, { ...c.request, judge_slug: "no-such-judge" }),
    { kind: "judge_not_found", district_id: "edny", judge_slug: "no-such-judge" },
  );
});

test("a broken profile is thrown as invalid_profile", () => {
  const request = cases.find((c) => c.expected.ok).request;
  assert.throws(() => courtrules.check({ format_version: 1 }, request), (error) => error.kind === "invalid_profile");
  assert.throws(() => courtrules.check(undefined, request), (error) => {
    assert.equal(error.kind, "invalid_profile");
    assert.equal(error.details[0].path, "profile");
    return true;
  });
  assert.throws(() => courtrules.checkJson("{not json", JSON.stringify(request)), (error) => error.kind === "invalid_profile");
});

test("resolveRules groups a judge's rules by layer and narrows by filter", () => {
  const all = courtrules.resolveRules(edny, "avery-sample");
  assert.deepEqual(all.judge, { slug: "avery-sample", name: "Avery Sample" });
  assert.ok(all.rules.frcp.length > 0 && all.rules.local_rules.length > 0 && all.rules.standing_order.length > 0);
  const total = all.rules.frcp.length + all.rules.local_rules.length + all.rules.standing_order.length;
  assert.equal(all.meta.total_rules, total);
  assert.equal(all.meta.profile_version, edny.profile_version);

  const letters = courtrules.resolveRules(edny, "avery-sample", { document_scope: "letter" });
  assert.ok(letters.meta.total_rules < all.meta.total_rules);
  for (const rule of [...letters.rules.frcp, ...letters.rules.local_rules]) {
    assert.ok(!rule.applies_to || rule.applies_to.length > 0);
  }
  assert.deepEqual(courtrules.resolveRules(edny, "avery-sample", undefined), all);
  assert.deepEqual(courtrules.resolveRules(edny, "avery-sample", null), all);
});

test("resolveRules rejects bad filters and unknown judges with named fields", () => {
  assert.throws(() => courtrules.resolveRules(edny, "avery-sample", { document_scope: "memo" }), (error) => {
    assert.equal(error.kind, "invalid_request");
    assert.equal(error.details[0].path, "document_scope");
    return true;
  });
  assert.throws(() => courtrules.resolveRules(edny, "avery-sample", "letter"), (error) => error.details[0].path === "filter");
  assert.throws(() => courtrules.resolveRules(edny, "nobody"), { kind: "judge_not_found", district_id: "edny", judge_slug: "nobody" });
});

test("the engine reports its version and needs no init in Node", async () => {
  await courtrules.init();
  assert.match(courtrules.engineVersion(), /^\d+\.\d+\.\d+/);
});

test("classify reads the fixture PDFs in Node as their ground truth says", async () => {
  const truth = JSON.parse(readFileSync(join(root, "tests/fixtures/pdf/ground_truth.json"), "utf8")).fixtures;
  let compared = 0;
  for (const [name, expected] of Object.entries(truth)) {
    const pdf = new Uint8Array(readFileSync(join(root, `tests/fixtures/pdf/${name}.pdf`)));
    const outcome = await courtrules.classify(pdf, { district_id: "edny", judge_slug: "avery-sample", filename: `${name}.pdf` });
    const { classification, page_count_analysis, document } = outcome.response;
    assert.equal(classification.supported, expected.supported, name);
    assert.equal(page_count_analysis.total_pdf_pages, expected.total_pdf_pages, name);
    if (!expected.supported || outcome.unread_pages.length > 0) continue;
    assert.equal(classification.document_scope, expected.document_scope, name);
    assert.equal(page_count_analysis.body_page_count, expected.body_page_count, name);
    assert.equal(document.word_count, expected.word_count, name);
    assert.equal(outcome.response.check_request.judge_slug, "avery-sample", name);
    compared++;
  }
  assert.ok(compared >= 5, `only ${compared} supported text-layer fixtures`);
});

test("a classified PDF plus the four filer facts is a valid check request", async () => {
  const pdf = new Uint8Array(readFileSync(join(root, "tests/fixtures/pdf/memo_support_rule12.pdf")));
  const { response } = await courtrules.classify(pdf, { district_id: "edny", judge_slug: "avery-sample" });
  const request = { ...response.check_request, is_pro_se: false, pmc_completed: true, opposing_party_pro_se: false, filing_role: "movant" };
  assert.deepEqual(courtrules.validate(request), []);
  assert.equal(courtrules.check(edny, request).judge.slug, "avery-sample");
});

test("classify refuses bytes that are not a PDF, and bad hints, with an EngineError", async () => {
  await assert.rejects(courtrules.classify(new TextEncoder().encode("not a pdf")), (error) => typeof error.kind === "string");
  const pdf = new Uint8Array(readFileSync(join(root, "tests/fixtures/pdf/letter_premotion_conference.pdf")));
  await assert.rejects(courtrules.classify(pdf, { district: "edny" }), { kind: "invalid_request" });
});

test("bad hints and options name the field, with no position in JSON the caller never wrote", async () => {
  const pdf = new Uint8Array(readFileSync(join(root, "tests/fixtures/pdf/letter_premotion_conference.pdf")));
  const text = "Memoranda are limited to 20 pages.";
  const refusal = (path, message) => (error) => {
    assert.equal(error.kind, "invalid_request");
    assert.deepEqual(error.details, [{ path, message }]);
    return true;
  };
  await assert.rejects(courtrules.classify(pdf, { district_id: 5 }), refusal("district_id", "invalid type: integer `5`, expected a string"));
  await assert.rejects(courtrules.classify(pdf, { judge_slug: "a", skip_format: "yes" }), refusal("skip_format", 'invalid type: string "yes", expected a boolean'));
  await assert.rejects(courtrules.classify(pdf, { foo: 1 }), (error) => error.details[0].path === "foo" && !/line \d/.test(error.details[0].message));
  await assert.rejects(courtrules.extractStandingOrder(text, {}), refusal("source_url", "is required"));
  await assert.rejects(courtrules.extractStandingOrder(text, { source_url: 5 }), refusal("source_url", "invalid type: integer `5`, expected a string"));
  await assert.rejects(courtrules.extractStandingOrder(text, { source_url: "https://a.test/", title: 7 }), refusal("title", "invalid type: integer `7`, expected a string"));
  // Text the caller wrote keeps its position.
  const classifyModule = await import(join(root, "pkg/dist/classify-node.js"));
  assert.throws(() => classifyModule.classifyJson(pdf, "{"), (error) => /line 1 column 1/.test(error.details[0].message));
});

test("an empty document is refused in the server's words, not read as one with no rules", async () => {
  const options = { source_url: "https://courtrules.example/sample-orders/avery-sample" };
  for (const document of ["", "  \n\f ", new Uint8Array(), new ArrayBuffer(0)]) {
    await assert.rejects(courtrules.extractStandingOrder(document, options), (error) => {
      assert.deepEqual(error, { kind: "invalid_request", details: [{ path: "text", message: "must not be empty" }] });
      return true;
    });
  }
  const classifyModule = await import(join(root, "pkg/dist/classify-node.js"));
  assert.throws(() => classifyModule.extractStandingOrderJson("", JSON.stringify(options)), { kind: "invalid_request" });
});

test("extractStandingOrder reads a judge's practices in Node, with every proposal pointing at its sentence", async () => {
  const pdf = new Uint8Array(readFileSync(join(root, "data/documents/sample-order-avery-sample.pdf")));
  const options = { source_url: "https://courtrules.example/sample-orders/avery-sample" };
  const extraction = await courtrules.extractStandingOrder(pdf, options);
  const memoranda = extraction.proposals.find((p) => p.rule.rule_key === "PageLimit:brief-support+brief-opposition");
  assert.equal(memoranda.rule.params.max_pages, 25);
  assert.match(memoranda.rule.citation, /§ 3\.A$/);
  const page = Array.from(extraction.pages[memoranda.evidence.page - 1]);
  assert.equal(page.slice(memoranda.evidence.start, memoranda.evidence.end).join("").replace(/\s+/g, " "), memoranda.evidence.text);
  // The proposals are a standing order the engine checks at once.
  const profile = structuredClone(edny);
  const judge = profile.judges.find((j) => j.slug === "avery-sample");
  judge.standing_order = { title: extraction.title, source_url: options.source_url, rules: extraction.proposals.map((p) => p.rule) };
  const request = {
    judge_slug: "avery-sample", district_id: "edny", document_scope: "brief_support", motion_type: "Rule_56",
    is_pro_se: false, pmc_completed: true, opposing_party_pro_se: false, filing_role: "movant",
    document: { page_count: 26, word_count: 6000 },
  };
  const failed = courtrules.check(profile, request).results.find((r) => r.status === "FAIL");
  assert.equal(failed.rule_key, "PageLimit:brief-support+brief-opposition");
  // Text works too, and bad options name the field.
  const text = await courtrules.extractStandingOrder(new TextEncoder().encode("Letters may not exceed two pages."), options);
  assert.equal(text.proposals[0].rule.params.max_pages, 2);
  await assert.rejects(courtrules.extractStandingOrder(pdf, { source_url: "ftp://x" }), { kind: "invalid_request" });
});
