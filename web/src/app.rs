//! The user interface (Leptos, client-side rendered).
//!
//! One signal holds the form; the request, the engine's validation and the engine's
//! check are derived from it, so every keystroke re-checks in the page. The network is
//! used only to pick the court and judge, to fetch the judge's compliance profile once,
//! when the user asks for the server's check, and when the user saves the rules read from
//! the judge's practices (`practices.rs`), which until then replace the judge's standing
//! order in the page's checks.

use crate::api::{self, ApiError, KEY_REFUSED};
use crate::choices::{self, Choice};
use crate::deadlines::DeadlinesPanel;
use crate::document::{self, DocumentModule, DropZone, LoadState};
use crate::form::{
    FilingForm, FlagGroup, WordCountUse, asks_how_paper_was_made, changed_fields, coverage_in_words, field_id, label,
    needs_in_words, path_label, plain_problem, value_label, word_count_note, word_count_use,
};
use crate::pdf;
use crate::practices::{PracticesPanel, layer_note};
use crate::proposals::{self, Layer, layer_phrase};
use courtrules_engine::ffi;
use courtrules_engine::model::{
    COURT_JUDGE_SLUG, CheckResponse, CheckResult, DocumentScope, FieldError, FilingRole, LineSpacing, MotionType,
    Profile, ResultStatus,
};
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::collections::BTreeSet;
use std::sync::Arc;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use wasm_bindgen_futures::JsFuture;

const API_KEY_STORAGE: &str = "courtrules.apiKey";

/// Where the filing (court, judge, every field as typed) is kept for the tab, in its
/// session storage: a reload or Back finds it as it was left.
const FORM_STORAGE: &str = "courtrules.filing";

const LOADING_COURTS: &str = "Loading courts…";

/// The court the app chooses at start when the key may check it (else the first it may).
const START_DISTRICT: &str = "edny";

/// The app's first requests: the courts, and the judges, time rules and court-wide
/// profile of the court and judge it chooses at start (`START_DISTRICT`, "Any judge").
/// They are started together rather than one after another as each answer arrives; with
/// a remembered key, web/index.html has started these very paths before the wasm ran.
fn startup_requests() -> [String; 4] {
    let [courts, judges, profile] = first_result_requests();
    [courts, judges, api::time_rules_path(START_DISTRICT), profile]
}

/// Of those, the ones the first check result needs (the deadlines panel's time rules are
/// not: it reads them after the first paint).
fn first_result_requests() -> [String; 3] {
    ["/api/v1/courts".into(), api::judges_path(START_DISTRICT), api::profile_path(START_DISTRICT, COURT_JUDGE_SLUG)]
}

/// The longest the app waits, once its wasm runs, for the answers web/index.html started.
const STARTUP_WAIT_MS: i32 = 200;

pub fn start() {
    // With the first answers in hand when it mounts, the app's start (courts → judges →
    // rules) runs through before the browser paints, so the first frame shows a court,
    // a judge and their rules loaded rather than "Loading courts…" — and a result as soon
    // as the user types. They have usually arrived while the wasm loaded; a slow server
    // delays the form by at most STARTUP_WAIT_MS, then it says what it is waiting for.
    wasm_bindgen_futures::spawn_local(async {
        api::started_answers(&first_result_requests(), STARTUP_WAIT_MS).await;
        leptos::mount::mount_to_body(App);
        // The page's "Loading the checker…" line (web/index.html) has served its turn.
        if let Some(loading) =
            web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("app-loading"))
        {
            loading.remove();
        }
    });
}

/// The engine's answer in the page: the exact response bytes (to compare with the
/// server's), the response, and how long the engine took.
#[derive(Clone, Debug, PartialEq)]
struct LocalCheck {
    bytes: String,
    response: CheckResponse,
    millis: f64,
}

#[derive(Clone, Debug, PartialEq)]
enum Outcome {
    /// No profile yet.
    Waiting(String),
    /// The request has problems (shown next to their fields).
    Invalid(Vec<FieldError>),
    /// The engine could not check (e.g. the judge is not in the profile).
    Failed(String),
    Checked(LocalCheck),
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ServerCheck {
    Idle,
    Running,
    Agree { millis: f64 },
    Differ { browser: String, server: String },
    Failed(String),
}

pub(crate) fn now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// Waits until the browser has painted (a frame, then a task after it), so that a
/// "Reading…" state is on screen before the engine holds the thread. A timer also
/// resolves it, for tabs that paint no frames.
pub(crate) async fn after_paint() {
    let promise = js_sys::Promise::new(&mut |resolve: js_sys::Function, _reject| {
        let window = web_sys::window().expect("the app runs in a window");
        let later = resolve.clone();
        let after_frame = Closure::once_into_js(move || {
            if let Some(window) = web_sys::window() {
                let _ = window.set_timeout_with_callback(&later);
            }
        });
        let _ = window.request_animation_frame(after_frame.unchecked_ref());
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 100);
    });
    let _ = JsFuture::from(promise).await;
}

/// Waits until the page has painted and the browser is idle (`requestIdleCallback`, at
/// most `IDLE_WAIT_MS` later; a short timer where it does not exist), for work below the
/// first screen: started right after the first paint, it would compete with that frame's
/// raster and delay the first result reaching the screen.
pub(crate) async fn when_idle() {
    const IDLE_WAIT_MS: u32 = 500;
    after_paint().await;
    let promise = js_sys::Promise::new(&mut |resolve: js_sys::Function, _reject| {
        let window = web_sys::window().expect("the app runs in a window");
        let idle = js_sys::Reflect::get(&window, &"requestIdleCallback".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        let asked = idle.is_some_and(|idle| {
            let options = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&options, &"timeout".into(), &IDLE_WAIT_MS.into());
            idle.call2(&window, &resolve, &options).is_ok()
        });
        if !asked {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 50);
        }
    });
    let _ = JsFuture::from(promise).await;
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok()?
}

/// The filing kept for this tab (read once, at start), or the empty form.
fn saved_form() -> FilingForm {
    session_storage()
        .and_then(|s| s.get_item(FORM_STORAGE).ok()?)
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .map_or_else(FilingForm::default, |saved| FilingForm::from_saved(&saved))
}

#[component]
fn App() -> impl IntoView {
    let api_key = RwSignal::new(storage().and_then(|s| s.get_item(API_KEY_STORAGE).ok()?).unwrap_or_default());
    let form = RwSignal::new(saved_form());
    // Kept for the tab at every change. The first run only subscribes: the form is then
    // what was read, and writing it back would cost the start a serialization for nothing.
    Effect::new(move |first: Option<()>| {
        if first.is_none() {
            form.track();
            return;
        }
        if let Some(storage) = session_storage() {
            let _ = storage.set_item(FORM_STORAGE, &form.with(|f| f.to_saved().to_string()));
        }
    });
    let courts = RwSignal::new(Vec::<Choice>::new());
    let judges = RwSignal::new(Vec::<Choice>::new());
    let profile = RwSignal::new(None::<Arc<Profile>>);
    let connection = RwSignal::new(String::new());
    let server_check = RwSignal::new(ServerCheck::Idle);
    let first_result_ms = RwSignal::new(None::<f64>);
    // Problems are shown for a field only once the user has left it (or changed it).
    let touched = RwSignal::new(BTreeSet::<String>::new());
    let key_problem = RwSignal::new(None::<String>);
    // Bumped to ask again for the courts, the judges or the profile after a failure that
    // passes (see `load_failed`): a reload would lose the whole filing.
    let (courts_retry, judges_retry, profile_retry) = (RwSignal::new(0u32), RwSignal::new(0u32), RwSignal::new(0u32));
    // The court and judge the loaded profile is of: asked again for the same ones (a
    // retry, the latest rules after a save), the profile in hand stays in use, marked as
    // being refreshed, until the new one arrives.
    let profile_of = StoredValue::new(None::<(String, String, String)>);
    let refreshing = RwSignal::new(false);
    // A profile the page could not read, or a failure not asked again by itself: the
    // page offers to ask again (`#refetch-rules`) rather than telling anyone to reload.
    let offer_refetch = RwSignal::new(false);
    // A PDF with no verdict of its own (not a supported filing, or unreadable): what to
    // say in the verdict's place while the form is as the drop left it.
    let pdf_hold = RwSignal::new(None::<(String, FilingForm)>);
    // The rules accepted in the judge's-practices panel, in place of the judge's
    // published standing order (`Published` while the panel is unused).
    let layer = RwSignal::new(Layer::Published);
    // The PDF reader and the standing-order extractor: fetched when first needed, or as
    // soon as a file is dragged into the window.
    let module = DocumentModule::new();
    provide_context(module);
    let _ = window_event_listener(leptos::ev::dragenter, move |_| module.prefetch());

    let district = Memo::new(move |_| form.with(|f| f.district_id.clone()));
    let judge = Memo::new(move |_| form.with(|f| f.judge_slug.clone()));

    // Key → courts.
    Effect::new(move |_| {
        let key = api_key.get();
        courts_retry.track();
        courts.set(Vec::new());
        key_problem.set(None);
        if key.is_empty() {
            connection.set("Enter your API key to choose a court and judge.".into());
            return;
        }
        connection.set(LOADING_COURTS.into());
        // No court chosen yet: the court and judge chosen at start are known already.
        if district.get_untracked().is_empty() {
            api::start_early(&startup_requests(), &key);
        }
        spawn_local(async move {
            let loaded = load_courts(&key).await;
            if api_key.get_untracked() != key {
                return;
            }
            let choices = match loaded {
                Ok(choices) => choices,
                Err(error) => {
                    refused_key(&error, &key, api_key, key_problem);
                    let still = move || api_key.get_untracked() == key && courts.with_untracked(Vec::is_empty);
                    connection.set(load_failed("The list of courts", &error, courts_retry, still));
                    return;
                }
            };
            if choices.iter().all(|c| c.disabled) {
                connection.set("None of the courts this key may use has rules in courtrules yet.".into());
            } else if connection.with_untracked(|text| text == LOADING_COURTS) {
                // Only over "Loading courts…": a judges or rules request that failed
                // meanwhile (a 403, say) keeps its message.
                connection.set("Choose the court and judge.".into());
            }
            let current = district.get_untracked();
            let checkable = |c: &&Choice| !c.disabled;
            let pick = choices
                .iter()
                .filter(checkable)
                .find(|c| c.value == current)
                .or_else(|| choices.iter().filter(checkable).find(|c| c.value == START_DISTRICT))
                .or_else(|| choices.iter().find(checkable))
                .map(|c| c.value.clone())
                .unwrap_or_default();
            courts.set(choices);
            form.update(|f| f.district_id = pick);
        });
    });

    // Court → judges.
    Effect::new(move |_| {
        let (key, district_id) = (api_key.get(), district.get());
        judges_retry.track();
        judges.set(Vec::new());
        if key.is_empty() || district_id.is_empty() {
            return;
        }
        spawn_local(async move {
            let loaded = api::get(&api::judges_path(&district_id), &key)
                .await
                .and_then(|text| choices::judges(&text).map_err(unexpected));
            if district.get_untracked() != district_id {
                return;
            }
            match loaded {
                Ok(choices) => {
                    let current = judge.get_untracked();
                    let pick = choices.iter().find(|c| c.value == current).or(choices.first()).map(|c| c.value.clone());
                    judges.set(choices);
                    form.update(|f| f.judge_slug = pick.unwrap_or_default());
                }
                Err(error) => {
                    refused_key(&error, &key, api_key, key_problem);
                    let still = move || {
                        district.get_untracked() == district_id
                            && api_key.get_untracked() == key
                            && judges.with_untracked(Vec::is_empty)
                    };
                    connection.set(load_failed("The judges of this court", &error, judges_retry, still));
                }
            }
        });
    });

    // Judge → the judge's compliance profile, fetched once and checked against locally.
    Effect::new(move |_| {
        let (key, district_id, judge_slug) = (api_key.get(), district.get(), judge.get());
        profile_retry.track();
        server_check.set(ServerCheck::Idle);
        offer_refetch.set(false);
        // Only a judge of the court's own list: right after the court changes, the
        // judge is still the previous court's until that court's judges arrive.
        let listed = judges.with(|list| list.iter().any(|choice| choice.value == judge_slug));
        let same = profile_of
            .with_value(|of| of.as_ref().is_some_and(|(k, d, j)| *k == key && *d == district_id && *j == judge_slug))
            && profile.with_untracked(Option::is_some);
        if !same || key.is_empty() || !listed {
            profile.set(None);
            profile_of.set_value(None);
        }
        refreshing.set(false);
        if key.is_empty() || district_id.is_empty() || judge_slug.is_empty() || !listed {
            return;
        }
        if same {
            refreshing.set(true);
            connection.set(
                "Fetching the judge's latest rules… The results shown use the rules loaded before until they arrive."
                    .into(),
            );
        } else {
            connection.set("Loading the judge's rules…".into());
        }
        spawn_local(async move {
            let loaded = api::get(&api::profile_path(&district_id, &judge_slug), &key).await;
            if district.get_untracked() != district_id || judge.get_untracked() != judge_slug {
                return;
            }
            // Whatever came (newer rules, or nothing usable), the rules in hand are not
            // being refreshed any more.
            refreshing.set(false);
            match loaded.map(|text| ffi::parse_profile(text.as_bytes())) {
                Ok(Ok(parsed)) => {
                    connection.set("Rules loaded. Checks now run in this browser as you type.".into());
                    profile_of.set_value(Some((key, district_id, judge_slug)));
                    profile.set(Some(Arc::new(parsed)));
                }
                Ok(Err(_)) => {
                    offer_refetch.set(true);
                    connection.set(
                        "The court's rules could not be read by this page. Fetch them again; if that does not help, report it."
                            .into(),
                    )
                }
                Err(error) if error.status == 422 => connection.set(
                    "This court's rules are not in courtrules yet, so filings before it cannot be checked.".into(),
                ),
                Err(error) => {
                    refused_key(&error, &key, api_key, key_problem);
                    offer_refetch.set(!(error.key_refused || error.status == 429 || error.status == 0));
                    let asked = profile_retry.get_untracked();
                    let still = move || {
                        district.get_untracked() == district_id
                            && judge.get_untracked() == judge_slug
                            && api_key.get_untracked() == key
                            && profile_retry.get_untracked() == asked
                    };
                    connection.set(load_failed("The judge's rules", &error, profile_retry, still));
                }
            }
        });
    });

    // The published profile itself (the same `Arc`) unless the panel's layer is in use.
    let checked_profile =
        Memo::new(move |_| profile.get().map(|p| proposals::profile_for_check(&p, &layer.get(), &judge.get())));
    // Set once the browser is idle after the first paint: what the form says about the
    // rules (the word count not needed, a role that is not the paper's) waits for it, so
    // the start computes nothing its first result does not need.
    let settled = RwSignal::new(false);
    spawn_local(async move {
        when_idle().await;
        settled.set(true);
    });
    // Whether the rules that apply read the word count: weighed again only when what
    // chooses the rules changes (not at every keystroke in a count).
    let rules_choice = Memo::new(move |_| form.with(FilingForm::rules_choice));
    let word_use_now = Memo::new(move |_| match checked_profile.get() {
        Some(Ok(profile)) => rules_choice.with(|choice| word_count_use(&profile, choice)),
        _ => WordCountUse::Read,
    });
    // Read before the page has settled only when it decides whether there is a result:
    // the page count given, the word count not.
    let word_use = move || {
        let decides = form.with(|f| f.word_count.trim().is_empty() && !f.page_count.trim().is_empty());
        if settled.get() || decides { word_use_now.get() } else { WordCountUse::Read }
    };
    let word_note = Memo::new(move |_| word_count_note(word_use(), &judge.get()));
    let mismatched = Memo::new(move |_| settled.get() && form.with(|f| f.role_mismatch().is_some()));
    let request = Memo::new(move |_| {
        // A word count given is sent as given, whatever the rules read.
        let words = if form.with(|f| f.word_count.trim().is_empty()) { word_use() } else { WordCountUse::Read };
        form.with(|f| serde_json::to_string(&f.to_request_given(words)).expect("JSON values serialize"))
    });
    let outcome = Memo::new(move |_| {
        // A dropped PDF with no verdict of its own: nothing is shown for another paper
        // until the user changes the form.
        if let Some(message) =
            pdf_hold.with(|hold| hold.as_ref().filter(|(_, left)| form.with(|f| f == left)).map(|(m, _)| m.clone()))
        {
            return Outcome::Waiting(message);
        }
        let request = request.get();
        let problems: Vec<FieldError> =
            serde_json::from_slice(&ffi::validate_json(request.as_bytes())).expect("validate answers a list");
        // No rules can load without a key the server takes: say that first, rather than
        // "Enter the judge and court" (pickers the key fills).
        if checked_profile.with(Option::is_none) {
            if api_key.with(String::is_empty) {
                return Outcome::Waiting("Enter your API key above to load the court's rules and see results.".into());
            }
            if key_problem.with(Option::is_some) {
                return Outcome::Waiting(
                    "Enter a valid API key above to load the court's rules and see results.".into(),
                );
            }
        }
        if !problems.is_empty() {
            return Outcome::Invalid(problems);
        }
        let profile = match checked_profile.get() {
            None => return Outcome::Waiting("Results appear here once the judge's rules are loaded.".into()),
            Some(Err(message)) => return Outcome::Failed(message),
            Some(Ok(profile)) => profile,
        };
        let started = now();
        match ffi::check_json(&profile, request.as_bytes()) {
            Ok(bytes) => {
                let millis = now() - started;
                let response = serde_json::from_slice(&bytes).expect("the engine answers a check response");
                Outcome::Checked(LocalCheck {
                    bytes: String::from_utf8(bytes).expect("JSON is UTF-8"),
                    response,
                    millis,
                })
            }
            Err(error) => Outcome::Failed(error.to_string()),
        }
    });
    Effect::new(move |_| {
        if matches!(outcome.get(), Outcome::Checked(_)) && first_result_ms.get_untracked().is_none() {
            first_result_ms.set(Some(now()));
        }
    });
    // A new request makes an earlier server answer stale.
    Effect::new(move |_| {
        request.track();
        server_check.set(ServerCheck::Idle);
    });

    // The problems of the fields the user has left, in the fields' own words.
    let problems = Memo::new(move |_| match outcome.get() {
        Outcome::Invalid(problems) => touched.with(|touched| {
            problems
                .into_iter()
                .filter(|p| touched.contains(&p.path))
                .map(|p| FieldError::new(p.path.clone(), plain_problem(&p.path, &p.message)))
                .collect()
        }),
        _ => Vec::new(),
    });
    let sample_judge = Memo::new(move |_| {
        let slug = judge.get();
        judges.with(|list| list.iter().find(|choice| choice.value == slug && choice.sample).map(|c| c.text.clone()))
    });

    let proposed_layer = Memo::new(move |_| layer.with(|l| *l != Layer::Published));
    // Whether the court's rules turn on how the paper was made whoever files it (the
    // question is asked of a pro se filer anyway).
    let asks_by_hand = Memo::new(move |_| profile.with(|p| p.as_deref().is_some_and(asks_how_paper_was_made)));
    let run_server_check = move |_| {
        let Outcome::Checked(local) = outcome.get_untracked() else { return };
        let (key, body) = (api_key.get_untracked(), request.get_untracked());
        server_check.set(ServerCheck::Running);
        spawn_local(async move {
            let started = now();
            let answer = api::post_json("/api/v1/check", &key, &body).await;
            if request.get_untracked() != body {
                return;
            }
            server_check.set(match answer {
                Ok(server) if server == local.bytes => ServerCheck::Agree { millis: now() - started },
                // An answer that is not even JSON (cut short, say) is the server's problem,
                // not a disagreement to show side by side.
                Ok(server) => match serde_json::from_str::<serde_json::Value>(&server) {
                    Ok(_) => ServerCheck::Differ { browser: local.bytes, server },
                    Err(error) => ServerCheck::Failed(unexpected(error).in_words()),
                },
                Err(error) => {
                    refused_key(&error, &key, api_key, key_problem);
                    ServerCheck::Failed(error.in_words())
                }
            });
        });
    };

    view! {
        // The skip link and the banner come before, in web/index.html: the first screen,
        // painted while the wasm is on its way.
        <main id="main">
            <section class="panel" aria-labelledby="court-heading">
                <h2 id="court-heading">"Court and judge"</h2>
                <ApiKeyField api_key key_problem />
                <div class="row">
                    <div class="field">
                        <label for="field-district_id">"Court"</label>
                        <select
                            id="field-district_id"
                            prop:value=move || district.get()
                            on:change=move |ev| { let v = event_target_value(&ev); form.update(|f| f.district_id = v) }
                        >
                            {move || options(&courts.get(), &district.get_untracked())}
                        </select>
                    </div>
                    <div class="field">
                        <label for="field-judge_slug">"Judge"</label>
                        <select
                            id="field-judge_slug"
                            prop:value=move || judge.get()
                            on:change=move |ev| { let v = event_target_value(&ev); form.update(|f| f.judge_slug = v) }
                        >
                            {move || options(&judges.get(), &judge.get_untracked())}
                        </select>
                    </div>
                </div>
                <p id="connection" class="note" role="status">{move || connection.get()}</p>
                <Show when=move || offer_refetch.get()>
                    <button id="refetch-rules" type="button" on:click=move |_| profile_retry.update(|n| *n += 1)>
                        "Fetch the rules again"
                    </button>
                </Show>
                <Show when=move || sample_judge.get().is_some()>
                    <p id="sample-notice" class="sample-notice">
                        <strong>"Demonstration data. "</strong>
                        "This judge is fictional, and so are any rules shown as the judge's: they show how the checks work. Do not rely on them for a real filing."
                    </p>
                </Show>
            </section>
            <PracticesPanel api_key key_problem district judge profile layer profile_retry />

            <section class="panel" id="filing" aria-labelledby="filing-heading">
                <h2 id="filing-heading">"The filing"</h2>
                <PdfDrop form district judge pdf_hold courts />
                <FilingFields form problems touched asks_by_hand word_note mismatched />
            </section>

            <section class="panel results" id="results" aria-labelledby="results-heading"
                data-first-result-ms=move || first_result_ms.get().map(|ms| format!("{ms:.1}"))
                data-refreshing=move || refreshing.get().then_some("true")
            >
                <h2 id="results-heading">"Results"</h2>
                <Results outcome touched layer />
                <div class="server-check">
                    <button
                        id="server-check"
                        type="button"
                        on:click=run_server_check
                        disabled=move || !matches!(outcome.get(), Outcome::Checked(_)) || server_check.get() == ServerCheck::Running || proposed_layer.get()
                    >
                        "Check on server"
                    </button>
                    <Show when=move || !matches!(outcome.get(), Outcome::Checked(_)) || proposed_layer.get()>
                        <p id="server-check-reason" class="hint">
                            {move || if proposed_layer.get() {
                                "The server's check does not use the rules proposed on this page: untick them under Judge's practices to compare with the server."
                            } else {
                                "The server's check becomes available once the description above can be checked."
                            }}
                        </p>
                    </Show>
                    <div id="server-result" role="status">{move || server_check_view(server_check.get(), profile_retry)}</div>
                </div>
            </section>
            <DeadlinesPanel api_key key_problem district judge />
        </main>
        <VerdictBar outcome touched />
        <footer class="footer">
            <p>"Results cite the rule behind them. They are a drafting aid, not legal advice."</p>
        </footer>
    }
}

/// The courts the key may use.
async fn load_courts(key: &str) -> Result<Vec<Choice>, ApiError> {
    api::get("/api/v1/courts", key).await.and_then(|text| choices::courts(&text).map_err(unexpected))
}

/// A refused key is said next to the key field at once (`#api-key-problem`), whichever
/// request found it — unless the user has entered another key meanwhile.
pub(crate) fn refused_key(
    error: &ApiError,
    key: &str,
    api_key: RwSignal<String>,
    key_problem: RwSignal<Option<String>>,
) {
    if error.key_refused && api_key.get_untracked() == key {
        key_problem.set(Some(KEY_REFUSED.into()));
    }
}

/// Seconds before asking again after no answer at all.
const NETWORK_RETRY_S: u32 = 10;

/// "`what` could not be loaded", in words. A failure that passes (too many requests, no
/// answer) is asked again by itself once the wait is over, so no one is told to reload:
/// a reload resets the court, the judge and every field of the filing. `again` is the
/// counter the loading effect tracks; it is bumped only while `still()` (the same choice,
/// still not loaded).
pub(crate) fn load_failed(
    what: &str,
    error: &ApiError,
    again: RwSignal<u32>,
    still: impl Fn() -> bool + 'static,
) -> String {
    let (seconds, why) = match error.status {
        _ if error.key_refused => {
            return format!("{what} could not be loaded: the server refused the API key; paste a valid key above.");
        }
        429 => (error.retry_after.unwrap_or(60), "too many requests just now"),
        0 => (NETWORK_RETRY_S, "the server could not be reached; check the connection"),
        _ => return format!("{what} could not be loaded. {}", error.in_words()),
    };
    spawn_local(async move {
        sleep_ms(seconds.saturating_mul(1000)).await;
        if still() {
            again.update(|n| *n += 1);
        }
    });
    format!("{what} could not be loaded: {why}. Trying again in {seconds} s.")
}

/// Waits `ms` milliseconds.
pub(crate) async fn sleep_ms(ms: u32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let window = web_sys::window().expect("the app runs in a window");
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms as i32);
    });
    let _ = JsFuture::from(promise).await;
}

/// An answer the page could not read (told as such by `ApiError::in_words`).
fn unexpected(error: serde_json::Error) -> ApiError {
    ApiError {
        status: 200,
        message: format!("unexpected answer from the server: {error}"),
        details: Vec::new(),
        retry_after: None,
        key_refused: false,
    }
}

/// The options of a select; `current` is marked selected so the select shows it even
/// when the options arrive after the value.
fn options(choices: &[Choice], current: &str) -> impl IntoView + use<> {
    choices
        .iter()
        .map(|choice| {
            view! {
                <option
                    value=choice.value.clone()
                    selected=choice.value == current
                    disabled=choice.disabled
                    title=(!choice.title.is_empty()).then(|| choice.title.clone())
                >
                    {choice.text.clone()}
                </option>
            }
        })
        .collect_view()
}

#[component]
fn ApiKeyField(api_key: RwSignal<String>, key_problem: RwSignal<Option<String>>) -> impl IntoView {
    let draft = RwSignal::new(api_key.get_untracked());
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let key = draft.get_untracked().trim().to_owned();
        if let Some(storage) = storage() {
            let _ = if key.is_empty() {
                storage.remove_item(API_KEY_STORAGE)
            } else {
                storage.set_item(API_KEY_STORAGE, &key)
            };
        }
        api_key.set(key);
    };
    view! {
        <form class="row key" on:submit=save>
            <div class="field grow">
                <label for="api-key">"API key"</label>
                <input
                    id="api-key"
                    type="password"
                    autocomplete="off"
                    spellcheck="false"
                    aria-describedby=move || if key_problem.get().is_some() { "api-key-hint api-key-problem" } else { "api-key-hint" }
                    aria-invalid=move || key_problem.get().map(|_| "true")
                    // The remembered key as the field's initial value (the attribute), not a
                    // property set by script: Chromium's password-field handling runs form
                    // parsing and a forced layout on every script-set value (~25 ms at
                    // start). Only the user changes the field after that.
                    value=draft.get_untracked()
                    on:input=move |ev| draft.set(event_target_value(&ev))
                />
                <p id="api-key-hint" class="hint">"Your firm's courtrules key. It is kept in this browser only."</p>
                <Show when=move || key_problem.get().is_some()>
                    <p id="api-key-problem" class="problem">{move || key_problem.get().unwrap_or_default()}</p>
                </Show>
            </div>
            <button type="submit">"Use key"</button>
        </form>
    }
}

/// Dropping (or choosing) a PDF: read in the page, analysed by the engine, never uploaded.
/// The engine's PDF reader is the document module, loaded the first time (and on intent:
/// pointing at or focusing the drop zone, or dragging a file into the window).
#[component]
fn PdfDrop(
    form: RwSignal<FilingForm>,
    district: Memo<String>,
    judge: Memo<String>,
    pdf_hold: RwSignal<Option<(String, FilingForm)>>,
    courts: RwSignal<Vec<Choice>>,
) -> impl IntoView {
    let module = expect_context::<DocumentModule>();
    let status = RwSignal::new(String::new());
    // What the page said of the court the PDF's caption names, when it is not the one
    // chosen (shown while that note's court is the one chosen).
    let court_note = RwSignal::new(None::<CourtNote>);
    let state = RwSignal::new("idle");
    let filled = RwSignal::new(Vec::<String>::new());
    // What the PDF cleared: an earlier PDF's description it does not repeat.
    let cleared = RwSignal::new(Vec::<String>::new());
    // What the PDF could not fill (the word count of scanned pages), left for the user.
    let unfilled = RwSignal::new(Vec::<String>::new());
    // How long the engine took, and how long the page waited for the PDF reader first.
    let analysis_ms = RwSignal::new(None::<f64>);
    let load_ms = RwSignal::new(None::<f64>);
    // The files not read with the last one: several dropped at once, only the first is read.
    let others = RwSignal::new(String::new());
    // The newest file chosen: an earlier (bigger, slower) PDF never fills the form or the
    // status over the later one.
    let newest = document::Newest::new();
    let analyse = move |file: web_sys::File, count: u32| {
        let name = file.name();
        let current = newest.take();
        others.set(document::others_note(count, &name));
        let reading = format!("Reading {name} in this browser…");
        let loaded = module.state().get_untracked() == LoadState::Ready;
        if loaded {
            state.set("reading");
            status.set(reading.clone());
        } else {
            state.set("loading");
            status.set("Loading the PDF reader…".into());
        }
        filled.set(Vec::new());
        cleared.set(Vec::new());
        unfilled.set(Vec::new());
        court_note.set(None);
        pdf_hold.set(None);
        analysis_ms.set(None);
        load_ms.set(None);
        // A file that could not be read fills nothing: the form still describes the
        // earlier paper (or what the user typed), so its verdict is not shown as this
        // file's until the user changes the form.
        let unread = move |name: &str, said: String| {
            state.set("failed");
            status.set(format!(
                "{said} Nothing was filled from it: the form below still describes the earlier paper, so no verdict is \
                 shown until you change it or drop another PDF."
            ));
            pdf_hold.set(Some((
                format!(
                    "No verdict for {name}: it could not be read. Change the form, or drop another PDF, to see results."
                ),
                form.get_untracked(),
            )));
        };
        spawn_local(async move {
            let asked = now();
            let bytes = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await;
            if !current() {
                return;
            }
            let bytes = match bytes {
                Ok(buffer) => js_sys::Uint8Array::new(&buffer).to_vec(),
                Err(_) => {
                    unread(&name, format!("{name} could not be read."));
                    return;
                }
            };
            // Said before fetching the reader, which would call it "not a PDF".
            if bytes.is_empty() {
                unread(&name, pdf::empty_file(&name));
                return;
            }
            let ready = module.ready().await;
            if !current() {
                return;
            }
            if ready.is_err() {
                state.set("failed");
                status.set(format!(
                    "The PDF reader could not be loaded, so {name} was not read. Check the connection and try again."
                ));
                return;
            }
            load_ms.set(Some(now() - asked));
            if !loaded {
                state.set("reading");
                status.set(reading);
                // "Reading…" on screen before the engine holds the thread.
                after_paint().await;
                if !current() {
                    return;
                }
            }
            let hints = serde_json::json!({
                "district_id": district.get_untracked(), "judge_slug": judge.get_untracked(), "filename": name,
            });
            let started = now();
            let analysed = pdf::analysis(document::classify_json(&bytes, &pdf::hints_json(&hints)));
            analysis_ms.set(Some(now() - started));
            match analysed {
                Ok(analysis) if !analysis.supported => {
                    // As the server: no verdict for a paper that is not a supported filing,
                    // and none shown for the earlier paper's description either.
                    let before = form.get_untracked();
                    form.update(FilingForm::clear_document);
                    cleared.set(crate::form::cleared_fields(&before, &form.get_untracked()));
                    let why = analysis.notes.first().cloned().unwrap_or_default();
                    state.set("unsupported");
                    status.set(format!(
                        "{name} is not a filing courtrules can check, so nothing was filled from it and there is no \
                         verdict for it. {}",
                        analysis.notes.join(" ")
                    ));
                    pdf_hold.set(Some((
                        format!("No verdict: {name} is not a filing courtrules can check. {why}"),
                        form.get_untracked(),
                    )));
                }
                Ok(analysis) => {
                    let before = form.get_untracked();
                    // The caption names another court: chosen with the fill when the key
                    // may check it (one check, against its rules), else said.
                    let note = analysis.caption_district.as_deref().map(|named| {
                        courts
                            .with_untracked(|list| CourtNote::of(named, &before.district_id, &before.judge_slug, list))
                    });
                    let switch_to = note.as_ref().and_then(|note| note.undo.as_ref()).map(|undo| undo.2.value.clone());
                    form.update(|f| {
                        f.fill_from(&analysis.fill);
                        if let Some(to) = switch_to {
                            f.district_id = to;
                            f.judge_slug = COURT_JUDGE_SLUG.into();
                        }
                    });
                    court_note.set(note);
                    let after = form.get_untracked();
                    let left: Vec<String> = analysis.unfilled.iter().map(|path| path_label(path)).collect();
                    filled.set(changed_fields(&before, &after));
                    // A count left for the user is listed as such, not as "cleared".
                    cleared.set(
                        crate::form::cleared_fields(&before, &after)
                            .into_iter()
                            .filter(|f| !left.contains(f))
                            .collect(),
                    );
                    unfilled.set(left);
                    state.set("read");
                    status.set(format!(
                        "{name} read; the fields below were filled from it. Check them. {}",
                        analysis.notes.join(" ")
                    ));
                }
                Err(message) => unread(&name, format!("{name}: {message}")),
            }
        });
    };
    // The note on the caption's court, while its court is the one chosen.
    let shown_note = move || court_note.get().filter(|note| district.with(|d| *d == note.holds_for));
    view! {
        <DropZone
            class="dropzone"
            input_id="pdf-input"
            accept="application/pdf,.pdf"
            label="Drop a PDF here, or choose one, to fill the form from it"
            on_file=analyse
        >
            <p class="hint">"The PDF is read in this browser and never uploaded."</p>
            <p
                id="pdf-status"
                role="status"
                data-state=move || state.get()
                data-ms=move || analysis_ms.get().map(|ms| format!("{ms:.1}"))
                data-load-ms=move || load_ms.get().map(|ms| format!("{ms:.1}"))
            >
                {move || status.get()}
                {move || others.with(|note| (!note.is_empty()).then(|| format!(" {note}")))}
                // Within the status, so that it is said with it; set apart, as it changes
                // the court (or says the court could not be changed).
                {move || shown_note().map(|note| view! {
                    <span id="pdf-court" class="court-note" data-state=note.state>{note.said}</span>
                })}
            </p>
            {move || shown_note().and_then(|note| court_undo_view(note, court_note, form))}
            <FieldList fields=filled id="pdf-filled" heading="Filled from the PDF:" />
            <FieldList fields=unfilled id="pdf-unfilled" heading="Not filled, for you to enter:" />
            <FieldList fields=cleared id="pdf-cleared" heading="Cleared, as this PDF does not describe them:" />
        </DropZone>
    }
}

/// What the page says when a PDF's caption names another court than the chosen one.
#[derive(Clone, Debug, PartialEq)]
struct CourtNote {
    said: String,
    /// `switched`, `kept` (switched back by the user) or `unavailable` (`data-state`).
    state: &'static str,
    /// The court chosen while the note holds.
    holds_for: String,
    /// After a switch: the court and judge chosen before, and the caption's court.
    undo: Option<(Choice, String, Choice)>,
}

impl CourtNote {
    /// The caption names `named` while `current` (and `judge`) are chosen.
    fn of(named: &str, current: &str, judge: &str, courts: &[Choice]) -> CourtNote {
        let find = |id: &str| courts.iter().find(|court| court.value == id).cloned();
        match pdf::caption_court(named, current, courts) {
            pdf::CaptionCourt::Switch { to, said } => match (find(current), find(&to)) {
                (Some(from), Some(named)) => {
                    CourtNote { said, state: "switched", holds_for: to, undo: Some((from, judge.to_owned(), named)) }
                }
                _ => CourtNote { said, state: "switched", holds_for: to, undo: None },
            },
            pdf::CaptionCourt::Stay { said } => {
                CourtNote { said, state: "unavailable", holds_for: current.to_owned(), undo: None }
            }
        }
    }
}

/// The way back after the page chose the caption's court: the court and judge chosen before.
fn court_undo_view(
    note: CourtNote,
    court_note: RwSignal<Option<CourtNote>>,
    form: RwSignal<FilingForm>,
) -> Option<impl IntoView + use<>> {
    let (from, judge_slug, named) = note.undo?;
    let label = format!("Undo: back to {}", from.court_name());
    let undo = move |_| {
        court_note.set(Some(CourtNote {
            said: pdf::kept_court(&named, &from),
            state: "kept",
            holds_for: from.value.clone(),
            undo: None,
        }));
        let (district_id, judge_slug) = (from.value.clone(), judge_slug.clone());
        form.update(|f| {
            f.district_id = district_id;
            f.judge_slug = judge_slug;
        });
    };
    Some(view! {
        <div class="court-note-undo">
            <button id="pdf-court-undo" type="button" on:click=undo>{label}</button>
        </div>
    })
}

/// A PDF's fields by their labels under a heading (`#{id}`, headed by `#{id}-heading`),
/// shown while there are any.
#[component]
fn FieldList(fields: RwSignal<Vec<String>>, id: &'static str, heading: &'static str) -> impl IntoView {
    let heading_id = format!("{id}-heading");
    view! {
        <Show when=move || !fields.with(Vec::is_empty)>
            <div class="filled">
                <p class="hint" id=heading_id.clone()>{heading}</p>
                <ul id=id aria-labelledby=heading_id.clone()>
                    {move || fields.get().into_iter().map(|field| view! { <li>{field}</li> }).collect_view()}
                </ul>
            </div>
        </Show>
    }
}

#[component]
fn FilingFields(
    form: RwSignal<FilingForm>,
    problems: Memo<Vec<FieldError>>,
    touched: RwSignal<BTreeSet<String>>,
    asks_by_hand: Memo<bool>,
    word_note: Memo<Option<String>>,
    mismatched: Memo<bool>,
) -> impl IntoView {
    // Asked of a pro se filer, where the court's rules turn on it for anyone, and while
    // it is ticked (never hidden while it counts).
    let by_hand_shown = move || form.with(|f| f.is_pro_se || f.handwritten_or_typewritten) || asks_by_hand.get();
    view! {
        <form class="filing" on:submit=|ev| ev.prevent_default()>
            <fieldset>
                <legend>"The paper"</legend>
                <div class="row">
                    <Select form problems touched path="document_scope" label="Document" choices=DocumentScope::NAMES optional=false
                        get=|f| f.document_scope.clone() set=|f, v| f.document_scope = v noted=mismatched />
                    <Select form problems touched path="motion_type" label="Motion" choices=MotionType::NAMES optional=true
                        get=|f| f.motion_type.clone() set=|f, v| f.motion_type = v />
                    <Select form problems touched path="filing_role" label="Filing role" choices=FilingRole::NAMES optional=false
                        get=|f| f.filing_role.clone() set=|f, v| f.filing_role = v noted=mismatched />
                </div>
                <RoleNote form mismatched />
                <div class="row">
                    <Number form problems touched path="document.page_count" label="Page count" hint="Body pages only: without the cover, tables, certificates and signature pages"
                        get=|f| f.page_count.clone() set=|f, v| f.page_count = v />
                    <Number form problems touched path="document.word_count" label="Word count" hint="Body words, as the certificate of compliance counts them"
                        get=|f| f.word_count.clone() set=|f, v| f.word_count = v note=word_note />
                </div>
            </fieldset>
            <fieldset>
                <legend>"The parties"</legend>
                <Toggle form id="is_pro_se" label="The filing party is pro se" get=|f| f.is_pro_se set=|f, v| f.is_pro_se = v />
                <Show when=by_hand_shown>
                    <Toggle form id="document.handwritten_or_typewritten" label="The paper is handwritten or typewritten (not prepared with a computer)"
                        get=|f| f.handwritten_or_typewritten set=|f, v| f.handwritten_or_typewritten = v />
                </Show>
                <Toggle form id="pmc_completed" label="A pre-motion conference was held for this motion" get=|f| f.pmc_completed set=|f, v| f.pmc_completed = v />
                <Toggle form id="opposing_party_pro_se" label="The opposing party is pro se" get=|f| f.opposing_party_pro_se set=|f, v| f.opposing_party_pro_se = v />
            </fieldset>
            <Flags form name="caption" title="Caption" group=|f| &mut f.caption view_group=|f| f.caption.clone() />
            <Flags form name="signature_block" title="Signature block" group=|f| &mut f.signature_block view_group=|f| f.signature_block.clone() />
            <Flags form name="sections" title="Sections" group=|f| &mut f.sections view_group=|f| f.sections.clone()>
                <Number form problems touched path="document.sections.certificate_word_count" label="Words stated in the certificate of compliance" hint=""
                    get=|f| f.certificate_word_count.clone() set=|f, v| f.certificate_word_count = v />
            </Flags>
            <FormatFields form problems touched />
            <Flags form name="privacy" title="Personal data in the paper" group=|f| &mut f.privacy view_group=|f| f.privacy.clone() />
        </form>
    }
}

/// The id of the note on a paper filed in another role than its own (`RoleNote`).
const ROLE_NOTE: &str = "role-note";

/// Said next to the document and the role when the paper is filed in another role than
/// its own (a reply memorandum as the moving party), with a button that makes the role
/// the paper's. A status region, present while empty, so the note is heard when it comes.
#[component]
fn RoleNote(form: RwSignal<FilingForm>, mismatched: Memo<bool>) -> impl IntoView {
    let mismatch = move || form.with(FilingForm::role_mismatch);
    let fix = move |_| {
        let Some(mismatch) = form.with_untracked(FilingForm::role_mismatch) else { return };
        form.update(|f| f.filing_role = mismatch.expected.as_str().into());
        // The button goes with the note: focus moves to the field it changed.
        if let Some(select) =
            web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(&field_id("filing_role")))
            && let Ok(focus) =
                js_sys::Reflect::get(&select, &"focus".into()).and_then(|f| f.dyn_into::<js_sys::Function>())
        {
            let _ = focus.call0(&select);
        }
    };
    view! {
        <div role="status">
            <Show when=move || mismatched.get()>
                <div id=ROLE_NOTE class="role-note">
                    <p>{move || mismatch().map(|m| m.in_words())}</p>
                    <button id="role-fix" type="button" on:click=fix>
                        {move || mismatch().map(|m| m.fix_label())}
                    </button>
                    <p class="hint">"Or, if the document is what is wrong, choose the right one above."</p>
                </div>
            </Show>
        </div>
    }
}

/// The engine's message for `path`, if it has one.
fn problem_for(problems: Memo<Vec<FieldError>>, path: &'static str) -> impl Fn() -> Option<String> + Copy {
    move || problems.with(|all| all.iter().find(|p| p.path == path).map(|p| p.message.clone()))
}

#[component]
fn FieldProblem(id: String, message: impl Fn() -> Option<String> + Send + Sync + Copy + 'static) -> impl IntoView {
    view! {
        <Show when=move || message().is_some()>
            <p class="problem" id=id.clone()>{move || message().unwrap_or_default()}</p>
        </Show>
    }
}

#[component]
fn Select(
    form: RwSignal<FilingForm>,
    problems: Memo<Vec<FieldError>>,
    touched: RwSignal<BTreeSet<String>>,
    path: &'static str,
    label: &'static str,
    choices: &'static [&'static str],
    optional: bool,
    get: fn(&FilingForm) -> String,
    set: fn(&mut FilingForm, String),
    /// While true, the field is described by the note on the paper's role (`RoleNote`).
    #[prop(optional)]
    noted: Option<Memo<bool>>,
) -> impl IntoView {
    let id = field_id(path);
    let problem_id = format!("{id}-problem");
    let message = problem_for(problems, path);
    let described_by = move || {
        let role_note = noted.is_some_and(|noted| noted.get()).then_some(ROLE_NOTE);
        let ids: Vec<&str> = [message().map(|_| problem_id.as_str()), role_note].into_iter().flatten().collect();
        (!ids.is_empty()).then(|| ids.join(" "))
    };
    view! {
        <div class="field">
            <label for=id.clone()>{label}</label>
            <select
                id=id
                aria-invalid=move || message().map(|_| "true")
                aria-describedby=described_by
                prop:value=move || form.with(get)
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    form.update(|f| set(f, v));
                    touched.update(|t| { t.insert(path.to_owned()); });
                }
            >
                {optional.then(|| view! { <option value="">"None"</option> })}
                {choices.iter().map(|value| view! { <option value=*value>{value_label(value)}</option> }).collect_view()}
            </select>
            <FieldProblem id=format!("{}-problem", field_id(path)) message />
        </div>
    }
}

#[component]
fn Number(
    form: RwSignal<FilingForm>,
    problems: Memo<Vec<FieldError>>,
    touched: RwSignal<BTreeSet<String>>,
    path: &'static str,
    label: &'static str,
    hint: &'static str,
    get: fn(&FilingForm) -> String,
    set: fn(&mut FilingForm, String),
    /// What the rules make of the field, when it is not needed (the field stays in use).
    #[prop(optional)]
    note: Option<Memo<Option<String>>>,
) -> impl IntoView {
    let id = field_id(path);
    let hint_id = format!("{id}-hint");
    let problem_id = format!("{id}-problem");
    let note_id = format!("{id}-note");
    let message = problem_for(problems, path);
    let unneeded = move || note.is_some_and(|note| note.with(Option::is_some));
    let described_by = {
        let (hint_id, problem_id, note_id) = (hint_id.clone(), problem_id.clone(), note_id.clone());
        move || {
            let mut ids = Vec::new();
            if !hint.is_empty() {
                ids.push(hint_id.clone());
            }
            if unneeded() {
                ids.push(note_id.clone());
            }
            if message().is_some() {
                ids.push(problem_id.clone());
            }
            (!ids.is_empty()).then(|| ids.join(" "))
        }
    };
    view! {
        <div class="field" class:unneeded=unneeded data-needed=move || unneeded().then_some("false")>
            <label for=id.clone()>{label}{move || unneeded().then_some(" (optional)")}</label>
            <input
                id=id
                type="text"
                inputmode="decimal"
                autocomplete="off"
                aria-invalid=move || message().map(|_| "true")
                aria-describedby=described_by
                prop:value=move || form.with(get)
                on:input=move |ev| { let v = event_target_value(&ev); form.update(|f| set(f, v)) }
                // A problem shows once the user leaves the field, not while they type.
                on:focusout=move |_| touched.update(|t| { t.insert(path.to_owned()); })
            />
            {(!hint.is_empty()).then(|| view! { <p class="hint" id=hint_id>{hint}</p> })}
            // A status, so a change of paper or court that makes the field unneeded (or
            // needed again) is heard.
            {note.map(|note| view! { <p class="hint need-note" id=note_id role="status">{move || note.get()}</p> })}
            <FieldProblem id=problem_id message />
        </div>
    }
}

#[component]
fn Toggle(
    form: RwSignal<FilingForm>,
    id: &'static str,
    label: &'static str,
    get: fn(&FilingForm) -> bool,
    set: fn(&mut FilingForm, bool),
) -> impl IntoView {
    let id = field_id(id);
    view! {
        <div class="check">
            <input
                id=id.clone()
                type="checkbox"
                prop:checked=move || form.with(get)
                on:change=move |ev| { let v = event_target_checked(&ev); form.update(|f| set(f, v)) }
            />
            <label for=id>{label}</label>
        </div>
    }
}

/// An optional sub-object of `document`: a switch to describe it, then its flags.
#[component]
fn Flags(
    form: RwSignal<FilingForm>,
    name: &'static str,
    title: &'static str,
    group: fn(&mut FilingForm) -> &mut FlagGroup,
    view_group: fn(&FilingForm) -> FlagGroup,
    #[prop(optional)] children: Option<ChildrenFn>,
) -> impl IntoView {
    let included = move || form.with(|f| view_group(f).included);
    let switch_id = field_id(&format!("document.{name}"));
    let flags = move || form.with(|f| view_group(f).flags.iter().map(|(flag, _)| *flag).collect::<Vec<_>>());
    view! {
        <fieldset class="optional">
            <legend>{title}</legend>
            <div class="check">
                <input
                    id=switch_id.clone()
                    type="checkbox"
                    prop:checked=included
                    on:change=move |ev| {
                        let v = event_target_checked(&ev);
                        form.update(|f| if name == "sections" { f.describe_sections(v) } else { group(f).included = v })
                    }
                />
                <label for=switch_id>{format!("Describe the {}", title.to_lowercase())}</label>
            </div>
            <Show when=included>
                <div class="flags">
                    {flags().into_iter().map(|flag| {
                        let id = field_id(&format!("document.{name}.{flag}"));
                        view! {
                            <div class="check">
                                <input
                                    id=id.clone()
                                    type="checkbox"
                                    prop:checked=move || form.with(|f| view_group(f).get(flag))
                                    on:change=move |ev| { let v = event_target_checked(&ev); form.update(|f| group(f).set(flag, v)) }
                                />
                                <label for=id>{label(flag)}</label>
                            </div>
                        }
                    }).collect_view()}
                </div>
                {children.clone().map(|children| children())}
            </Show>
        </fieldset>
    }
}

#[component]
fn FormatFields(
    form: RwSignal<FilingForm>,
    problems: Memo<Vec<FieldError>>,
    touched: RwSignal<BTreeSet<String>>,
) -> impl IntoView {
    let included = move || form.with(|f| f.format.included);
    let switch_id = field_id("document.format");
    let spacing_id = field_id("document.format.line_spacing");
    view! {
        <fieldset class="optional">
            <legend>"Format"</legend>
            <div class="check">
                <input
                    id=switch_id.clone()
                    type="checkbox"
                    prop:checked=included
                    on:change=move |ev| { let v = event_target_checked(&ev); form.update(|f| f.format.included = v) }
                />
                <label for=switch_id>"Describe the format"</label>
            </div>
            <Show when=included>
                <div class="row">
                    <Number form problems touched path="document.format.primary_font_size_pt" label="Body font size (pt)" hint=""
                        get=|f| f.format.primary_font_size_pt.clone() set=|f, v| f.format.primary_font_size_pt = v />
                    <Number form problems touched path="document.format.footnote_font_size_pt" label="Footnote font size (pt)" hint=""
                        get=|f| f.format.footnote_font_size_pt.clone() set=|f, v| f.format.footnote_font_size_pt = v />
                    <Number form problems touched path="document.format.margin_inches" label="Smallest margin (inches)" hint=""
                        get=|f| f.format.margin_inches.clone() set=|f, v| f.format.margin_inches = v />
                    <div class="field">
                        <label for=spacing_id.clone()>"Line spacing"</label>
                        <select
                            id=spacing_id.clone()
                            prop:value=move || form.with(|f| f.format.line_spacing.clone())
                            on:change=move |ev| { let v = event_target_value(&ev); form.update(|f| f.format.line_spacing = v) }
                        >
                            <option value="">"Not given"</option>
                            {LineSpacing::NAMES.iter().map(|value| view! { <option value=*value>{label(value)}</option> }).collect_view()}
                        </select>
                    </div>
                </div>
            </Show>
        </fieldset>
    }
}

/// The verdict in words. A check where some checks could not run never reads as a
/// clean bill of health: it says how many ran and that the rest could not.
#[derive(Clone, Debug, PartialEq)]
struct Verdict {
    /// The engine's status, when there is a check (`COMPLIANT`, `REVIEW`, `NON_COMPLIANT`).
    status: Option<&'static str>,
    /// Whether every check of the judge's rules ran.
    complete: bool,
    sentence: String,
    /// "3 of 17 checks ran; 14 could not (see below)."
    ran: Option<String>,
}

fn verdict(outcome: &Outcome, touched: &BTreeSet<String>) -> Verdict {
    let pending = |sentence: String| Verdict { status: None, complete: false, sentence, ran: None };
    match outcome {
        Outcome::Waiting(message) | Outcome::Failed(message) => pending(message.clone()),
        Outcome::Invalid(problems) => {
            let shown = problems.iter().filter(|p| touched.contains(&p.path)).count();
            if shown > 0 {
                let fields = if shown == 1 { "the field marked" } else { "the fields marked" };
                return pending(format!("Correct {fields} in the form to see results."));
            }
            let missing: Vec<String> =
                problems.iter().map(|p| crate::form::path_label(&p.path).to_lowercase()).collect::<Vec<_>>();
            let mut missing: Vec<String> = missing.into_iter().fold(Vec::new(), |mut all, item| {
                if !all.contains(&item) {
                    all.push(item);
                }
                all
            });
            missing.truncate(3);
            pending(format!("Enter the {} to see results.", missing.join(" and ")))
        }
        Outcome::Checked(local) => {
            let (summary, meta) = (&local.response.summary, &local.response.meta);
            let (ran, skipped) = (meta.checks_run, meta.checks_skipped);
            let complete = skipped == 0;
            let plural = |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
            let counts = format!(
                "{} failed, {}, {} passed",
                summary.failures,
                plural(summary.action_items, "action required", "actions required"),
                summary.passes
            );
            let status = summary.status.as_str();
            let sentence = match status {
                "COMPLIANT" if complete => format!("Compliant: all {} passed.", plural(ran, "check", "checks")),
                "COMPLIANT" => format!(
                    "Nothing failed in the {} that ran, but {} could not run: not a clean bill of health yet.",
                    plural(ran, "check", "checks"),
                    skipped
                ),
                "REVIEW" => format!("Review needed: {counts}."),
                _ => format!("Non-compliant: {counts}."),
            };
            let ran = format!(
                "{ran} of {} checks ran{}",
                ran + skipped,
                if complete { ".".to_owned() } else { format!("; {skipped} could not (see below).") }
            );
            Verdict { status: Some(status), complete, sentence, ran: Some(ran) }
        }
    }
}

/// The verdict (a persistent live region, so screen readers hear each new verdict),
/// then the results grouped by status, then what could not run.
#[component]
fn Results(outcome: Memo<Outcome>, touched: RwSignal<BTreeSet<String>>, layer: RwSignal<Layer>) -> impl IntoView {
    let current = Memo::new(move |_| touched.with(|touched| verdict(&outcome.get(), touched)));
    view! {
        <div
            id="verdict"
            class=move || verdict_class(&current.get())
            data-status=move || current.get().status
            data-complete=move || current.get().complete.to_string()
        >
            <p id="summary" aria-live="polite" aria-atomic="true">{move || current.get().sentence}</p>
            {move || current.get().ran.map(|ran| view! { <p id="checks-ran">{ran}</p> })}
            {move || match outcome.get() {
                Outcome::Checked(local) => Some(view! {
                    {layer_note(&layer.get())}
                    <p class="coverage" id="coverage-note" data-level=local.response.meta.coverage.level.as_str()>
                        {coverage_in_words(&local.response.meta.coverage_note)}
                    </p>
                    <p class="timing" id="check-time" data-ms=format!("{:.3}", local.millis)>
                        {format!("Checked in this browser in {:.2} ms.", local.millis)}
                    </p>
                }),
                _ => None,
            }}
        </div>
        {move || match outcome.get() {
            Outcome::Checked(local) => Some(details_view(local.response, layer_phrase(&layer.get()))),
            _ => None,
        }}
    }
}

/// `verdict compliant`, `verdict partial` (nothing failed, but not everything ran), …
fn verdict_class(verdict: &Verdict) -> String {
    let tone = match verdict.status {
        Some("COMPLIANT") if verdict.complete => "compliant",
        Some("COMPLIANT") => "partial",
        Some(status) => &status.to_lowercase(),
        None => "pending",
    };
    format!("verdict {tone}")
}

/// The verdict, always in view at the bottom of the window (on a phone the results are
/// far below the fields being typed in), with a link to the results.
#[component]
fn VerdictBar(outcome: Memo<Outcome>, touched: RwSignal<BTreeSet<String>>) -> impl IntoView {
    let current = Memo::new(move |_| touched.with(|touched| verdict(&outcome.get(), touched)));
    let bar = NodeRef::<leptos::html::Aside>::new();
    bar.on_load(|bar| follow_bar_height(&bar));
    view! {
        <aside node_ref=bar id="verdict-bar" aria-label="Verdict" class=move || format!("verdict-bar {}", verdict_class(&current.get())) data-status=move || current.get().status>
            <p>{move || current.get().sentence}</p>
            <a href="#results-heading">"See the results"</a>
        </aside>
    }
}

/// Keeps `--verdict-bar-height` on the page's root at the bar's height, for the CSS that
/// keeps a focused field clear of the bar (`scroll-padding-bottom`, WCAG 2.4.11): the bar
/// grows with its sentence and with a narrower window. A `ResizeObserver` (reached
/// through `Reflect`, as web-sys has it behind a feature) reports after layout, so no
/// layout is forced; without one, the stylesheet's fallback height stands.
fn follow_bar_height(bar: &web_sys::Element) {
    use js_sys::{Array, Function, Reflect};
    let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) else { return };
    let Some(observer_class) =
        Reflect::get(&js_sys::global(), &"ResizeObserver".into()).ok().and_then(|c| c.dyn_into::<Function>().ok())
    else {
        return;
    };
    let measured = bar.clone();
    let on_resize = Closure::<dyn FnMut()>::new(move || {
        let height = Reflect::get(&measured, &"offsetHeight".into()).ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
        // On the root's own style, not its `style` attribute, which would drop anything else set there.
        if let Ok(style) = Reflect::get(&root, &"style".into())
            && let Ok(set_property) = Reflect::get(&style, &"setProperty".into()).and_then(|f| f.dyn_into::<Function>())
        {
            let _ = set_property.call2(&style, &"--verdict-bar-height".into(), &format!("{height}px").into());
        }
    });
    let Ok(observer) = Reflect::construct(&observer_class, &Array::of1(on_resize.as_ref())) else { return };
    if let Ok(observe) = Reflect::get(&observer, &"observe".into()).and_then(|f| f.dyn_into::<Function>()) {
        let _ = observe.call1(&observer, bar);
    }
    // The bar lasts as long as the page.
    on_resize.forget();
}

/// `proposed`: how to name the standing-order layer when it is the practices panel's.
fn details_view(response: CheckResponse, proposed: Option<String>) -> impl IntoView {
    let groups = [
        (ResultStatus::Fail, "Failed"),
        (ResultStatus::ActionRequired, "Action required"),
        (ResultStatus::Pass, "Passed"),
    ]
    .into_iter()
    .map(|(status, title)| {
        let results: Vec<CheckResult> = response.results.iter().filter(|r| r.status == status).cloned().collect();
        (!results.is_empty()).then(|| {
            let heading = format!("{title} ({})", results.len());
            view! {
                <section class="group" data-status=status.as_str()>
                    <h3>{heading}</h3>
                    <ul>{results.into_iter().map(|r| result_view(r, proposed.clone())).collect_view()}</ul>
                </section>
            }
        })
    })
    .collect_view();
    // One line per thing the user could add (several rules may need the same field).
    let mut skipped: Vec<(String, String, usize)> = Vec::new();
    for check in &response.meta.skipped {
        let category = label(&check.category.as_str().to_lowercase());
        match skipped.iter_mut().find(|(c, needs, _)| *c == category && *needs == check.needs) {
            Some(entry) => entry.2 += 1,
            None => skipped.push((category, check.needs.clone(), 1)),
        }
    }
    let total_skipped = response.meta.skipped.len();
    view! {
        {groups}
        {(!skipped.is_empty()).then(|| view! {
            <section class="skipped" id="skipped">
                <h3>{format!("Could not run ({total_skipped})")}</h3>
                // Not "describe more of the filing": what a check needs may be what the
                // paper has not got (a motion for a paper that belongs to none).
                <p class="hint">"Each of these needs something the description does not say:"</p>
                <ul>
                    {skipped.into_iter().map(|(category, needs, rules)| view! {
                        <li data-needs=needs.clone()>
                            <strong>{category}</strong>
                            {(rules > 1).then(|| format!(" ({rules} rules)"))}
                            ": "{needs_in_words(&needs)}"."
                        </li>
                    }).collect_view()}
                </ul>
            </section>
        })}
    }
}

fn result_view(result: CheckResult, proposed: Option<String>) -> impl IntoView {
    let layer = match proposed.filter(|_| result.layer == courtrules_engine::model::Layer::StandingOrder) {
        Some(phrase) => format!(" \u{2014} {phrase}"),
        None => format!(" ({})", value_label(result.layer.as_str())),
    };
    view! {
        <li class="result" data-category=result.category.as_str() data-status=result.status.as_str()>
            <p class="tags">
                // The rule's weight matters only for what did not pass; on a pass it would
                // read as the outcome.
                {(result.status != ResultStatus::Pass).then(|| view! {
                    <span class=format!("severity {}", result.severity.as_str().to_lowercase())>{label(&result.severity.as_str().to_lowercase())}</span>
                    " \u{b7} "
                })}
                <span class="category">{label(&result.category.as_str().to_lowercase())}</span>
            </p>
            <p class="message">{result.message}</p>
            <p class="source"><cite>{result.source}</cite>{layer}</p>
        </li>
    }
}

/// `refetch`: the counter that asks again for the rules the page checks against.
pub(crate) fn server_check_view(state: ServerCheck, refetch: RwSignal<u32>) -> impl IntoView {
    match state {
        ServerCheck::Idle => ().into_any(),
        ServerCheck::Running => view! { <p>"Asking the server…"</p> }.into_any(),
        ServerCheck::Agree { millis } => view! {
            <p class="agree" data-agree="true">
                {format!("The server agrees: its answer is byte-for-byte the same as this browser's ({millis:.0} ms round trip).")}
            </p>
        }
        .into_any(),
        ServerCheck::Differ { browser, server } => view! {
            <div class="differ" data-agree="false">
                <p>"The server's answer differs from this browser's. The server's check is authoritative: fetch the latest rules to check against the ones it uses. The form is kept."</p>
                <button class="refetch" type="button" on:click=move |_| refetch.update(|n| *n += 1)>"Fetch the latest rules"</button>
                <details>
                    <summary>"Both answers"</summary>
                    <h4>"Server"</h4><pre>{server}</pre>
                    <h4>"Browser"</h4><pre>{browser}</pre>
                </details>
            </div>
        }
        .into_any(),
        ServerCheck::Failed(message) => view! { <p class="problem">{format!("The server check failed: {message}")}</p> }.into_any(),
    }
}
