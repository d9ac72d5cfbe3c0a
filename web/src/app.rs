//! The user interface (Leptos, client-side rendered).
//!
//! One signal holds the form; the request, the engine's validation and the engine's
//! check are derived from it, so every keystroke re-checks in the page. The network is
//! used only to pick the court and judge, to fetch the judge's compliance profile once,
//! and when the user asks for the server's check.

use crate::api::{self, ApiError};
use crate::form::{FilingForm, FlagGroup, field_id, label};
use crate::pdf;
use courtrules_engine::ffi;
use courtrules_engine::model::{
    COURT_JUDGE_SLUG, CheckResponse, CheckResult, DocumentScope, FieldError, FilingRole, LineSpacing, MotionType,
    Profile, ResultStatus,
};
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::Value;
use std::sync::Arc;
use wasm_bindgen::JsCast;

const API_KEY_STORAGE: &str = "courtrules.apiKey";

pub fn start() {
    leptos::mount::mount_to_body(App);
}

#[derive(Clone, Debug, PartialEq)]
struct Choice {
    value: String,
    text: String,
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
enum ServerCheck {
    Idle,
    Running,
    Agree { millis: f64 },
    Differ { browser: String, server: String },
    Failed(String),
}

fn now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

#[component]
fn App() -> impl IntoView {
    let api_key = RwSignal::new(storage().and_then(|s| s.get_item(API_KEY_STORAGE).ok()?).unwrap_or_default());
    let form = RwSignal::new(FilingForm::default());
    let courts = RwSignal::new(Vec::<Choice>::new());
    let judges = RwSignal::new(Vec::<Choice>::new());
    let profile = RwSignal::new(None::<Arc<Profile>>);
    let connection = RwSignal::new(String::new());
    let server_check = RwSignal::new(ServerCheck::Idle);
    let first_result_ms = RwSignal::new(None::<f64>);

    let district = Memo::new(move |_| form.with(|f| f.district_id.clone()));
    let judge = Memo::new(move |_| form.with(|f| f.judge_slug.clone()));

    // Key → courts.
    Effect::new(move |_| {
        let key = api_key.get();
        courts.set(Vec::new());
        if key.is_empty() {
            connection.set("Enter your API key to choose a court and judge.".into());
            return;
        }
        connection.set("Loading courts…".into());
        spawn_local(async move {
            let (choices, note) = load_courts(&key).await;
            if api_key.get_untracked() != key {
                return;
            }
            connection.set(note);
            let current = district.get_untracked();
            let pick = choices
                .iter()
                .find(|c| c.value == current)
                .or_else(|| choices.iter().find(|c| c.value == "edny"))
                .or(choices.first())
                .map(|c| c.value.clone())
                .unwrap_or_default();
            courts.set(choices);
            form.update(|f| f.district_id = pick);
        });
    });

    // Court → judges.
    Effect::new(move |_| {
        let (key, district_id) = (api_key.get(), district.get());
        judges.set(Vec::new());
        if key.is_empty() || district_id.is_empty() {
            return;
        }
        spawn_local(async move {
            let path = format!("/api/v1/judges{}", api::query(&[("district_id", &district_id)]));
            let loaded = api::get(&path, &key).await.and_then(|text| parse_judges(&text));
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
                Err(error) => connection.set(format!("Could not load the judges: {error}")),
            }
        });
    });

    // Judge → the judge's compliance profile, fetched once and checked against locally.
    Effect::new(move |_| {
        let (key, district_id, judge_slug) = (api_key.get(), district.get(), judge.get());
        profile.set(None);
        server_check.set(ServerCheck::Idle);
        if key.is_empty() || district_id.is_empty() || judge_slug.is_empty() {
            return;
        }
        connection.set("Loading the judge's rules…".into());
        spawn_local(async move {
            let path =
                format!("/api/v1/profile{}", api::query(&[("district_id", &district_id), ("judge_slug", &judge_slug)]));
            let loaded = api::get(&path, &key).await;
            if district.get_untracked() != district_id || judge.get_untracked() != judge_slug {
                return;
            }
            match loaded.map(|text| ffi::parse_profile(text.as_bytes())) {
                Ok(Ok(parsed)) => {
                    connection.set(format!(
                        "Rules loaded (profile {}). Checks now run in this browser.",
                        parsed.profile_version
                    ));
                    profile.set(Some(Arc::new(parsed)));
                }
                Ok(Err(error)) => connection.set(format!("The court's profile could not be read: {error}")),
                Err(error) if error.status == 422 => connection
                    .set(format!("This court has no compliance profile yet, so filings cannot be checked: {error}")),
                Err(error) => connection.set(format!("Could not load the judge's rules: {error}")),
            }
        });
    });

    let request =
        Memo::new(move |_| form.with(|f| serde_json::to_string(&f.to_request()).expect("JSON values serialize")));
    let outcome = Memo::new(move |_| {
        let request = request.get();
        let problems: Vec<FieldError> =
            serde_json::from_slice(&ffi::validate_json(request.as_bytes())).expect("validate answers a list");
        if !problems.is_empty() {
            return Outcome::Invalid(problems);
        }
        let Some(profile) = profile.get() else {
            return Outcome::Waiting("Results appear here once the judge's rules are loaded.".into());
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

    let problems = Memo::new(move |_| match outcome.get() {
        Outcome::Invalid(problems) => problems,
        _ => Vec::new(),
    });

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
                Ok(server) => ServerCheck::Differ { browser: local.bytes, server },
                Err(error) => ServerCheck::Failed(error.to_string()),
            });
        });
    };

    view! {
        <a class="skip" href="#filing">"Skip to the filing"</a>
        <header class="banner">
            <h1>"Filing pre-check"</h1>
            <p>"Describe a filing and see, as you type, whether it follows the court's rules and the judge's standing order. The check runs in this browser; nothing is sent until you ask for the server's check."</p>
        </header>
        <main id="main">
            <section class="panel" aria-labelledby="court-heading">
                <h2 id="court-heading">"Court and judge"</h2>
                <ApiKeyField api_key />
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
            </section>

            <section class="panel" id="filing" aria-labelledby="filing-heading">
                <h2 id="filing-heading">"The filing"</h2>
                <PdfDrop form district judge />
                <FilingFields form problems />
            </section>

            <section class="panel results" id="results" aria-labelledby="results-heading"
                data-first-result-ms=move || first_result_ms.get().map(|ms| format!("{ms:.1}"))
            >
                <h2 id="results-heading">"Results"</h2>
                <Results outcome />
                <div class="server-check">
                    <button
                        id="server-check"
                        type="button"
                        on:click=run_server_check
                        disabled=move || !matches!(outcome.get(), Outcome::Checked(_)) || server_check.get() == ServerCheck::Running
                    >
                        "Check on server"
                    </button>
                    <div id="server-result" role="status">{move || server_check_view(server_check.get())}</div>
                </div>
            </section>
        </main>
        <footer class="footer">
            <p>"Results cite the rule behind them. They are a drafting aid, not legal advice."</p>
        </footer>
    }
}

async fn load_courts(key: &str) -> (Vec<Choice>, String) {
    match api::get("/api/v1/courts", key).await.and_then(|text| parse_courts(&text)) {
        Ok(courts) if !courts.is_empty() => (courts, "Choose the court and judge.".into()),
        Ok(_) => (Vec::new(), "No court is accessible with this key.".into()),
        // A server without the court list still serves the profiled district.
        Err(error) if error.status == 404 => {
            (vec![Choice { value: "edny".into(), text: "edny".into() }], "Choose the judge.".into())
        }
        Err(error) => (Vec::new(), format!("Could not load the courts: {error}")),
    }
}

fn parse_courts(text: &str) -> Result<Vec<Choice>, ApiError> {
    let body: Value = serde_json::from_str(text).map_err(unexpected)?;
    let mut courts: Vec<(bool, Choice)> = body["courts"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|court| court["status"] == "live")
        .map(|court| {
            let id = court["district_id"].as_str().unwrap_or_default().to_owned();
            let name = court["name"].as_str().unwrap_or(&id).to_owned();
            // `judges_profiled` is present exactly for the live courts with a compliance profile.
            let checkable = court.get("judges_profiled").is_some();
            let text =
                if checkable { format!("{name} ({id})") } else { format!("{name} ({id}) \u{2014} no checks yet") };
            (checkable, Choice { text, value: id })
        })
        .collect();
    // Courts that can be checked first; the rest keep the server's order.
    courts.sort_by_key(|(profiled, _)| !profiled);
    Ok(courts.into_iter().map(|(_, choice)| choice).collect())
}

fn parse_judges(text: &str) -> Result<Vec<Choice>, ApiError> {
    let body: Value = serde_json::from_str(text).map_err(unexpected)?;
    // First the court-wide rules, for a judge the roster does not list (or a court without one).
    let any_judge =
        Choice { value: COURT_JUDGE_SLUG.into(), text: "Any judge \u{2014} the court's own rules only".into() };
    let judges = body["judges"].as_array().into_iter().flatten().map(|judge| {
        let slug = judge["slug"].as_str().unwrap_or_default().to_owned();
        let name = judge["name"].as_str().unwrap_or(&slug).to_owned();
        let text = if judge["sample"] == true {
            format!("{name} (sample data)")
        } else if judge["has_profile"] == true {
            format!("{name} (standing order)")
        } else {
            name
        };
        Choice { value: slug, text }
    });
    Ok(std::iter::once(any_judge).chain(judges).collect())
}

fn unexpected(error: serde_json::Error) -> ApiError {
    ApiError { status: 0, message: format!("unexpected answer from the server: {error}"), details: Vec::new() }
}

/// The options of a select; `current` is marked selected so the select shows it even
/// when the options arrive after the value.
fn options(choices: &[Choice], current: &str) -> impl IntoView + use<> {
    choices
        .iter()
        .map(|choice| {
            view! { <option value=choice.value.clone() selected=choice.value == current>{choice.text.clone()}</option> }
        })
        .collect_view()
}

#[component]
fn ApiKeyField(api_key: RwSignal<String>) -> impl IntoView {
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
                    aria-describedby="api-key-hint"
                    prop:value=move || draft.get()
                    on:input=move |ev| draft.set(event_target_value(&ev))
                />
                <p id="api-key-hint" class="hint">"Kept in this browser only. The key printed when the server first starts works."</p>
            </div>
            <button type="submit">"Use key"</button>
        </form>
    }
}

/// Dropping (or choosing) a PDF: read in the page, analysed by the engine, never uploaded.
#[component]
fn PdfDrop(form: RwSignal<FilingForm>, district: Memo<String>, judge: Memo<String>) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let analysis_ms = RwSignal::new(None::<f64>);
    let dragging = RwSignal::new(false);
    let analyse = move |file: web_sys::File| {
        let name = file.name();
        status.set(format!("Reading {name} in this browser…"));
        analysis_ms.set(None);
        spawn_local(async move {
            let bytes = match wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await {
                Ok(buffer) => js_sys::Uint8Array::new(&buffer).to_vec(),
                Err(_) => {
                    status.set(format!("{name} could not be read."));
                    return;
                }
            };
            let hints = serde_json::json!({
                "district_id": district.get_untracked(), "judge_slug": judge.get_untracked(), "filename": name,
            });
            let started = now();
            let analysed = pdf::analyse(&bytes, &hints);
            analysis_ms.set(Some(now() - started));
            match analysed {
                Ok(analysis) => {
                    form.update(|f| f.fill_from(&analysis.fill));
                    let what = if analysis.supported {
                        "the form was filled from the PDF"
                    } else {
                        "the document type was not recognised, so only the counts and sections were filled"
                    };
                    status.set(format!("{name}: {what}. Check the values. {}", analysis.notes.join(" ")));
                }
                Err(message) => status.set(format!("{name}: {message}")),
            }
        });
    };
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        if let Some(file) = ev.data_transfer().and_then(|d| d.files()).and_then(|files| files.get(0)) {
            analyse(file);
        }
    };
    let on_choose = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = ev.target().expect("an input").unchecked_into();
        if let Some(file) = input.files().and_then(|files| files.get(0)) {
            analyse(file);
        }
    };
    view! {
        <div
            class="dropzone"
            class:dragging=move || dragging.get()
            on:dragover=move |ev: leptos::ev::DragEvent| { ev.prevent_default(); dragging.set(true) }
            on:dragleave=move |_| dragging.set(false)
            on:drop=on_drop
        >
            <label for="pdf-input">"Drop a PDF here, or choose one, to fill the form from it"</label>
            <input id="pdf-input" type="file" accept="application/pdf,.pdf" on:change=on_choose />
            <p class="hint">"The PDF is read in this browser and never uploaded."</p>
            <p id="pdf-status" role="status" data-ms=move || analysis_ms.get().map(|ms| format!("{ms:.1}"))>
                {move || status.get()}
            </p>
        </div>
    }
}

#[component]
fn FilingFields(form: RwSignal<FilingForm>, problems: Memo<Vec<FieldError>>) -> impl IntoView {
    view! {
        <form class="filing" on:submit=|ev| ev.prevent_default()>
            <ProblemSummary problems />
            <fieldset>
                <legend>"The paper"</legend>
                <div class="row">
                    <Select form problems path="document_scope" label="Document" choices=DocumentScope::NAMES optional=false
                        get=|f| f.document_scope.clone() set=|f, v| f.document_scope = v />
                    <Select form problems path="motion_type" label="Motion" choices=MotionType::NAMES optional=true
                        get=|f| f.motion_type.clone() set=|f, v| f.motion_type = v />
                    <Select form problems path="filing_role" label="Filing role" choices=FilingRole::NAMES optional=false
                        get=|f| f.filing_role.clone() set=|f, v| f.filing_role = v />
                </div>
                <div class="row">
                    <Number form problems path="document.page_count" label="Body pages" hint="Without cover, tables, certificates and signature pages"
                        get=|f| f.page_count.clone() set=|f, v| f.page_count = v />
                    <Number form problems path="document.word_count" label="Body words" hint=""
                        get=|f| f.word_count.clone() set=|f, v| f.word_count = v />
                </div>
            </fieldset>
            <fieldset>
                <legend>"The parties"</legend>
                <Toggle form id="is_pro_se" label="The filing party is pro se" get=|f| f.is_pro_se set=|f, v| f.is_pro_se = v />
                <Toggle form id="pmc_completed" label="A pre-motion conference was held for this motion" get=|f| f.pmc_completed set=|f, v| f.pmc_completed = v />
                <Toggle form id="opposing_party_pro_se" label="The opposing party is pro se" get=|f| f.opposing_party_pro_se set=|f, v| f.opposing_party_pro_se = v />
            </fieldset>
            <Flags form name="caption" title="Caption" group=|f| &mut f.caption view_group=|f| f.caption.clone() />
            <Flags form name="signature_block" title="Signature block" group=|f| &mut f.signature_block view_group=|f| f.signature_block.clone() />
            <Flags form name="sections" title="Sections" group=|f| &mut f.sections view_group=|f| f.sections.clone()>
                <Number form problems path="document.sections.certificate_word_count" label="Words stated in the certificate of compliance" hint=""
                    get=|f| f.certificate_word_count.clone() set=|f, v| f.certificate_word_count = v />
            </Flags>
            <FormatFields form problems />
            <Flags form name="privacy" title="Personal data in the paper" group=|f| &mut f.privacy view_group=|f| f.privacy.clone() />
        </form>
    }
}

/// Every problem the engine found, linked to its field (also shown beside the field).
#[component]
fn ProblemSummary(problems: Memo<Vec<FieldError>>) -> impl IntoView {
    view! {
        <Show when=move || !problems.with(Vec::is_empty)>
            <div class="problems" id="problems" aria-labelledby="problems-heading">
                <h3 id="problems-heading">"Fix these to see results"</h3>
                <ul>
                    {move || problems.get().into_iter().map(|p| {
                        let href = format!("#{}", field_id(&p.path));
                        let path = if p.path.is_empty() { "request".to_owned() } else { p.path.clone() };
                        view! { <li><a href=href>{path}</a>": "{p.message}</li> }
                    }).collect_view()}
                </ul>
            </div>
        </Show>
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
    path: &'static str,
    label: &'static str,
    choices: &'static [&'static str],
    optional: bool,
    get: fn(&FilingForm) -> String,
    set: fn(&mut FilingForm, String),
) -> impl IntoView {
    let id = field_id(path);
    let problem_id = format!("{id}-problem");
    let message = problem_for(problems, path);
    view! {
        <div class="field">
            <label for=id.clone()>{label}</label>
            <select
                id=id
                aria-invalid=move || message().map(|_| "true")
                aria-describedby=move || message().map(|_| problem_id.clone())
                prop:value=move || form.with(get)
                on:change=move |ev| { let v = event_target_value(&ev); form.update(|f| set(f, v)) }
            >
                {optional.then(|| view! { <option value="">"None"</option> })}
                {choices.iter().map(|value| view! { <option value=*value>{crate::form::label(value)}</option> }).collect_view()}
            </select>
            <FieldProblem id=format!("{}-problem", field_id(path)) message />
        </div>
    }
}

#[component]
fn Number(
    form: RwSignal<FilingForm>,
    problems: Memo<Vec<FieldError>>,
    path: &'static str,
    label: &'static str,
    hint: &'static str,
    get: fn(&FilingForm) -> String,
    set: fn(&mut FilingForm, String),
) -> impl IntoView {
    let id = field_id(path);
    let hint_id = format!("{id}-hint");
    let problem_id = format!("{id}-problem");
    let message = problem_for(problems, path);
    let described_by = {
        let (hint_id, problem_id) = (hint_id.clone(), problem_id.clone());
        move || {
            let mut ids = Vec::new();
            if !hint.is_empty() {
                ids.push(hint_id.clone());
            }
            if message().is_some() {
                ids.push(problem_id.clone());
            }
            (!ids.is_empty()).then(|| ids.join(" "))
        }
    };
    view! {
        <div class="field">
            <label for=id.clone()>{label}</label>
            <input
                id=id
                type="text"
                inputmode="decimal"
                autocomplete="off"
                aria-invalid=move || message().map(|_| "true")
                aria-describedby=described_by
                prop:value=move || form.with(get)
                on:input=move |ev| { let v = event_target_value(&ev); form.update(|f| set(f, v)) }
            />
            {(!hint.is_empty()).then(|| view! { <p class="hint" id=hint_id>{hint}</p> })}
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
                    on:change=move |ev| { let v = event_target_checked(&ev); form.update(|f| group(f).included = v) }
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
fn FormatFields(form: RwSignal<FilingForm>, problems: Memo<Vec<FieldError>>) -> impl IntoView {
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
                    <Number form problems path="document.format.primary_font_size_pt" label="Body font size (pt)" hint=""
                        get=|f| f.format.primary_font_size_pt.clone() set=|f, v| f.format.primary_font_size_pt = v />
                    <Number form problems path="document.format.footnote_font_size_pt" label="Footnote font size (pt)" hint=""
                        get=|f| f.format.footnote_font_size_pt.clone() set=|f, v| f.format.footnote_font_size_pt = v />
                    <Number form problems path="document.format.margin_inches" label="Smallest margin (inches)" hint=""
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

/// The verdict (a persistent live region, so screen readers hear each new verdict),
/// then the results grouped by status, then what was skipped.
#[component]
fn Results(outcome: Memo<Outcome>) -> impl IntoView {
    let status = move || match outcome.get() {
        Outcome::Checked(local) => Some(local.response.summary.status.as_str()),
        _ => None,
    };
    let sentence = move || match outcome.get() {
        Outcome::Waiting(message) | Outcome::Failed(message) => message,
        Outcome::Invalid(problems) => format!(
            "{} {} in the description: see the form.",
            problems.len(),
            if problems.len() == 1 { "problem" } else { "problems" }
        ),
        Outcome::Checked(local) => {
            let summary = &local.response.summary;
            format!(
                "{}: {} failed, {} to do, {} passed.",
                label(&summary.status.as_str().to_lowercase()),
                summary.failures,
                summary.action_items,
                summary.passes
            )
        }
    };
    view! {
        <div id="verdict" class=move || format!("verdict {}", status().unwrap_or("pending").to_lowercase()) data-status=status>
            <p id="summary" aria-live="polite" aria-atomic="true">{sentence}</p>
            {move || match outcome.get() {
                Outcome::Checked(local) => Some(view! {
                    <p class="coverage" id="coverage-note" data-level=local.response.meta.coverage.level.as_str()>
                        {local.response.meta.coverage_note.clone()}
                    </p>
                    <p class="timing" id="check-time" data-ms=format!("{:.3}", local.millis)>
                        {format!("Checked in this browser in {:.2} ms against profile {}.", local.millis, local.response.meta.profile_version)}
                    </p>
                }),
                _ => None,
            }}
        </div>
        {move || match outcome.get() {
            Outcome::Checked(local) => Some(details_view(local.response)),
            _ => None,
        }}
    }
}

fn details_view(response: CheckResponse) -> impl IntoView {
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
                    <ul>{results.into_iter().map(result_view).collect_view()}</ul>
                </section>
            }
        })
    })
    .collect_view();
    let skipped = response.meta.skipped;
    view! {
        {groups}
        {(!skipped.is_empty()).then(|| view! {
            <details class="skipped">
                <summary>{format!("{} checks skipped: describe more of the filing to run them", skipped.len())}</summary>
                <ul>
                    {skipped.into_iter().map(|s| view! {
                        <li>{label(&s.category.as_str().to_lowercase())}" ("{s.rule_key}"): needs "<code>{s.needs}</code></li>
                    }).collect_view()}
                </ul>
            </details>
        })}
    }
}

fn result_view(result: CheckResult) -> impl IntoView {
    view! {
        <li class="result" data-category=result.category.as_str() data-status=result.status.as_str()>
            <p class="tags">
                <span class=format!("severity {}", result.severity.as_str().to_lowercase())>{result.severity.as_str()}</span>
                " "
                <span class="category">{label(&result.category.as_str().to_lowercase())}</span>
            </p>
            <p class="message">{result.message}</p>
            <p class="source"><cite>{result.source}</cite>{format!(" ({})", label(result.layer.as_str()))}</p>
        </li>
    }
}

fn server_check_view(state: ServerCheck) -> impl IntoView {
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
                <p>"The server's answer differs from this browser's. The server's check is authoritative; reload to fetch the latest rules."</p>
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
