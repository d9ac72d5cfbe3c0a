//! The document module: the engine's PDF reader and standing-order extractor, which the
//! page fetches only when a document is first read.
//!
//! The app's own module carries the check engine only (the engine without its
//! `document` feature). Reading a document — `classify` for a dropped filing,
//! extraction for a judge's practices — is the `courtrules_document` wasm-bindgen module
//! that `node pkg/scripts/build.mjs document:web` builds, the same one the npm package
//! loads: Trunk's post-build hook (`web/document-module.mjs`) copies it into `web/dist`
//! under content-hashed names and names them in two `<meta>` tags of `index.html`.
//!
//! - `DocumentModule::ready` loads it (a dynamic `import()` of the glue, then the wasm),
//!   once per page: later calls wait for the same load, and a failed load is tried again
//!   by the next call, at addresses the browser has not seen (`?attempt=N`: it remembers
//!   a failed `import()` for good). The PDF drop and the judge's-practices panel share
//!   it. `prefetch` starts the same load when the user shows intent (dragging a file
//!   into the window, pointing at or focusing a drop zone, opening the judge's-practices
//!   panel), never on a timer, so nothing is fetched at start.
//! - `classify_json` and `extract_json` answer the engine's JSON, or the engine's
//!   `EngineError`, exactly as `courtrules_engine::ffi` does. Natively (the unit tests)
//!   they are `ffi` itself.

use crate::proposals::{self, Document, ReadProblem};
#[cfg(not(target_arch = "wasm32"))]
use courtrules_engine::EngineError;
use courtrules_engine::model::Extraction;

/// Reads a judge's practices with the extractor (in the page, the module must be
/// `ready`): the answer `extract_pdf` / `extract_text` give for the document.
pub fn read(document: &Document, source_url: &str) -> Result<Extraction, ReadProblem> {
    let options = proposals::options_json(source_url);
    let answer = match document.extractor_input() {
        Some(input) => extract_json(input, &options),
        // A "PDF" without a header. The options are checked first, as the extractor does
        // (empty text is read only once they are usable); then the reader's refusal, in
        // its own words.
        None => extract_json(b"", &options).and_then(|_| classify_json(document.bytes(), "")),
    };
    proposals::reading(document, answer)
}

/// `ffi::classify_json`: the `ClassifyOutcome` JSON for a PDF and hints (JSON text).
#[cfg(not(target_arch = "wasm32"))]
pub fn classify_json(pdf: &[u8], hints_json: &str) -> Result<String, EngineError> {
    courtrules_engine::ffi::classify_json(pdf, hints_json.as_bytes()).map(utf8)
}

/// `ffi::extract_json`: the `Extraction` JSON for a document (a PDF, or UTF-8 text) and
/// `IngestOptions` (JSON text).
#[cfg(not(target_arch = "wasm32"))]
pub fn extract_json(document: &[u8], options_json: &str) -> Result<String, EngineError> {
    courtrules_engine::ffi::extract_json(options_json.as_bytes(), document).map(utf8)
}

#[cfg(not(target_arch = "wasm32"))]
fn utf8(json: Vec<u8>) -> String {
    String::from_utf8(json).expect("the engine writes UTF-8")
}

#[cfg(target_arch = "wasm32")]
pub use page::*;

#[cfg(target_arch = "wasm32")]
mod page {
    use courtrules_engine::EngineError;
    use leptos::prelude::*;
    use leptos::task::spawn_local;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen_futures::JsFuture;

    // The loader and the calls, in JavaScript: `import()` is the only way to load a
    // module at run time, and the module's errors are objects to hand back as JSON.
    // Errors cross as JSON text of an `EngineError`.
    #[wasm_bindgen(inline_js = r#"
const named = (name) => document.querySelector(`meta[name="${name}"]`)?.getAttribute("content") || null;
let loading = null;
let loaded = null;
// The glue, once imported (a failed wasm is fetched again with the same glue).
let glueModule = null;
// Loads started. The browser keeps a failed `import()` in its module map for good, so a
// retry asks for the files at an address it has not seen: `?attempt=N` (the server
// serves a static file whatever its query, and the CSP's 'self' allows it).
let attempts = 0;
const attempt = (url, n) => (n === 0 ? url : `${url}${url.includes("?") ? "&" : "?"}attempt=${n}`);

export function load_document_module() {
  if (loaded) return Promise.resolve();
  if (!loading) {
    const n = attempts++;
    loading = (async () => {
      const glue = named("courtrules-document-module");
      const wasm = named("courtrules-document-wasm");
      if (!glue || !wasm) throw new Error("the page names no document module (courtrules-document-module, courtrules-document-wasm)");
      glueModule ??= await import(attempt(glue, n));
      await glueModule.default({ module_or_path: attempt(wasm, n) });
      loaded = glueModule;
    })().catch((error) => {
      // A failed load is tried again by the next call.
      loading = null;
      throw String(error);
    });
  }
  return loading;
}

function engine(call) {
  if (!loaded) throw JSON.stringify({ kind: "invalid_input", message: "the document reader is not loaded" });
  try {
    return call(loaded);
  } catch (error) {
    if (error && typeof error === "object" && typeof error.kind === "string") throw JSON.stringify(error);
    throw JSON.stringify({ kind: "invalid_input", message: String(error) });
  }
}

export function classify_json(pdf, hints) {
  return engine((module) => module.classifyJson(pdf, hints));
}

export function extract_json(bytes, options) {
  return engine((module) => module.extractStandingOrderJson(bytes, options));
}
"#)]
    extern "C" {
        #[wasm_bindgen(js_name = load_document_module)]
        fn load_document_module() -> js_sys::Promise;

        #[wasm_bindgen(catch, js_name = classify_json)]
        fn js_classify_json(pdf: &[u8], hints_json: &str) -> Result<String, JsValue>;

        #[wasm_bindgen(catch, js_name = extract_json)]
        fn js_extract_json(document: &[u8], options_json: &str) -> Result<String, JsValue>;
    }

    /// `ffi::classify_json` in the document module (loaded first with `ready`).
    pub fn classify_json(pdf: &[u8], hints_json: &str) -> Result<String, EngineError> {
        js_classify_json(pdf, hints_json).map_err(engine_error)
    }

    /// `ffi::extract_json` in the document module (loaded first with `ready`).
    pub fn extract_json(document: &[u8], options_json: &str) -> Result<String, EngineError> {
        js_extract_json(document, options_json).map_err(engine_error)
    }

    fn engine_error(thrown: JsValue) -> EngineError {
        thrown.as_string().and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_else(|| {
            EngineError::InvalidInput { message: "the document reader failed without saying why".into() }
        })
    }

    /// Where the document module is.
    #[derive(Clone, Debug, PartialEq)]
    pub enum LoadState {
        /// Not asked for yet.
        Idle,
        /// Being fetched and compiled.
        Loading,
        Ready,
        /// The load failed (the next `ready` or `prefetch` tries again): what the browser said.
        Failed(String),
    }

    /// The document module's load state, for the page (one per app, `Copy`).
    #[derive(Clone, Copy)]
    pub struct DocumentModule {
        state: RwSignal<LoadState>,
    }

    impl LoadState {
        /// `idle`, `loading`, `ready`, `failed`: the drop zones' `data-reader`.
        pub fn name(&self) -> &'static str {
            match self {
                LoadState::Idle => "idle",
                LoadState::Loading => "loading",
                LoadState::Ready => "ready",
                LoadState::Failed(_) => "failed",
            }
        }
    }

    /// What a drop zone says when several files came at once: only the first, `name`, is
    /// read (empty for one file).
    pub fn others_note(count: u32, name: &str) -> String {
        if count > 1 {
            format!("Only the first of the {count} files dropped, {name}, is read; drop the others one at a time.")
        } else {
            String::new()
        }
    }

    /// The newest of the readings a drop zone was asked for. Each reading takes a ticket
    /// (`take`) and asks it whether it is still the newest before it shows anything: a
    /// slower earlier reading (a bigger PDF) that finishes after a later file was chosen
    /// is dropped, and never replaces the later document's answer.
    #[derive(Clone, Copy)]
    pub struct Newest(StoredValue<u64>);

    impl Newest {
        pub fn new() -> Self {
            Self(StoredValue::new(0))
        }

        /// A new reading: the check is true until another reading is asked for.
        pub fn take(self) -> impl Fn() -> bool + Copy + 'static {
            let ticket = self.0.get_value() + 1;
            self.0.set_value(ticket);
            let latest = self.0;
            move || latest.get_value() == ticket
        }
    }

    /// Where a document is dropped, or chosen with its file input: either way the first
    /// file goes to `on_file`, with how many files came (the rest are not read: the caller
    /// says so). Pointing at it or focusing it starts fetching the reader (the
    /// user is about to read a document), and `data-reader` says where that load stands.
    /// `children` follow the label and the input (hints, a status).
    #[component]
    pub fn DropZone(
        class: &'static str,
        input_id: &'static str,
        accept: &'static str,
        label: &'static str,
        on_file: impl Fn(web_sys::File, u32) + Copy + 'static,
        children: Children,
    ) -> impl IntoView {
        let module = expect_context::<DocumentModule>();
        let dragging = RwSignal::new(false);
        let on_drop = move |ev: leptos::ev::DragEvent| {
            ev.prevent_default();
            dragging.set(false);
            if let Some(files) = ev.data_transfer().and_then(|d| d.files())
                && let Some(file) = files.get(0)
            {
                on_file(file, files.length());
            }
        };
        let on_choose = move |ev: leptos::ev::Event| {
            let input: web_sys::HtmlInputElement = ev.target().expect("an input").unchecked_into();
            if let Some(files) = input.files()
                && let Some(file) = files.get(0)
            {
                on_file(file, files.length());
            }
            // The browser fires no `change` for the file the input already holds: emptied,
            // the same file chosen again (after a failed load, say) is read again.
            input.set_value("");
        };
        view! {
            <div
                class=class
                class:dragging=move || dragging.get()
                on:dragover=move |ev: leptos::ev::DragEvent| { ev.prevent_default(); dragging.set(true) }
                on:dragleave=move |_| dragging.set(false)
                on:drop=on_drop
                on:pointerenter=move |_| module.prefetch()
                on:focusin=move |_| module.prefetch()
                data-reader=move || module.state().with(LoadState::name)
            >
                <label for=input_id>{label}</label>
                <input id=input_id type="file" accept=accept on:change=on_choose />
                {children()}
            </div>
        }
    }

    impl DocumentModule {
        pub fn new() -> Self {
            DocumentModule { state: RwSignal::new(LoadState::Idle) }
        }

        pub fn state(self) -> ReadSignal<LoadState> {
            self.state.read_only()
        }

        /// Starts loading the module, if it is neither loaded nor loading: the user is
        /// about to read a document.
        pub fn prefetch(self) {
            if matches!(self.state.get_untracked(), LoadState::Idle | LoadState::Failed(_)) {
                spawn_local(async move {
                    let _ = self.ready().await;
                });
            }
        }

        /// Loads the module (or waits for the load under way); `Err` is what the browser
        /// said when it failed.
        pub async fn ready(self) -> Result<(), String> {
            if self.state.get_untracked() == LoadState::Ready {
                return Ok(());
            }
            if self.state.get_untracked() != LoadState::Loading {
                self.state.set(LoadState::Loading);
            }
            match JsFuture::from(load_document_module()).await {
                Ok(_) => {
                    self.state.set(LoadState::Ready);
                    Ok(())
                }
                Err(error) => {
                    let message = error.as_string().unwrap_or_default();
                    self.state.set(LoadState::Failed(message.clone()));
                    Err(message)
                }
            }
        }
    }
}
