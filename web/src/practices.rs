//! The "Judge's practices" panel: the judge's individual-practices document (a PDF or
//! text file, or pasted text) is read by the engine in this page; each proposed
//! standing-order rule is shown beside its sentence, to accept or correct; the accepted
//! rules replace the judge's published standing order in the live check at once. Nothing
//! leaves the page until "Save as my organisation's layer". The model is `proposals.rs`.

use crate::api::{self, ApiError};
use crate::app::{after_paint, now, refused_key};
use crate::document::{self, DocumentModule, DropZone, LoadState};
use crate::proposals::{
    self, Document, Layer, Proposal, ReadProblem, Saved, confidence_label, confidence_name, detail_label, in_context,
    layer_phrase, where_in,
};
use courtrules_engine::model::{COURT_JUDGE_SLUG, Extraction, Profile};
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::sync::Arc;
use wasm_bindgen_futures::JsFuture;

/// Characters of the page shown either side of a proposal's sentence.
const CONTEXT_CHARS: usize = 160;

#[derive(Clone, Debug, PartialEq)]
enum Status {
    Idle,
    /// A document waits for a usable address.
    Waiting(String),
    /// The document reader (the document module) is being fetched, to read this document.
    Loading(String),
    Reading(String),
    Read {
        name: String,
        millis: f64,
    },
    Failed(String),
}

#[derive(Clone, Debug, PartialEq)]
enum SaveState {
    Idle,
    Saving,
    Saved(Saved),
    /// The API's message, and its field details told with the rules' labels.
    Failed {
        message: String,
        details: Vec<(String, String)>,
    },
}

/// The results' note that the check used the proposed layer.
pub fn layer_note(layer: &Layer) -> Option<impl IntoView + use<>> {
    let Layer::Proposed { order, .. } = layer else { return None };
    let phrase = layer_phrase(layer)?;
    let rules = order.rules.len();
    let rules = if rules == 1 { "1 rule".to_owned() } else { format!("{rules} rules") };
    Some(view! {
        <p id="proposed-layer-note" class="proposed-note">
            <strong>{format!("Checked against {phrase}: ")}</strong>
            {format!(
                "the {rules} you accepted from \u{201c}{}\u{201d} stand in place of the judge's published standing order.",
                order.title
            )}
        </p>
    })
}

/// Why a save failed, in words. A refused layer keeps the API's message (its `details`
/// are listed with the rules' labels); the rest is the app's own words, without the
/// API's commands and status codes.
fn save_problem(error: &ApiError) -> String {
    match error.status {
        _ if error.key_refused => {
            "Not saved: the server refused the API key; paste a valid key above and save again.".into()
        }
        0 => "Not saved: the server could not be reached; check the connection and try again.".into(),
        403 | 429 | 500..=599 => format!("Not saved. {}", error.in_words()),
        _ => format!("Not saved: {}", error.message),
    }
}

#[component]
pub fn PracticesPanel(
    api_key: RwSignal<String>,
    key_problem: RwSignal<Option<String>>,
    district: Memo<String>,
    judge: Memo<String>,
    profile: RwSignal<Option<Arc<Profile>>>,
    layer: RwSignal<Layer>,
    // Bumped to fetch the judge's profile again: after a save, the server checks against
    // the saved layer, and so must the page.
    profile_retry: RwSignal<u32>,
) -> impl IntoView {
    let module = expect_context::<DocumentModule>();
    let open = RwSignal::new(false);
    // The body is built the first time the panel is opened (not at the page's start,
    // which it would slow for a panel most visits never open), then kept.
    let opened = Memo::new(move |was: Option<&bool>| was.copied().unwrap_or(false) || open.get());
    let extraction = RwSignal::new(None::<Arc<Extraction>>);
    // The judge the practices were read for.
    let read_for = RwSignal::new(String::new());
    let proposed = RwSignal::new(Vec::<Proposal>::new());
    let address = RwSignal::new(String::new());
    let address_touched = RwSignal::new(false);
    let pending = StoredValue::new(None::<(String, Document)>);
    let status = RwSignal::new(Status::Idle);
    let pasted = RwSignal::new(String::new());
    // The version saved, and the body it was saved from.
    let saved = RwSignal::new(None::<(u32, String)>);
    let save_state = RwSignal::new(SaveState::Idle);
    // The files not read with the last one: several dropped at once, only the first is read.
    let others = RwSignal::new(String::new());
    // The newest reading asked for (a file chosen, text pasted): a slower earlier one that
    // finishes after it is dropped, so it never replaces the newer document's rules.
    let newest = document::Newest::new();

    let ready = Memo::new(move |_| {
        let slug = judge.get();
        !slug.is_empty() && slug != COURT_JUDGE_SLUG && profile.with(Option::is_some)
    });
    let profile_url = Memo::new(move |_| {
        let slug = judge.get();
        profile.with(|p| p.as_ref()?.judges.iter().find(|j| j.slug == slug)?.profile_url.clone())
    });
    let source_url = Memo::new(move |_| profile_url.get().unwrap_or_else(|| address.get().trim().to_owned()));
    let address_problems = Memo::new(move |_| proposals::address_problems(&source_url.get()));

    // Another judge: the practices read were the previous judge's.
    Effect::new(move |_| {
        district.track();
        judge.track();
        extraction.set(None);
        proposed.set(Vec::new());
        address.set(String::new());
        address_touched.set(false);
        pending.set_value(None);
        status.set(Status::Idle);
        others.set(String::new());
        saved.set(None);
        save_state.set(SaveState::Idle);
    });

    // The accepted rules → the layer the live check uses.
    Effect::new(move |_| {
        let title = extraction.with(|e| e.as_ref().map(|e| e.title.clone()));
        let next = match title {
            None => Layer::Published,
            Some(title) => proposed.with(|all| proposals::layer(&read_for.get(), &title, &source_url.get(), all)),
        };
        let next = match next {
            Layer::Proposed { judge: slug, order, .. } => {
                let body = proposals::save_body(&order);
                let version = saved.with(|s| s.as_ref().filter(|(_, b)| *b == body).map(|(v, _)| *v));
                Layer::Proposed { judge: slug, order, saved: version }
            }
            other => other,
        };
        if layer.with_untracked(|current| *current != next) {
            layer.set(next);
        }
    });

    let read_now = move |name: String, document: Document| {
        let current = newest.take();
        let url = source_url.get_untracked();
        if !proposals::address_problems(&url).is_empty() {
            pending.set_value(Some((name.clone(), document)));
            address_touched.set(true);
            status.set(Status::Waiting(format!(
                "Enter the address where these practices are published, above: {name} is read as soon as it is valid."
            )));
            return;
        }
        pending.set_value(None);
        // The reader is the document module, fetched the first time (the time to read
        // excludes it).
        let loaded = module.state().get_untracked() == LoadState::Ready;
        status.set(if loaded { Status::Reading(name.clone()) } else { Status::Loading(name.clone()) });
        let slug = judge.get_untracked();
        spawn_local(async move {
            if !loaded {
                let ready = module.ready().await;
                if judge.get_untracked() != slug || !current() {
                    return;
                }
                if ready.is_err() {
                    status.set(Status::Failed(format!(
                        "The document reader could not be loaded, so {name} was not read. Check the connection and try again."
                    )));
                    return;
                }
                status.set(Status::Reading(name.clone()));
            }
            after_paint().await;
            if judge.get_untracked() != slug || !current() {
                return;
            }
            let started = now();
            let read = document::read(&document, &url);
            let millis = now() - started;
            match read {
                Ok(read) => {
                    read_for.set(slug);
                    proposed.set(proposals::proposals(&read));
                    extraction.set(Some(Arc::new(read)));
                    save_state.set(SaveState::Idle);
                    status.set(Status::Read { name, millis });
                }
                Err(ReadProblem::Address(problems)) => {
                    status.set(Status::Failed(format!("The address {}.", problems.join("; "))))
                }
                Err(ReadProblem::Document(message)) => status.set(Status::Failed(format!("{name}: {message}"))),
            }
        });
    };

    // The panel reads one set of practices at a time: the first of several files dropped.
    let take_file = move |file: web_sys::File, count: u32| {
        let name = file.name();
        let current = newest.take();
        others.set(document::others_note(count, &name));
        let lower = name.to_lowercase();
        let pdf = file.type_() == "application/pdf" || lower.ends_with(".pdf");
        let text = file.type_() == "text/plain" || lower.ends_with(".txt");
        if !pdf && !text {
            status.set(Status::Failed(format!(
                "{name} is neither a PDF nor a text file: drop the practices as a PDF, or paste their text below."
            )));
            return;
        }
        module.prefetch();
        status.set(Status::Reading(name.clone()));
        spawn_local(async move {
            let document = if pdf {
                JsFuture::from(file.array_buffer())
                    .await
                    .map(|buffer| Document::Pdf(js_sys::Uint8Array::new(&buffer).to_vec()))
            } else {
                JsFuture::from(file.text()).await.map(|text| Document::Text(text.as_string().unwrap_or_default()))
            };
            if !current() {
                return;
            }
            match document {
                Ok(document) => read_now(name, document),
                Err(_) => status.set(Status::Failed(format!("{name} could not be read."))),
            }
        });
    };
    let read_pasted = move |_| {
        let text = pasted.get_untracked();
        if text.trim().is_empty() {
            status.set(Status::Failed("Paste the text of the judge's practices first.".into()));
            return;
        }
        others.set(String::new());
        read_now("The pasted text".into(), Document::Text(text));
    };
    let address_changed = move |_| {
        address_touched.set(true);
        if address_problems.with_untracked(Vec::is_empty)
            && let Some((name, document)) = pending.try_update_value(Option::take).flatten()
        {
            read_now(name, document);
        }
    };

    let save = move |_| {
        let Layer::Proposed { order, .. } = layer.get_untracked() else { return };
        let body = proposals::save_body(&order);
        let labels = proposed.with_untracked(|all| proposals::accepted_labels(all));
        let (key, district_id, slug) = (api_key.get_untracked(), district.get_untracked(), judge.get_untracked());
        let encode = |text: &str| String::from(js_sys::encode_uri_component(text));
        let path = format!("/api/v1/standing-order-layers/{}/{}/versions", encode(&district_id), encode(&slug));
        save_state.set(SaveState::Saving);
        spawn_local(async move {
            let answer = api::post_json(&path, &key, &body).await;
            if district.get_untracked() != district_id || judge.get_untracked() != slug {
                return;
            }
            if let Err(error) = &answer {
                refused_key(error, &key, api_key, key_problem);
            }
            save_state.set(match answer {
                Ok(text) => match proposals::parse_saved(&text) {
                    Ok(answer) => {
                        saved.set(Some((answer.version, body)));
                        // The published profile now includes the saved layer on the
                        // server: fetch it, so the page checks against what the server does.
                        profile_retry.update(|n| *n += 1);
                        SaveState::Saved(answer)
                    }
                    Err(message) => SaveState::Failed { message: format!("Not saved: {message}"), details: Vec::new() },
                },
                Err(error) => SaveState::Failed {
                    message: save_problem(&error),
                    details: error.details.iter().map(|(path, m)| (detail_label(path, &labels), m.clone())).collect(),
                },
            });
        });
    };
    let can_save = move || {
        matches!(layer.get(), Layer::Proposed { .. })
            // The address may have been changed since the document was read.
            && address_problems.with(Vec::is_empty)
            && save_state.get() != SaveState::Saving
            && !api_key.with(String::is_empty)
    };

    let in_use = move || {
        let current = layer.get();
        match &current {
            Layer::Proposed { order, .. } => Some(format!(
                "In use in the checks: {}, {} of the {} rules read.",
                layer_phrase(&current).unwrap_or_default(),
                order.rules.len(),
                extraction.with(|e| e.as_ref().map_or(0, |e| e.proposals.len()))
            )),
            Layer::Incomplete { .. } => {
                Some("A proposed rule needs correcting before the checks can use your layer.".into())
            }
            Layer::Published => None,
        }
    };

    view! {
        <section class="panel practices" id="practices" aria-labelledby="practices-heading">
            <h2 id="practices-heading">
                <button
                    id="practices-toggle"
                    type="button"
                    class="disclosure"
                    aria-expanded=move || open.get().to_string()
                    aria-controls="practices-body"
                    on:click=move |_| {
                        open.update(|o| *o = !*o);
                        // The panel is for reading a document: fetch the reader now.
                        if open.get_untracked() {
                            module.prefetch();
                        }
                    }
                >
                    "Judge's practices"
                </button>
            </h2>
            <p class="hint">
                "Check against the judge's own individual practices: read them here, accept or correct each rule found, and the checks use them at once. Nothing leaves this browser until you save."
            </p>
            {move || in_use().map(|text| view! { <p id="practices-in-use" class="proposed-note">{text}</p> })}
            <div id="practices-body" class="practices-body" hidden=move || !open.get()>
                <Show when=move || opened.get()>
                <Show
                    when=move || ready.get()
                    fallback=|| view! { <p class="note">"Choose a judge above, and wait for the judge's rules to load, to read the judge's practices."</p> }
                >
                    {move || match profile_url.get() {
                        Some(url) => view! {
                            <p class="hint" id="practices-source">"The rules read will cite the judge's page: "<span class="url">{url}</span></p>
                        }.into_any(),
                        None => view! {
                            <AddressField address address_touched address_problems on_change=address_changed />
                        }.into_any(),
                    }}
                    <DropZone
                        class="practices-drop"
                        input_id="practices-file"
                        accept="application/pdf,.pdf,text/plain,.txt"
                        label="Drop the judge's practices here (PDF or text file), or choose the file"
                        on_file=take_file
                    >
                        <p class="hint">"The file is read in this browser and never uploaded."</p>
                    </DropZone>
                    <div class="field paste">
                        <label for="practices-text">"Or paste the text of the practices"</label>
                        <textarea
                            id="practices-text"
                            rows="4"
                            prop:value=move || pasted.get()
                            on:input=move |ev| pasted.set(event_target_value(&ev))
                            on:focus=move |_| module.prefetch()
                        ></textarea>
                        <div><button id="practices-read-text" type="button" on:click=read_pasted>"Read the pasted text"</button></div>
                    </div>
                    <p
                        id="practices-status"
                        role="status"
                        aria-live="polite"
                        data-state=move || match status.get() {
                            Status::Idle => "idle",
                            Status::Waiting(_) => "waiting",
                            Status::Loading(_) => "loading",
                            Status::Reading(_) => "reading",
                            Status::Read { .. } => "read",
                            Status::Failed(_) => "failed",
                        }
                        class=move || match status.get() { Status::Failed(_) => "problem", Status::Loading(_) | Status::Reading(_) => "reading", _ => "note" }
                    >
                        {move || status_text(&status.get(), extraction.get().as_deref())}
                        {move || others.with(|note| (!note.is_empty()).then(|| format!(" {note}")))}
                    </p>
                    {move || extraction.get().map(|read| extraction_view(read, proposed))}
                    <Show when=move || extraction.with(Option::is_some)>
                        <div class="server-check practices-save">
                            <button id="practices-save" type="button" on:click=save disabled=move || !can_save()>
                                "Save as my organisation's layer"
                            </button>
                            <p class="hint" id="practices-save-hint">
                                {move || if api_key.with(String::is_empty) {
                                    "Enter your API key above to save.".to_owned()
                                } else if !matches!(layer.get(), Layer::Proposed { .. }) {
                                    "Accept at least one rule (and correct any marked) to save.".to_owned()
                                } else if !address_problems.with(Vec::is_empty) {
                                    "Correct the address above to save.".to_owned()
                                } else {
                                    "Sends the accepted rules, the title and the address to courtrules, as a new version of your organisation's layer for this judge.".to_owned()
                                }}
                            </p>
                            <div id="practices-save-result" role="status">{move || save_view(save_state.get(), layer.get())}</div>
                        </div>
                    </Show>
                </Show>
                </Show>
            </div>
        </section>
    }
}

#[component]
fn AddressField(
    address: RwSignal<String>,
    address_touched: RwSignal<bool>,
    address_problems: Memo<Vec<String>>,
    on_change: impl Fn(leptos::ev::Event) + 'static,
) -> impl IntoView {
    let shown = move || {
        (address_touched.get() && !address_problems.with(Vec::is_empty))
            .then(|| format!("The address {}.", address_problems.get().join("; ")))
    };
    view! {
        <div class="field">
            <label for="practices-source-url">"Address where these practices are published"</label>
            <input
                id="practices-source-url"
                type="url"
                inputmode="url"
                autocomplete="off"
                spellcheck="false"
                placeholder="https://"
                aria-invalid=move || shown().map(|_| "true")
                aria-describedby=move || if shown().is_some() { "practices-source-url-hint practices-source-url-problem" } else { "practices-source-url-hint" }
                prop:value=move || address.get()
                on:input=move |ev| address.set(event_target_value(&ev))
                on:change=on_change
            />
            <p class="hint" id="practices-source-url-hint">"The judge's page or the document's own address (http or https): every rule you accept cites it."</p>
            <Show when=move || shown().is_some()>
                <p class="problem" id="practices-source-url-problem">{move || shown().unwrap_or_default()}</p>
            </Show>
        </div>
    }
}

fn status_text(status: &Status, read: Option<&Extraction>) -> String {
    match status {
        Status::Idle => String::new(),
        Status::Waiting(message) | Status::Failed(message) => message.clone(),
        Status::Loading(_) => "Loading the document reader\u{2026}".to_owned(),
        Status::Reading(name) => format!("Reading {name} in this browser\u{2026}"),
        Status::Read { name, millis } => {
            let Some(read) = read else { return String::new() };
            let count = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
            format!(
                "{name}: read in this browser in {millis:.0} ms. {} proposed; {} not understood.",
                count(read.proposals.len(), "rule", "rules"),
                count(read.not_understood.len(), "sentence", "sentences")
            )
        }
    }
}

fn extraction_view(read: Arc<Extraction>, proposed: RwSignal<Vec<Proposal>>) -> impl IntoView {
    let warnings = read.warnings.clone();
    let not_understood = read.not_understood.clone();
    let rows = (0..read.proposals.len()).map(|i| proposal_view(&read, i, proposed)).collect_view();
    view! {
        {(!warnings.is_empty()).then(|| view! {
            <ul id="practices-warnings" class="warnings">
                {warnings.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}
            </ul>
        })}
        <h3 id="practices-proposals-heading">{format!("Proposed rules ({})", read.proposals.len())}</h3>
        <p class="hint">
            "Ticked rules are used by the checks. Each is shown beside the sentence it was read from: untick what the judge did not say, and correct a number that was misread."
        </p>
        <ol id="practices-proposals" class="proposals" aria-labelledby="practices-proposals-heading">{rows}</ol>
        <h3 id="practices-not-understood-heading">{format!("Not understood ({})", not_understood.len())}</h3>
        {if not_understood.is_empty() {
            view! { <p class="note">"Every sentence that reads as a requirement was read into a rule above."</p> }.into_any()
        } else {
            view! {
                <p class="hint">"These sentences read as requirements, but no rule could be read from them: read them yourself, as the checks do not cover them."</p>
                <ul id="practices-not-understood" class="not-understood" aria-labelledby="practices-not-understood-heading">
                    {not_understood.into_iter().map(|passage| view! {
                        <li data-page=passage.page.to_string()>
                            <span class="cite">{format!("{}: ", where_in(&passage))}</span>
                            {passage.text.clone()}
                        </li>
                    }).collect_view()}
                </ul>
            }.into_any()
        }}
    }
}

fn proposal_view(read: &Extraction, i: usize, proposed: RwSignal<Vec<Proposal>>) -> impl IntoView + use<> {
    let proposal = &read.proposals[i];
    let shown = in_context(&read.pages, &proposal.evidence, CONTEXT_CHARS);
    let rule = &proposal.rule;
    let accept_id = format!("proposal-{i}-accept");
    let summary_id = format!("proposal-{i}-summary");
    let accepted = move || proposed.with(|all| all.get(i).is_some_and(|p| p.accepted));
    let summary = move || {
        proposed.with(|all| {
            all.get(i).map(|p| p.rule("").map(|rule| rule.summary).unwrap_or_else(|_| p.proposed.rule.summary.clone()))
        })
    };
    let threshold = proposed.with_untracked(|all| all.get(i).and_then(|p| p.threshold.as_ref().map(|t| t.0)));
    let confidence = proposal.confidence;
    view! {
        <li
            class="proposal"
            data-rule-key=rule.rule_key.clone()
            data-confidence=confidence_name(confidence)
            data-accepted=move || accepted().to_string()
        >
            <div class="check">
                <input
                    id=accept_id.clone()
                    type="checkbox"
                    aria-describedby=summary_id.clone()
                    prop:checked=accepted
                    on:change=move |ev| {
                        let v = event_target_checked(&ev);
                        proposed.update(|all| if let Some(p) = all.get_mut(i) { p.accepted = v });
                    }
                />
                <label for=accept_id><strong>{rule.label.clone()}</strong></label>
            </div>
            <p class="summary" id=summary_id>{summary}</p>
            <p class="proposal-tags">
                <span class=format!("confidence {}", confidence_name(confidence))>{confidence_label(confidence)}</span>
                " \u{b7} "
                <cite>{rule.citation.clone()}</cite>
            </p>
            {threshold.map(|threshold| view! { <ThresholdField i threshold proposed /> })}
            <blockquote class="context" id=format!("proposal-{i}-context")>
                <p>{shown.before}<mark>{shown.marked}</mark>{shown.after}</p>
            </blockquote>
            <p class="cite">{format!("{}. Read as: {}.", where_in(&proposal.evidence), proposal.reasoning)}</p>
        </li>
    }
}

#[component]
fn ThresholdField(i: usize, threshold: proposals::Threshold, proposed: RwSignal<Vec<Proposal>>) -> impl IntoView {
    let id = format!("proposal-{i}-threshold");
    let problem_id = format!("{id}-problem");
    // As in the filing form, a problem shows once the user leaves the field.
    let touched = RwSignal::new(false);
    let problem = move || proposed.with(|all| all.get(i).and_then(Proposal::problem)).filter(|_| touched.get());
    let described = problem_id.clone();
    view! {
        <div class="field threshold">
            <label for=id.clone()>{threshold.label()}</label>
            <input
                id=id
                type="text"
                inputmode=if threshold.whole() { "numeric" } else { "decimal" }
                autocomplete="off"
                aria-invalid=move || problem().map(|_| "true")
                aria-describedby=move || problem().map(|_| described.clone())
                prop:value=move || proposed.with(|all| all.get(i).and_then(|p| p.threshold.as_ref().map(|t| t.1.clone())).unwrap_or_default())
                on:input=move |ev| {
                    let v = event_target_value(&ev);
                    proposed.update(|all| if let Some((_, typed)) = all.get_mut(i).and_then(|p| p.threshold.as_mut()) { *typed = v });
                }
                on:focusout=move |_| touched.set(true)
            />
            <Show when=move || problem().is_some()>
                <p class="problem" id=problem_id.clone()>{move || problem().unwrap_or_default()}</p>
            </Show>
        </div>
    }
}

fn save_view(state: SaveState, layer: Layer) -> impl IntoView {
    match state {
        SaveState::Idle => ().into_any(),
        SaveState::Saving => view! { <p>"Saving\u{2026}"</p> }.into_any(),
        SaveState::Saved(saved) => {
            let current = matches!(layer, Layer::Proposed { saved: Some(v), .. } if v == saved.version);
            if current {
                view! {
                    <p class="agree" id="practices-saved" data-version=saved.version.to_string()>
                        {format!("Saved as version {}.", saved.version)}
                    </p>
                }
                .into_any()
            } else {
                view! {
                    <p class="note" id="practices-saved" data-version=saved.version.to_string()>
                        {format!("Changed since version {} was saved: save again to keep the changes.", saved.version)}
                    </p>
                }
                .into_any()
            }
        }
        SaveState::Failed { message, details } => view! {
            <div class="problem" id="practices-save-problem">
                <p>{message}</p>
                {(!details.is_empty()).then(|| view! {
                    <ul id="practices-save-details">
                        {details.into_iter().map(|(label, message)| view! { <li>{format!("{label} {message}")}</li> }).collect_view()}
                    </ul>
                })}
            </div>
        }
        .into_any(),
    }
}
