//! The C ABI of the engine's `wasm32-unknown-unknown` core module, for the wasmtime
//! host. The module imports nothing and exports:
//!
//! - `alloc(len) -> ptr` and `dealloc(ptr, len)`: the host writes inputs into memory it
//!   got from `alloc` and frees every output with `dealloc`.
//! - one export per operation; each takes (pointer, length) pairs of input bytes and
//!   returns a `u64` packing the output's pointer (high 32 bits) and length (low 32
//!   bits). The output's first byte is `0` when the rest is the operation's JSON answer,
//!   `1` when the rest is an `EngineError` as JSON, and `2` (nothing follows) when the
//!   operation names a profile this instance has not loaded.
//!
//! Operations: `profile_load(id, profile)`, `check_loaded(id, request)`,
//! `resolve_rules_loaded(id, query)`, `validate(request)`, `validate_rules_query(query)`,
//! `validate_profile(profile)`, `engine_version()`, `classify(hints, pdf)`,
//! `scan_image(pdf, page)`, `extract_standing_order(options, document)`, `deadlines(time_rules, request)`, `validate_time_rules(rules)`,
//! `validate_deadline_request(request)`.
//!
//! Parsing a profile costs far more than checking a filing against it, so the host
//! loads each profile into an instance once, under a 64-bit id it derives from the
//! profile's bytes, and then names it by id: a check copies only the request into the
//! sandbox. This instance state is invisible in the answers — an id always stands for
//! the same bytes, and equal bytes give an equal profile — and it is what the host
//! snapshots so that fresh instances start with their profiles already parsed.

use crate::error::EngineError;
use crate::ffi;
use crate::model::Profile;
use std::cell::RefCell;
use std::rc::Rc;

// talc rather than Rust's default dlmalloc: about 5% fewer instructions per check.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

const OK: u8 = 0;
const ERROR: u8 = 1;
const NOT_LOADED: u8 = 2;
const LOADED_PROFILES: usize = 32;

thread_local! {
    // Most recently used first.
    static PROFILES: RefCell<Vec<(u64, Rc<Profile>)>> = const { RefCell::new(Vec::new()) };
}

#[unsafe(no_mangle)]
pub extern "C" fn alloc(len: u32) -> u32 {
    let buffer = vec![0u8; len as usize].into_boxed_slice();
    Box::into_raw(buffer) as *mut u8 as u32
}

/// # Safety
/// `ptr` and `len` must come from `alloc` or an operation's output, freed once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dealloc(ptr: u32, len: u32) {
    let slice = std::ptr::slice_from_raw_parts_mut(ptr as *mut u8, len as usize);
    drop(unsafe { Box::from_raw(slice) });
}

/// Parses, validates and keeps a profile under `id` (replacing what the id held).
///
/// # Safety
/// The range must be memory the host wrote after `alloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn profile_load(id: u64, profile_ptr: u32, profile_len: u32) -> u64 {
    let profile = unsafe { input(profile_ptr, profile_len) };
    answer(ffi::parse_profile(profile).map(|profile| {
        let lean = Rc::new(lean_copy(&profile));
        drop(profile);
        PROFILES.with_borrow_mut(|loaded| {
            loaded.retain(|(loaded_id, _)| *loaded_id != id);
            loaded.insert(0, (id, lean));
            loaded.truncate(LOADED_PROFILES);
        });
        b"null".to_vec()
    }))
}

/// `check` against the profile loaded under `id`.
///
/// # Safety
/// The range must be memory the host wrote after `alloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn check_loaded(id: u64, request_ptr: u32, request_len: u32) -> u64 {
    let request = unsafe { input(request_ptr, request_len) };
    with_loaded(id, |profile| ffi::check_json(profile, request))
}

/// `resolve_rules` against the profile loaded under `id`.
///
/// # Safety
/// The range must be memory the host wrote after `alloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn resolve_rules_loaded(id: u64, query_ptr: u32, query_len: u32) -> u64 {
    let query = unsafe { input(query_ptr, query_len) };
    with_loaded(id, |profile| ffi::resolve_rules_json(profile, query))
}

/// # Safety
/// The range must be memory the host wrote after `alloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn validate(request_ptr: u32, request_len: u32) -> u64 {
    answer(Ok(ffi::validate_json(unsafe { input(request_ptr, request_len) })))
}

/// # Safety
/// The range must be memory the host wrote after `alloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn validate_rules_query(query_ptr: u32, query_len: u32) -> u64 {
    answer(Ok(ffi::validate_rules_query_json(unsafe { input(query_ptr, query_len) })))
}

/// # Safety
/// The range must be memory the host wrote after `alloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn validate_profile(profile_ptr: u32, profile_len: u32) -> u64 {
    let profile = unsafe { input(profile_ptr, profile_len) };
    answer(ffi::parse_profile(profile).map(|_| b"null".to_vec()))
}

#[cfg(feature = "document")]
/// `classify`: hints JSON (may be empty) and the PDF's bytes in; a `ClassifyOutcome`
/// (`{response, scanned_pages, unread_pages}`) out.
///
/// # Safety
/// Both ranges must be memory the host wrote after `alloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn classify(hints_ptr: u32, hints_len: u32, pdf_ptr: u32, pdf_len: u32) -> u64 {
    let hints = unsafe { input(hints_ptr, hints_len) };
    let pdf = unsafe { input(pdf_ptr, pdf_len) };
    answer(ffi::classify_json(pdf, hints))
}

#[cfg(feature = "document")]
/// `extract_standing_order`: `IngestOptions` JSON and the document (PDF or UTF-8 text)
/// in; an `Extraction` out.
///
/// # Safety
/// Both ranges must be memory the host wrote after `alloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn extract_standing_order(options_ptr: u32, options_len: u32, doc_ptr: u32, doc_len: u32) -> u64 {
    let options = unsafe { input(options_ptr, options_len) };
    let document = unsafe { input(doc_ptr, doc_len) };
    answer(ffi::extract_json(options, document))
}

#[cfg(feature = "document")]
/// `scan_image`: the image of a scanned page (1-based `page`) for text recognition.
/// Unlike the other operations, a success is not JSON: after the status byte come the
/// bytes of a complete image file (PGM, PPM, PBM, JPEG or JPEG 2000, told apart by their
/// magic bytes). Errors are `EngineError` JSON as usual.
///
/// # Safety
/// The range must be memory the host wrote after `alloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn scan_image(pdf_ptr: u32, pdf_len: u32, page: u32) -> u64 {
    let pdf = unsafe { input(pdf_ptr, pdf_len) };
    answer(crate::classify::scan_image(pdf, page).map(|image| image.data))
}

/// `deadlines`: the district's time rules and a deadline request in; the deadlines with
/// their trails out.
///
/// # Safety
/// Both ranges must be memory the host wrote after `alloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn deadlines(rules_ptr: u32, rules_len: u32, request_ptr: u32, request_len: u32) -> u64 {
    let rules = unsafe { input(rules_ptr, rules_len) };
    let request = unsafe { input(request_ptr, request_len) };
    answer(ffi::deadlines_json(rules, request))
}

/// # Safety
/// The range must be memory the host wrote after `alloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn validate_time_rules(rules_ptr: u32, rules_len: u32) -> u64 {
    let rules = unsafe { input(rules_ptr, rules_len) };
    answer(ffi::parse_time_rules(rules).map(|_| b"null".to_vec()))
}

/// # Safety
/// The range must be memory the host wrote after `alloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn validate_deadline_request(request_ptr: u32, request_len: u32) -> u64 {
    answer(Ok(ffi::validate_deadline_request_json(unsafe { input(request_ptr, request_len) })))
}

#[unsafe(no_mangle)]
pub extern "C" fn engine_version() -> u64 {
    answer(Ok(ffi::to_json(&crate::ENGINE_VERSION)))
}

unsafe fn input<'a>(ptr: u32, len: u32) -> &'a [u8] {
    if len == 0 {
        return &[];
    }
    unsafe { std::slice::from_raw_parts(ptr as *const u8, len as usize) }
}

/// The profile without its quoted source texts and addresses, which neither `check` nor
/// `resolve_rules` reads (the golden corpus, run natively on full profiles and here on
/// lean ones, must give the same bytes). Cloned in one go, the rules and their short
/// strings sit together in memory, so a check touches a few pages instead of one per
/// rule — which is what a fresh instance of the pre-initialized module pays for.
fn lean_copy(profile: &Profile) -> Profile {
    let mut lean = profile.clone();
    let judges_rules =
        lean.judges.iter_mut().filter_map(|judge| judge.standing_order.as_mut()).map(|order| &mut order.rules);
    for rules in [&mut lean.national.rules, &mut lean.local.rules].into_iter().chain(judges_rules) {
        for rule in rules.iter_mut() {
            rule.source_text = String::new();
            rule.source_url = String::new();
        }
    }
    lean.clone()
}

fn with_loaded(id: u64, operation: impl FnOnce(&Profile) -> Result<Vec<u8>, EngineError>) -> u64 {
    let profile =
        PROFILES.with_borrow(|loaded| loaded.iter().find(|(loaded_id, _)| *loaded_id == id).map(|(_, p)| Rc::clone(p)));
    match profile {
        Some(profile) => answer(operation(&profile)),
        None => packed(vec![NOT_LOADED]),
    }
}

fn answer(result: Result<Vec<u8>, EngineError>) -> u64 {
    let (tag, body) = match result {
        Ok(body) => (OK, body),
        Err(error) => (ERROR, ffi::to_json(&error)),
    };
    let mut output = Vec::with_capacity(body.len() + 1);
    output.push(tag);
    output.extend_from_slice(&body);
    packed(output)
}

/// Hands an output to the host: leaked here, freed by the host's `dealloc`.
fn packed(output: Vec<u8>) -> u64 {
    let output = output.into_boxed_slice();
    let len = output.len() as u64;
    let ptr = Box::into_raw(output) as *mut u8 as u64;
    (ptr << 32) | len
}
