//! The C ABI of the engine's `wasm32-unknown-unknown` core module, for the wasmtime
//! host. The module imports nothing and exports:
//!
//! - `alloc(len) -> ptr` and `dealloc(ptr, len)`: the host writes inputs into memory it
//!   got from `alloc` and frees every output with `dealloc`.
//! - one export per operation; each takes (pointer, length) pairs of input bytes and
//!   returns a `u64` packing the output's pointer (high 32 bits) and length (low 32
//!   bits). The output's first byte is `0` when the rest is the operation's JSON answer
//!   and `1` when the rest is an `EngineError` as JSON.
//!
//! Operations: `check(profile, request)`, `validate(request)`,
//! `resolve_rules(profile, query)`, `validate_rules_query(query)`,
//! `validate_profile(profile)`, `engine_version()`, `classify(hints, pdf)`,
//! `scan_image(pdf, page)`.
//!
//! Parsing a profile costs more than checking a filing against it, so this layer keeps
//! the last few parsed profiles of this instance, keyed by their exact bytes. The cache
//! is invisible in the answers: equal bytes give an equal profile.

use crate::error::EngineError;
use crate::ffi;
use crate::model::Profile;
use std::cell::RefCell;
use std::rc::Rc;

const OK: u8 = 0;
const ERROR: u8 = 1;
const CACHED_PROFILES: usize = 8;

thread_local! {
    // Most recently used first.
    static PROFILES: RefCell<Vec<(Box<[u8]>, Rc<Profile>)>> = const { RefCell::new(Vec::new()) };
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

/// # Safety
/// Both ranges must be memory the host wrote after `alloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn check(profile_ptr: u32, profile_len: u32, request_ptr: u32, request_len: u32) -> u64 {
    let profile = unsafe { input(profile_ptr, profile_len) };
    let request = unsafe { input(request_ptr, request_len) };
    answer(cached_profile(profile).and_then(|profile| ffi::check_json(&profile, request)))
}

/// # Safety
/// The range must be memory the host wrote after `alloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn validate(request_ptr: u32, request_len: u32) -> u64 {
    answer(Ok(ffi::validate_json(unsafe { input(request_ptr, request_len) })))
}

/// # Safety
/// Both ranges must be memory the host wrote after `alloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn resolve_rules(profile_ptr: u32, profile_len: u32, query_ptr: u32, query_len: u32) -> u64 {
    let profile = unsafe { input(profile_ptr, profile_len) };
    let query = unsafe { input(query_ptr, query_len) };
    answer(cached_profile(profile).and_then(|profile| ffi::resolve_rules_json(&profile, query)))
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

fn cached_profile(bytes: &[u8]) -> Result<Rc<Profile>, EngineError> {
    PROFILES.with_borrow_mut(|cache| {
        if let Some(index) = cache.iter().position(|(cached, _)| same_bytes(cached, bytes)) {
            let entry = cache.remove(index);
            let profile = Rc::clone(&entry.1);
            cache.insert(0, entry);
            return Ok(profile);
        }
        let profile = Rc::new(ffi::parse_profile(bytes)?);
        cache.insert(0, (bytes.into(), Rc::clone(&profile)));
        cache.truncate(CACHED_PROFILES);
        Ok(profile)
    })
}

/// `a == b`, eight bytes at a time: wasm32's `memcmp` goes byte by byte, which made
/// comparing a 50 kB profile with its cached copy cost several times the check itself.
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let (a_words, b_words) = (a.chunks_exact(8), b.chunks_exact(8));
    let word = |bytes: &[u8]| u64::from_le_bytes(bytes.try_into().expect("chunks of eight"));
    a_words.remainder() == b_words.remainder() && a_words.zip(b_words).all(|(x, y)| word(x) == word(y))
}

fn answer(result: Result<Vec<u8>, EngineError>) -> u64 {
    let (tag, body) = match result {
        Ok(body) => (OK, body),
        Err(error) => (ERROR, ffi::to_json(&error)),
    };
    let mut output = Vec::with_capacity(body.len() + 1);
    output.push(tag);
    output.extend_from_slice(&body);
    let output = output.into_boxed_slice();
    let len = output.len() as u64;
    let ptr = Box::into_raw(output) as *mut u8 as u64;
    (ptr << 32) | len
}
