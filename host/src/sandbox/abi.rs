//! The engine's ABI from the host's side (`engine/src/abi.rs` is the other side): the
//! operations, listed once, and the one way an instance runs any of them.
//!
//! Every export takes its inputs as (pointer, length) pairs — after a profile id for
//! the operations on a loaded profile, before a page number for `scan_image` — and
//! returns a `u64` packing the output's pointer and length. The output's first byte
//! says what follows: `0` the JSON answer, `1` an engine error, `2` "that profile is
//! not loaded here".

use courtrules_engine::EngineError;
use sha2::{Digest, Sha256};
use std::sync::Arc;
use std::time::Duration;
use wasmtime::{Engine, Instance, InstancePre, Memory, ResourceLimiter, Store, Trap, TypedFunc, Val};

pub(super) const MIB: usize = 1024 * 1024;

/// One engine operation and its inputs.
#[derive(Clone, Debug)]
pub enum Op {
    Check {
        profile: Arc<[u8]>,
        request: Vec<u8>,
    },
    Validate {
        request: Vec<u8>,
    },
    ResolveRules {
        profile: Arc<[u8]>,
        query: Vec<u8>,
    },
    ValidateRulesQuery {
        query: Vec<u8>,
    },
    ValidateProfile {
        profile: Arc<[u8]>,
    },
    EngineVersion,
    /// A district's time rules and a deadline request; the answer is a
    /// `DeadlineResponse`.
    Deadlines {
        rules: Arc<[u8]>,
        request: Vec<u8>,
    },
    /// Checks a time-rules document; the answer is `null`.
    ValidateTimeRules {
        rules: Arc<[u8]>,
    },
    /// The answer is the request's problems (`[]` when valid).
    ValidateDeadlineRequest {
        request: Vec<u8>,
    },
    /// `hints` is `ClassifyHints` as JSON; the answer is a `ClassifyOutcome`.
    Classify {
        hints: Vec<u8>,
        pdf: Arc<[u8]>,
    },
    /// The answer is the bytes of an image file, not JSON.
    ScanImage {
        pdf: Arc<[u8]>,
        page: u32,
    },
    /// `options` is `IngestOptions` as JSON, `document` a PDF or UTF-8 text; the
    /// answer is an `Extraction`.
    ExtractStandingOrder {
        options: Vec<u8>,
        document: Arc<[u8]>,
    },
}

/// How an operation passes its inputs to its export.
enum Inputs<'a> {
    /// (pointer, length) pairs.
    Bytes(Vec<&'a [u8]>),
    /// A loaded profile's id, then the input.
    Loaded(&'a Arc<[u8]>, &'a [u8]),
    /// The PDF, then a page number.
    Page(&'a [u8], u32),
}

impl Op {
    /// The operation's name in logs (and its export, for most).
    pub fn name(&self) -> &'static str {
        match self {
            Op::Check { .. } => "check",
            Op::Validate { .. } => "validate",
            Op::ResolveRules { .. } => "resolve_rules",
            Op::ValidateRulesQuery { .. } => "validate_rules_query",
            Op::ValidateProfile { .. } => "validate_profile",
            Op::EngineVersion => "engine_version",
            Op::Deadlines { .. } => "deadlines",
            Op::ValidateTimeRules { .. } => "validate_time_rules",
            Op::ValidateDeadlineRequest { .. } => "validate_deadline_request",
            Op::Classify { .. } => "classify",
            Op::ScanImage { .. } => "scan_image",
            Op::ExtractStandingOrder { .. } => "extract_standing_order",
        }
    }

    /// Whether this operation reads a whole PDF and runs under the document limits.
    pub fn is_document(&self) -> bool {
        matches!(self, Op::Classify { .. } | Op::ScanImage { .. } | Op::ExtractStandingOrder { .. })
    }

    /// The export that runs it, and its inputs in the export's order.
    fn export(&self) -> (&'static str, Inputs<'_>) {
        match self {
            Op::Check { profile, request } => ("check_loaded", Inputs::Loaded(profile, request)),
            Op::ResolveRules { profile, query } => ("resolve_rules_loaded", Inputs::Loaded(profile, query)),
            Op::Validate { request } => ("validate", Inputs::Bytes(vec![request])),
            Op::ValidateRulesQuery { query } => ("validate_rules_query", Inputs::Bytes(vec![query])),
            Op::ValidateProfile { profile } => ("validate_profile", Inputs::Bytes(vec![profile])),
            Op::EngineVersion => ("engine_version", Inputs::Bytes(Vec::new())),
            Op::Deadlines { rules, request } => ("deadlines", Inputs::Bytes(vec![rules, request])),
            Op::ValidateTimeRules { rules } => ("validate_time_rules", Inputs::Bytes(vec![rules])),
            Op::ValidateDeadlineRequest { request } => ("validate_deadline_request", Inputs::Bytes(vec![request])),
            Op::Classify { hints, pdf } => ("classify", Inputs::Bytes(vec![hints, pdf])),
            Op::ScanImage { pdf, page } => ("scan_image", Inputs::Page(pdf, *page)),
            Op::ExtractStandingOrder { options, document } => {
                ("extract_standing_order", Inputs::Bytes(vec![options, document]))
            }
        }
    }
}

/// What the engine answered: its JSON, or the error it reported.
pub type Answer = Result<Vec<u8>, EngineError>;

/// Why the engine gave no answer at all.
#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    #[error("the engine needed more than its {} MiB memory limit", limit_bytes / MIB)]
    MemoryLimit { limit_bytes: usize },
    #[error("the engine did not finish within its {} ms deadline", deadline.as_millis())]
    Deadline { deadline: Duration },
    #[error("the engine trapped: {0}")]
    Trap(String),
    #[error("no engine instance available: {0}")]
    Unavailable(String),
    #[error("the engine's output could not be read: {0}")]
    BadOutput(String),
}

/// A profile's content id: the first eight bytes of its SHA-256, so one id always
/// stands for the same profile.
pub fn profile_id(bytes: &[u8]) -> u64 {
    let digest = Sha256::digest(bytes);
    u64::from_le_bytes(digest[..8].try_into().expect("eight bytes"))
}

/// Raised by the limiter when a memory would grow past the cap; wasmtime turns it into
/// a trap, so the call stops at the allocation that asked for too much.
#[derive(Debug, thiserror::Error)]
#[error("memory limit exceeded")]
struct MemoryLimitExceeded;

pub(super) struct Limiter {
    memory_bytes: usize,
}

impl ResourceLimiter for Limiter {
    fn memory_growing(&mut self, _current: usize, desired: usize, _maximum: Option<usize>) -> wasmtime::Result<bool> {
        if desired > self.memory_bytes {
            return Err(MemoryLimitExceeded.into());
        }
        Ok(true)
    }

    fn table_growing(&mut self, _current: usize, desired: usize, _maximum: Option<usize>) -> wasmtime::Result<bool> {
        Ok(desired <= 100_000)
    }
}

/// The limits of one call.
#[derive(Clone, Copy, Debug)]
pub(super) struct CallLimits {
    pub memory_bytes: usize,
    pub deadline: Duration,
}

/// The output status byte meaning "no profile loaded under that id".
const NOT_LOADED: u8 = 2;

/// An instance of the module with its store, ready for calls.
pub(super) struct Warm {
    store: Store<Limiter>,
    instance: Instance,
    memory: Memory,
    alloc: TypedFunc<u32, u32>,
    dealloc: TypedFunc<(u32, u32), ()>,
}

/// Makes an instance of `pre` with its memory cap.
pub(super) fn instantiate(
    engine: &Engine,
    pre: &InstancePre<Limiter>,
    memory_bytes: usize,
) -> Result<Warm, SandboxError> {
    let mut store = Store::new(engine, Limiter { memory_bytes });
    store.limiter(|limiter| limiter);
    store.epoch_deadline_trap();
    // Instantiation runs no guest code, but the deadline must not have passed.
    store.set_epoch_deadline(u64::MAX / 2);
    let instance = pre.instantiate(&mut store).map_err(|error| SandboxError::Unavailable(format!("{error:#}")))?;
    let abi = |error: wasmtime::Error| {
        SandboxError::Unavailable(format!("the engine module does not match the ABI: {error:#}"))
    };
    let memory = instance
        .get_memory(&mut store, "memory")
        .ok_or_else(|| abi(wasmtime::format_err!("the module exports no memory")))?;
    let alloc = instance.get_typed_func(&mut store, "alloc").map_err(abi)?;
    let dealloc = instance.get_typed_func(&mut store, "dealloc").map_err(abi)?;
    Ok(Warm { store, instance, memory, alloc, dealloc })
}

impl Warm {
    /// The size of the instance's linear memory.
    pub fn memory_size(&self) -> usize {
        self.memory.data_size(&self.store)
    }

    /// The whole linear memory (for a snapshot).
    pub fn memory(&self) -> &[u8] {
        self.memory.data(&self.store)
    }

    /// Runs `op`, interrupted after `ticks` epochs. An operation on a profile this
    /// instance has not loaded loads it first, and tells `profiles`.
    pub fn run(
        &mut self,
        op: &Op,
        limits: CallLimits,
        ticks: u64,
        profiles: &dyn Profiles,
    ) -> Result<Answer, SandboxError> {
        self.store.set_epoch_deadline(ticks);
        let (export, inputs) = op.export();
        let output = match inputs {
            Inputs::Loaded(profile, input) => {
                let id = profiles.id(profile);
                let output = self.invoke(export, Some(id), &[input], None, limits)?;
                if output != [NOT_LOADED] {
                    output
                } else {
                    let load = self.load_profile(id, profile, limits)?;
                    if load.first() != Some(&0) {
                        return decode(load);
                    }
                    profiles.loaded(id, profile);
                    self.invoke(export, Some(id), &[input], None, limits)?
                }
            }
            Inputs::Bytes(inputs) => self.invoke(export, None, &inputs, None, limits)?,
            Inputs::Page(pdf, page) => self.invoke(export, None, &[pdf], Some(page), limits)?,
        };
        decode(output)
    }

    /// Loads a profile under `id`; the raw output (status byte first).
    pub fn load_profile(&mut self, id: u64, profile: &[u8], limits: CallLimits) -> Result<Vec<u8>, SandboxError> {
        self.invoke("profile_load", Some(id), &[profile], None, limits)
    }

    /// The one way to call an export: writes each input into the instance, calls the
    /// export with `[id] (pointer, length)… [page]`, and returns the output bytes;
    /// frees inputs and output.
    fn invoke(
        &mut self,
        export: &str,
        id: Option<u64>,
        inputs: &[&[u8]],
        page: Option<u32>,
        limits: CallLimits,
    ) -> Result<Vec<u8>, SandboxError> {
        let function = self
            .instance
            .get_func(&mut self.store, export)
            .ok_or_else(|| SandboxError::Unavailable(format!("the engine module has no export `{export}`")))?;
        let mut args: Vec<(u32, u32)> = Vec::with_capacity(inputs.len() + 1);
        for input in inputs {
            let len = u32::try_from(input.len())
                .map_err(|_| SandboxError::MemoryLimit { limit_bytes: limits.memory_bytes })?;
            let ptr = self.alloc.call(&mut self.store, len).map_err(|error| trap(error, limits))?;
            self.memory
                .write(&mut self.store, ptr as usize, input)
                .map_err(|error| SandboxError::BadOutput(error.to_string()))?;
            args.push((ptr, len));
        }
        let mut params: Vec<Val> = Vec::with_capacity(2 * inputs.len() + 2);
        params.extend(id.map(|id| Val::I64(id as i64)));
        for &(ptr, len) in &args {
            params.extend([Val::I32(ptr as i32), Val::I32(len as i32)]);
        }
        params.extend(page.map(|page| Val::I32(page as i32)));
        let mut results = [Val::I64(0)];
        function.call(&mut self.store, &params, &mut results).map_err(|error| trap(error, limits))?;
        let packed = results[0].unwrap_i64() as u64;
        let (out_ptr, out_len) = ((packed >> 32) as u32, packed as u32);
        let output = self
            .memory
            .data(&self.store)
            .get(out_ptr as usize..out_ptr as usize + out_len as usize)
            .ok_or_else(|| SandboxError::BadOutput(format!("output range {out_ptr}+{out_len} is outside memory")))?
            .to_vec();
        args.push((out_ptr, out_len));
        for (ptr, len) in args {
            self.dealloc.call(&mut self.store, (ptr, len)).map_err(|error| trap(error, limits))?;
        }
        Ok(output)
    }
}

/// What an instance asks of its owner about profiles.
pub(super) trait Profiles {
    /// The profile's content id (`profile_id`), computed once per allocation.
    fn id(&self, profile: &Arc<[u8]>) -> u64;
    /// An instance has just loaded this profile.
    fn loaded(&self, id: u64, profile: &Arc<[u8]>);
}

/// What stopped a call: its memory cap, its deadline, or another trap.
fn trap(error: wasmtime::Error, limits: CallLimits) -> SandboxError {
    if error.downcast_ref::<MemoryLimitExceeded>().is_some() {
        return SandboxError::MemoryLimit { limit_bytes: limits.memory_bytes };
    }
    if let Some(Trap::Interrupt) = error.downcast_ref::<Trap>() {
        return SandboxError::Deadline { deadline: limits.deadline };
    }
    SandboxError::Trap(format!("{error:#}"))
}

/// Splits the engine's output: tag 0 and its JSON answer, or tag 1 and an error.
fn decode(output: Vec<u8>) -> Result<Answer, SandboxError> {
    match output.split_first() {
        Some((0, body)) => Ok(Ok(body.to_vec())),
        Some((1, body)) => serde_json::from_slice::<EngineError>(body)
            .map(Err)
            .map_err(|error| SandboxError::BadOutput(format!("unreadable engine error: {error}"))),
        _ => Err(SandboxError::BadOutput("output without a known tag".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasmtime::{ExternType, Module, ValType};

    /// One of each operation. (Exports are looked up by name at call time, so a
    /// renamed or re-shaped export would otherwise surface only when first called.)
    fn every_op() -> Vec<Op> {
        let bytes: Arc<[u8]> = Arc::from(&b"{}"[..]);
        vec![
            Op::Check { profile: Arc::clone(&bytes), request: Vec::new() },
            Op::Validate { request: Vec::new() },
            Op::ResolveRules { profile: Arc::clone(&bytes), query: Vec::new() },
            Op::ValidateRulesQuery { query: Vec::new() },
            Op::ValidateProfile { profile: Arc::clone(&bytes) },
            Op::EngineVersion,
            Op::Deadlines { rules: Arc::clone(&bytes), request: Vec::new() },
            Op::ValidateTimeRules { rules: Arc::clone(&bytes) },
            Op::ValidateDeadlineRequest { request: Vec::new() },
            Op::Classify { hints: Vec::new(), pdf: Arc::clone(&bytes) },
            Op::ScanImage { pdf: bytes, page: 1 },
        ]
    }

    /// The parameter types `invoke` passes for these inputs.
    fn params_of(inputs: &Inputs<'_>) -> Vec<&'static str> {
        let pairs = |n: usize| std::iter::repeat_n(["i32", "i32"], n).flatten();
        match inputs {
            Inputs::Bytes(inputs) => pairs(inputs.len()).collect(),
            Inputs::Loaded(..) => std::iter::once("i64").chain(pairs(1)).collect(),
            Inputs::Page(..) => pairs(1).chain(["i32"]).collect(),
        }
    }

    fn name(ty: &ValType) -> &'static str {
        match ty {
            ValType::I32 => "i32",
            ValType::I64 => "i64",
            _ => "other",
        }
    }

    #[test]
    fn every_operation_has_an_export_of_the_shape_it_is_called_with() {
        let engine = Engine::default();
        let module = Module::new(&engine, super::super::ENGINE_WASM).unwrap();
        let mut exports: Vec<(&str, &str, Vec<&str>, Vec<&str>)> =
            vec![("profile_load", "profile_load", vec!["i64", "i32", "i32"], vec!["i64"])];
        for op in every_op() {
            let (export, inputs) = op.export();
            exports.push((op.name(), export, params_of(&inputs), vec!["i64"]));
        }
        for (op, export, params, results) in exports {
            let Some(ExternType::Func(ty)) = module.get_export(export) else {
                panic!("{op}: the engine module has no function export `{export}`");
            };
            let have_params: Vec<&str> = ty.params().map(|t| name(&t)).collect();
            let have_results: Vec<&str> = ty.results().map(|t| name(&t)).collect();
            assert_eq!((have_params, have_results), (params, results), "{op}: `{export}` has another signature");
        }
    }
}
