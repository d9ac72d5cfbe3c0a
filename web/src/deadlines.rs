//! The deadlines panel: pick the event and its date, and see every deadline that follows
//! under Rule 6 and the court's local rules, each with the steps that produced its date.
//! The district's time rules are fetched once per court; every computation then runs in
//! the page, and "Compute on server" shows that the server answers the same bytes.

use crate::api;
use crate::app::{ServerCheck, load_failed, refused_key, server_check_view, when_idle};
use crate::deadline_words::{explanation_in_words, machine_when, problem_in_words, summary_in_words, when_in_words};
use courtrules_engine::ffi;
use courtrules_engine::model::{Deadline, DeadlineResponse, ServiceMethod, StepKind, TimeRules, Trigger};
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::sync::Arc;

/// The court's time rules as the page holds them.
#[derive(Clone, Debug, PartialEq)]
enum Rules {
    None(String),
    Loaded(Arc<TimeRules>),
}

/// The page's answer: the engine's exact bytes (to compare with the server's) and the
/// parsed response.
#[derive(Clone, Debug, PartialEq)]
enum Computed {
    Waiting(String),
    /// What is wrong, in words; `on_date` when it is the date of the event, `on_time`
    /// its time (the field is then marked and described by it).
    Problem {
        message: String,
        on_date: bool,
        on_time: bool,
    },
    Done {
        bytes: String,
        response: DeadlineResponse,
    },
}

/// What the event is called in the picker.
fn trigger_label(trigger: Trigger) -> &'static str {
    match trigger {
        Trigger::ServiceOfSummons => "Summons and complaint served",
        Trigger::WaiverRequestSent => "Waiver of service requested",
        Trigger::ServiceOfPleading => "Pleading served",
        Trigger::ServiceOfMotion => "Motion served",
        Trigger::ServiceOfOpposition => "Opposition served",
        Trigger::MotionFiled => "Motion filed",
        Trigger::OppositionFiled => "Opposition filed",
        Trigger::NoticeOfRuling => "Notice of the court's ruling",
        Trigger::EntryOfJudgment => "Judgment entered",
        Trigger::EntryOfOrder => "Order entered",
        Trigger::CloseOfDiscovery => "Discovery closed",
        Trigger::Hearing => "Hearing",
    }
}

fn service_label(method: ServiceMethod) -> &'static str {
    match method {
        ServiceMethod::Electronic => "Electronically (ECF, or e-mail by consent)",
        ServiceMethod::Mail => "By mail",
        ServiceMethod::Personal => "In person (handed over, or left at the office or home)",
        ServiceMethod::LeavingWithClerk => "Left with the court clerk",
        ServiceMethod::OtherConsented => "Other means consented to in writing",
    }
}

/// Where the panel's inputs (event, date, time, service) are kept for the tab, in its
/// session storage, as the filing is (`courtrules.filing`): a reload or Back finds them.
const DEADLINES_STORAGE: &str = "courtrules.deadlines";

fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok()?
}

/// Today in the browser's time zone (YYYY-MM-DD): the date field's starting value.
fn today() -> String {
    let now = js_sys::Date::new_0();
    format!("{:04}-{:02}-{:02}", now.get_full_year(), now.get_month() + 1, now.get_date())
}

#[component]
pub fn DeadlinesPanel(
    api_key: RwSignal<String>,
    key_problem: RwSignal<Option<String>>,
    district: Memo<String>,
    judge: Memo<String>,
) -> impl IntoView {
    let rules = RwSignal::new(Rules::None("Choose a court to compute its deadlines.".into()));
    let trigger = RwSignal::new(Trigger::ServiceOfMotion);
    let date = RwSignal::new(today());
    // HH:MM, court time, or empty: needed only for a period in hours.
    let time = RwSignal::new(String::new());
    let service = RwSignal::new(ServiceMethod::Electronic);
    let server = RwSignal::new(ServerCheck::Idle);
    // Bumped to ask again for the time rules after a failure that passes.
    let retry = RwSignal::new(0u32);
    // The time rules could not be read: the panel offers to fetch them again (a reload
    // would lose the filing).
    let unreadable = RwSignal::new(false);

    // The panel is below the results, and the first check result should not wait for
    // it: its form (a date field is the page's costliest element to create, ~5-15 ms)
    // is built, and the court's time rules read, once the page has painted and the
    // browser is idle.
    let painted = RwSignal::new(false);
    spawn_local(async move {
        when_idle().await;
        // The inputs kept for the tab, read when the panel is built (not at start).
        let saved = session_storage()
            .and_then(|s| s.get_item(DEADLINES_STORAGE).ok()?)
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok());
        if let Some(saved) = saved {
            if let Some(t) = saved["trigger"].as_str().and_then(Trigger::parse) {
                trigger.set(t);
            }
            if let Some(d) = saved["trigger_date"].as_str() {
                date.set(d.to_owned());
            }
            if let Some(t) = saved["trigger_time"].as_str() {
                time.set(t.to_owned());
            }
            if let Some(m) = saved["service_method"].as_str().and_then(ServiceMethod::parse) {
                service.set(m);
            }
        }
        painted.set(true);
    });
    // Kept at every change once the panel is built (the values it was built with
    // included: written once, after the first paint).
    Effect::new(move |_| {
        if !painted.get() {
            return;
        }
        let saved = serde_json::json!({
            "trigger": trigger.get().as_str(),
            "trigger_date": date.get(),
            "trigger_time": time.get(),
            "service_method": service.get().as_str(),
        });
        if let Some(storage) = session_storage() {
            let _ = storage.set_item(DEADLINES_STORAGE, &saved.to_string());
        }
    });
    Effect::new(move |_| {
        let (key, district_id) = (api_key.get(), district.get());
        retry.track();
        unreadable.set(false);
        if key.is_empty() || district_id.is_empty() {
            rules.set(Rules::None("Choose a court to compute its deadlines.".into()));
            return;
        }
        rules.set(Rules::None("Loading the court's time rules…".into()));
        if !painted.get() {
            return;
        }
        spawn_local(async move {
            let loaded = api::get(&api::time_rules_path(&district_id), &key).await;
            if district.get_untracked() != district_id {
                return;
            }
            rules.set(match loaded.map(|text| ffi::parse_time_rules(text.as_bytes())) {
                Ok(Ok(parsed)) => {
                    // Keep the chosen event when this court has periods for it.
                    if !parsed.periods.iter().any(|period| period.trigger == trigger.get_untracked())
                        && let Some(first) =
                            Trigger::ALL.iter().find(|t| parsed.periods.iter().any(|p| p.trigger == **t))
                    {
                        trigger.set(*first);
                    }
                    Rules::Loaded(Arc::new(parsed))
                }
                Ok(Err(_)) => {
                    unreadable.set(true);
                    Rules::None(
                        "This court's time rules could not be read by this page. Fetch them again; if that does not help, report it."
                            .into(),
                    )
                }
                Err(error) if error.status == 422 => {
                    Rules::None("Deadlines for this court are not in courtrules yet.".into())
                }
                Err(error) => {
                    refused_key(&error, &key, api_key, key_problem);
                    let still = move || {
                        district.get_untracked() == district_id
                            && api_key.get_untracked() == key
                            && rules.with_untracked(|r| matches!(r, Rules::None(_)))
                    };
                    Rules::None(load_failed("The court's time rules", &error, retry, still))
                }
            });
        });
    });

    let request = Memo::new(move |_| {
        let mut body = serde_json::json!({
            "district_id": district.get(),
            "trigger": trigger.get().as_str(),
            "trigger_date": date.get(),
            "service_method": service.get().as_str(),
        });
        let judge_slug = judge.get();
        if !judge_slug.is_empty() {
            body["judge_slug"] = judge_slug.into();
        }
        let trigger_time = time.get();
        if !trigger_time.is_empty() {
            body["trigger_time"] = trigger_time.into();
        }
        body.to_string()
    });
    let computed = Memo::new(move |_| {
        let time_rules = match rules.get() {
            Rules::Loaded(time_rules) => time_rules,
            Rules::None(message) => return Computed::Waiting(message),
        };
        if date.with(String::is_empty) {
            return Computed::Problem { message: "Enter the date of the event.".into(), on_date: true, on_time: false };
        }
        match ffi::deadlines_with(&time_rules, request.get().as_bytes()) {
            Ok(bytes) => Computed::Done {
                response: serde_json::from_slice(&bytes).expect("the engine answers a deadline response"),
                bytes: String::from_utf8(bytes).expect("JSON is UTF-8"),
            },
            Err(courtrules_engine::EngineError::InvalidRequest { details }) => {
                let details: Vec<(String, String)> = details.into_iter().map(|d| (d.path, d.message)).collect();
                let on_date = details.iter().any(|(path, _)| path == "trigger_date");
                let on_time = details.iter().any(|(path, _)| path == "trigger_time");
                let earliest = courtrules_engine::deadlines::earliest_event_date(&time_rules);
                let message = date.with(|date| problem_in_words(&details, date, &earliest));
                Computed::Problem { message, on_date, on_time }
            }
            Err(error) => Computed::Problem { message: error.to_string(), on_date: false, on_time: false },
        }
    });
    // What the time rules leave out of a motion's briefing: shown above the answer, and
    // left out of its notes below (one statement, from the data).
    let gap = Memo::new(move |_| rules.with(|rules| briefing_gap(rules, trigger.get())));
    // A new question makes an earlier server answer stale.
    Effect::new(move |_| {
        request.track();
        server.set(ServerCheck::Idle);
    });

    let on_date = move || computed.with(|c| matches!(c, Computed::Problem { on_date: true, .. }));
    let on_time = move || computed.with(|c| matches!(c, Computed::Problem { on_time: true, .. }));
    // The date picker's lower bound: the rules' own (1 December 2016 for Rule 6(d)'s text).
    let earliest = move || match rules.get() {
        Rules::Loaded(time_rules) => courtrules_engine::deadlines::earliest_event_date(&time_rules),
        Rules::None(_) => format!("{}-01-01", courtrules_engine::calendar::FIRST_YEAR),
    };
    let triggers = move || match rules.get() {
        Rules::Loaded(time_rules) => Trigger::ALL
            .iter()
            .copied()
            .filter(|t| time_rules.periods.iter().any(|p| p.trigger == *t))
            .collect::<Vec<_>>(),
        Rules::None(_) => Vec::new(),
    };
    let ask_server = move |_| {
        let Computed::Done { bytes, .. } = computed.get_untracked() else { return };
        let (key, body) = (api_key.get_untracked(), request.get_untracked());
        server.set(ServerCheck::Running);
        spawn_local(async move {
            let started = crate::app::now();
            let answer = api::post_json("/api/v1/deadlines", &key, &body).await;
            if request.get_untracked() != body {
                return;
            }
            server.set(match answer {
                Ok(text) if text == bytes => ServerCheck::Agree { millis: crate::app::now() - started },
                Ok(text) => ServerCheck::Differ { browser: bytes, server: text },
                // The server refuses what the page would have (say, an engine updated on the
                // server first): the same words as the page's.
                Err(error) if error.status == 400 && !error.details.is_empty() => {
                    ServerCheck::Failed(problem_in_words(&error.details, &date.get_untracked(), &earliest()))
                }
                Err(error) => {
                    refused_key(&error, &key, api_key, key_problem);
                    ServerCheck::Failed(error.in_words())
                }
            });
        });
    };

    view! {
        <section class="panel deadlines" id="deadlines" aria-labelledby="deadlines-heading">
            <h2 id="deadlines-heading">"Deadlines"</h2>
            <p class="hint">
                "When is the next paper due? Choose the event and its date: each deadline that follows is computed in this browser under Rule 6 of the Federal Rules of Civil Procedure and the court's local rules, with every step shown."
            </p>
            <Show when=move || painted.get()>
            <div class="row">
                <div class="field">
                    <label for="deadline-trigger">"Event"</label>
                    <select
                        id="deadline-trigger"
                        prop:value=move || trigger.get().as_str()
                        on:change=move |ev| {
                            if let Some(t) = Trigger::parse(&event_target_value(&ev)) { trigger.set(t) }
                        }
                    >
                        {move || {
                            let current = trigger.get_untracked();
                            triggers()
                                .into_iter()
                                .map(|t| view! { <option value=t.as_str() selected=t == current>{trigger_label(t)}</option> })
                                .collect_view()
                        }}
                    </select>
                </div>
                <div class="field">
                    <label for="deadline-date">"Date of the event"</label>
                    <input
                        id="deadline-date"
                        type="date"
                        min=earliest
                        max="9000-12-31"
                        // A problem with the date is said below the fields and named here.
                        aria-invalid=move || on_date().then_some("true")
                        aria-describedby=move || on_date().then_some("deadlines-problem")
                        prop:value=move || date.get()
                        on:input=move |ev| date.set(event_target_value(&ev))
                    />
                </div>
                <div class="field">
                    <label for="deadline-time">"Time of the event (court time)"</label>
                    <input
                        id="deadline-time"
                        type="time"
                        aria-invalid=move || on_time().then_some("true")
                        aria-describedby=move || {
                            if on_time() { "deadlines-problem deadline-time-hint" } else { "deadline-time-hint" }
                        }
                        prop:value=move || time.get()
                        on:input=move |ev| time.set(event_target_value(&ev))
                    />
                    <p class="hint" id="deadline-time-hint">"Optional: it matters only for a period counted in hours."</p>
                </div>
                <div class="field">
                    <label for="deadline-service">"How the paper was served"</label>
                    <select
                        id="deadline-service"
                        prop:value=move || service.get().as_str()
                        on:change=move |ev| {
                            if let Some(m) = ServiceMethod::parse(&event_target_value(&ev)) { service.set(m) }
                        }
                    >
                        // Marked selected too: a method kept for the tab is set before the
                        // options exist.
                        {ServiceMethod::ALL
                            .iter()
                            .map(|m| view! { <option value=m.as_str() selected=*m == service.get_untracked()>{service_label(*m)}</option> })
                            .collect_view()}
                    </select>
                    <p class="hint">"Mail and the other means Rule 6(d) names add three days to periods that run from service; electronic service adds none."</p>
                </div>
            </div>
            // Said to screen readers as it changes: one short line (how many deadlines,
            // the first one's day) or what is wrong. The list itself is not a live
            // region: it would be read out whole at every keystroke in the date field.
            <div id="deadlines-summary" class="deadlines-summary" role="status">
                {move || summary_view(computed.get())}
            </div>
            <Show when=move || unreadable.get()>
                <button id="deadlines-refetch" type="button" on:click=move |_| retry.update(|n| *n += 1)>
                    "Fetch the time rules again"
                </button>
            </Show>
            {move || {
                let gap = gap.get();
                (!gap.is_empty()).then(|| view! { <p id="deadlines-local-gap" class="note">{gap.join(" ")}</p> })
            }}
            <div id="deadlines-answer">
                {move || computed_view(computed.get(), gap.get())}
            </div>
            <div class="server-check">
                <button
                    id="deadlines-server"
                    type="button"
                    on:click=ask_server
                    disabled=move || !matches!(computed.get(), Computed::Done { .. }) || server.get() == ServerCheck::Running
                >
                    "Compute on server"
                </button>
                <div id="deadlines-server-result" role="status">{move || server_check_view(server.get(), retry)}</div>
            </div>
            </Show>
        </section>
    }
}

/// For a motion's events, what the court's time rules say they leave out (their
/// `notes`: the local opposition and reply periods that are not encoded), shown above
/// the answer so a short list does not read as the whole briefing schedule. The
/// answer's own notes repeat them (for every event); they are not listed twice.
fn briefing_gap(rules: &Rules, trigger: Trigger) -> Vec<String> {
    let briefing =
        [Trigger::ServiceOfMotion, Trigger::MotionFiled, Trigger::ServiceOfOpposition, Trigger::OppositionFiled];
    match rules {
        Rules::Loaded(time_rules) if briefing.contains(&trigger) => time_rules.notes.clone(),
        _ => Vec::new(),
    }
}

/// The live line above the list: what the page waits for, what is wrong, or how many
/// deadlines follow and when the first is due.
fn summary_view(computed: Computed) -> impl IntoView {
    match computed {
        Computed::Waiting(message) => view! { <p class="note">{message}</p> }.into_any(),
        Computed::Problem { message, .. } => {
            view! { <p class="problem" id="deadlines-problem">{message}</p> }.into_any()
        }
        Computed::Done { response, .. } => {
            let first = response.deadlines.first().map(|d| (d.due_date.as_str(), d.due_time.as_deref()));
            let class = if response.deadlines.is_empty() { "note" } else { "summary" };
            view! { <p class=class>{summary_in_words(first, response.deadlines.len())}</p> }.into_any()
        }
    }
}

/// The deadlines, each with its trail (not a live region).
fn computed_view(computed: Computed, said_above: Vec<String>) -> impl IntoView {
    let Computed::Done { response, .. } = computed else { return ().into_any() };
    if response.deadlines.is_empty() {
        return ().into_any();
    }
    let notes: Vec<String> = response.meta.notes.into_iter().filter(|note| !said_above.contains(note)).collect();
    view! {
        <ol id="deadline-list" class="deadline-list">
            {response.deadlines.into_iter().map(deadline_view).collect_view()}
        </ol>
        {(!notes.is_empty()).then(|| view! {
            <ul class="hint deadline-notes">{notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
        })}
    }
    .into_any()
}

/// A step's kind as the engine's JSON names it (the `data-step` of its item).
fn step_name(kind: StepKind) -> String {
    // The engine's own JSON name, so the attribute cannot drift from the answer's `step`.
    serde_json::to_value(kind).ok().and_then(|name| name.as_str().map(str::to_owned)).unwrap_or_default()
}

/// A day (and time) as the panel shows it, in words, with its machine-readable value.
fn when_view(date: &str, time: Option<&str>) -> impl IntoView + use<> {
    view! { <time datetime=machine_when(date, time)>{when_in_words(date, time)}</time> }
}

fn deadline_view(deadline: Deadline) -> impl IntoView {
    view! {
        <li class="deadline" data-period-key=deadline.period_key.clone() data-due=deadline.due_date.clone()>
            <p><strong class="due">{when_view(&deadline.due_date, deadline.due_time.as_deref())}</strong>" \u{2014} "{deadline.label.clone()}</p>
            <p class="cite">{deadline.citation.clone()}</p>
            <details>
                <summary>"How this date was computed"</summary>
                <ol class="trail">
                    {deadline.trail.into_iter().map(|step| {
                        let explanation = explanation_in_words(&step.explanation, step.date.as_deref());
                        let when = step.date.as_deref().map(|date| view! {
                            <span class="when">{when_view(date, step.time.as_deref())}": "</span>
                        });
                        view! {
                            <li data-step=step_name(step.step)>{when}{explanation}" "<span class="cite">{format!("({})", step.citation)}</span></li>
                        }
                    }).collect_view()}
                </ol>
            </details>
        </li>
    }
}
