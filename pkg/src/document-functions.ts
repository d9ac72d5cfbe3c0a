// The document module's functions as the package exports them, shared by the browser
// entry (`classify.ts`) and the Node entry (`classify-node.ts`), which differ only in how
// the module is loaded. They check their arguments (`arguments.ts`: documents may be an
// `ArrayBuffer`, and text for extraction), and their signatures are the package's public
// types: `hints` is optional, as it is at runtime. (Apart from `check-functions.ts`, so
// that a page that only checks bundles none of this.)

import type * as Document from "../wasm/document/node/courtrules_document.js";
import type { ClassifyHints, ClassifyOutcome, Extraction, IngestOptions } from "./engine-types.js";
import { bytes, string, type DocumentBytes } from "./arguments.js";

type DocumentModule = Pick<typeof Document, "classify" | "classifyJson" | "extractStandingOrder" | "extractStandingOrderJson">;

/** The document module's functions over `engine()` (which throws while it is not loaded). */
export function documentFunctions(engine: () => DocumentModule) {
  return {
    // Missing hints (undefined or null) are no hints to the engine; the glue's
    // declaration says they are required.
    classify: (pdfBytes: DocumentBytes, hints?: ClassifyHints | null): ClassifyOutcome =>
      engine().classify(bytes(pdfBytes, "pdfBytes"), hints as ClassifyHints),
    classifyJson: (pdfBytes: DocumentBytes, hintsJson: string): string =>
      engine().classifyJson(bytes(pdfBytes, "pdfBytes"), string(hintsJson, "hintsJson")),
    extractStandingOrder: (document: DocumentBytes | string, options: IngestOptions): Extraction =>
      engine().extractStandingOrder(bytes(document, "document", { text: true }), options),
    extractStandingOrderJson: (document: DocumentBytes | string, optionsJson: string): string =>
      engine().extractStandingOrderJson(bytes(document, "document", { text: true }), string(optionsJson, "optionsJson")),
  };
}
