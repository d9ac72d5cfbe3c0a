// The drafting app's start, as the benchmarks (browser-load.mjs, app-start.mjs) measure it
// in the page.

/**
 * Runs in the page before the app: types the counts once the rules are loaded; notes the
 * steps of the start (ms since navigation start, the page's clock): the page's first
 * paint of text (First Contentful Paint: when the user first sees something), the app's wasm
 * instantiated and `main` run (Trunk's `TrunkApplicationStarted`), the app mounted
 * (`#main` in the DOM), its rules loaded, the first result in the DOM, and that result
 * painted (Element Timing's render time of the first result group's heading: what the
 * user sees, after style, layout and paint).
 */
export function instrument([key]) {
  localStorage.setItem("courtrules.apiKey", key);
  window.__marks = {};
  // Tells the benchmark (bench/lib/signal.mjs) once the first result is in the DOM and painted.
  const mark = (name, at = performance.now()) => {
    if (name in window.__marks) return;
    window.__marks[name] = at;
    if ("first_result" in window.__marks && "first_result_painted" in window.__marks) window.__benchStarted?.("");
  };
  addEventListener("TrunkApplicationStarted", () => mark("app_started"));
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") mark("first_paint", entry.startTime);
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.identifier === "first-result") mark("first_result_painted", entry.renderTime || entry.loadTime);
  }).observe({ type: "element", buffered: true });
  let typed = false;
  const type = (id, value) => {
    const input = document.getElementById(id);
    input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };
  new MutationObserver(() => {
    if (document.getElementById("main")) mark("mounted");
    if (!typed && /Rules loaded/.test(document.getElementById("connection")?.textContent ?? "")) {
      typed = true;
      mark("rules_loaded");
      type("field-document-word_count", "4000");
      type("field-document-page_count", "12");
    }
    if (document.querySelector("#verdict[data-status]")) mark("first_result");
    // Set before the frame that paints it (observers run before rendering).
    const heading = document.querySelector("#results section.group h3");
    if (heading && !heading.hasAttribute("elementtiming")) heading.setAttribute("elementtiming", "first-result");
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

/** The steps of the start, in order, as `instrument` names them. */
export const STEPS = ["first_paint", "app_started", "mounted", "rules_loaded", "first_result", "first_result_painted"];
