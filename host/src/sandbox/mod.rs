//! The engine's WebAssembly module inside wasmtime: the only place the host gets a
//! validation, check or rules answer from.
//!
//! The module is compiled once into an `InstancePre`. Each call runs in an instance
//! taken from a small pool of warm ones (or a fresh one from the pooling allocator),
//! with a memory cap and an epoch deadline. A call that traps or overruns loses its
//! instance; the caller gets a `SandboxError` and the next call a healthy instance.
//! The ABI is documented in `engine/src/abi.rs`.
//!
//! Document operations (`classify`, `scan_image`) read whole PDFs: they get limits of
//! their own (a larger memory cap, a deadline per call, fewer at once) and always a
//! fresh instance of the plain module, dropped after the call.
//!
//! Profiles are named by a content id: an instance parses a profile once, when a
//! check first names it, and later checks copy only the request into the sandbox.
//! Every profile the sandbox has seen is also baked into a pre-initialized copy of the
//! module (`snapshot`), rebuilt in the background when a new profile appears, so even
//! a fresh instance starts with its profiles parsed.

mod snapshot;

use courtrules_engine::EngineError;
use sha2::{Digest, Sha256};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock, Weak};
use std::time::{Duration, Instant};
use wasmtime::{
    Config, Engine, InstanceAllocationStrategy, InstancePre, Linker, Memory, Module, PoolingAllocationConfig,
    ResourceLimiter, Store, Trap, TypedFunc,
};

/// The engine's core module, built by `build.rs` from `engine/`.
pub static ENGINE_WASM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/courtrules_engine.wasm"));

const MIB: usize = 1024 * 1024;

/// The resources one engine call may use.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest linear memory of one instance.
    pub memory_bytes: usize,
    /// Longest one call may run (0: every call is interrupted at once).
    pub deadline: Duration,
    /// Instances that may exist at once; also the number of concurrent calls.
    pub instances: u32,
    /// An instance whose memory grew beyond this is dropped after its call instead of
    /// going back to the pool, so one large request does not pin memory for ever.
    pub recycle_bytes: usize,
    /// Keep a pre-initialized module with the profiles in use, so fresh instances start
    /// with them parsed (see `snapshot`). Off for one-shot commands.
    pub pre_initialize: bool,
    /// Largest linear memory of a document call (`classify`, `scan_image`): the PDF,
    /// lopdf's objects and the decoded streams of one page live there at once.
    pub document_memory_bytes: usize,
    /// Document calls that may run at once (each in an instance of its own).
    pub document_instances: u32,
    /// Time limit of a document call made with `call`/`run`; `call_by`/`run_by` set
    /// another (the classify pipeline's remaining budget).
    pub document_deadline: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            memory_bytes: 64 * MIB,
            deadline: Duration::from_secs(1),
            instances: 8,
            recycle_bytes: 16 * MIB,
            pre_initialize: true,
            document_memory_bytes: 256 * MIB,
            document_instances: 2,
            document_deadline: Duration::from_secs(15),
        }
    }
}

/// A compliance profile's bytes and the id the engine keeps it under.
#[derive(Clone, Copy, Debug)]
pub struct ProfileRef<'a> {
    pub id: u64,
    pub bytes: &'a [u8],
}

impl<'a> ProfileRef<'a> {
    /// Names the bytes by their content: the first eight bytes of their SHA-256, so one
    /// id always stands for the same profile.
    pub fn new(bytes: &'a [u8]) -> Self {
        let digest = Sha256::digest(bytes);
        ProfileRef { id: u64::from_le_bytes(digest[..8].try_into().expect("eight bytes")), bytes }
    }
}

/// One engine operation and its inputs (JSON bytes).
#[derive(Clone, Copy, Debug)]
pub enum Op<'a> {
    Check {
        profile: ProfileRef<'a>,
        request: &'a [u8],
    },
    Validate {
        request: &'a [u8],
    },
    ResolveRules {
        profile: ProfileRef<'a>,
        query: &'a [u8],
    },
    ValidateRulesQuery {
        query: &'a [u8],
    },
    ValidateProfile {
        profile: &'a [u8],
    },
    EngineVersion,
    /// `hints` is `ClassifyHints` as JSON; the answer is a `ClassifyOutcome`.
    Classify {
        hints: &'a [u8],
        pdf: &'a [u8],
    },
    /// The answer is the bytes of an image file, not JSON (see `abi.rs`).
    ScanImage {
        pdf: &'a [u8],
        page: u32,
    },
}

impl Op<'_> {
    /// Whether this operation reads a whole PDF and runs under the document limits.
    pub fn is_document(&self) -> bool {
        matches!(self, Op::Classify { .. } | Op::ScanImage { .. })
    }

    pub fn name(&self) -> &'static str {
        match self {
            Op::Check { .. } => "check",
            Op::Validate { .. } => "validate",
            Op::ResolveRules { .. } => "resolve_rules",
            Op::ValidateRulesQuery { .. } => "validate_rules_query",
            Op::ValidateProfile { .. } => "validate_profile",
            Op::EngineVersion => "engine_version",
            Op::Classify { .. } => "classify",
            Op::ScanImage { .. } => "scan_image",
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

/// Raised by the limiter when a memory would grow past the cap; wasmtime turns it into
/// a trap, so the call stops at the allocation that asked for too much.
#[derive(Debug, thiserror::Error)]
#[error("memory limit exceeded")]
struct MemoryLimitExceeded;

struct Limiter {
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
struct CallLimits {
    memory_bytes: usize,
    deadline: Duration,
}

/// When a call must be done: within a time from when it starts running, or by an
/// instant (a budget shared by several calls, counting the wait for a permit).
#[derive(Clone, Copy, Debug)]
enum Due {
    Within(Duration),
    By(Instant),
}

impl Due {
    fn remaining(self) -> Duration {
        match self {
            Due::Within(deadline) => deadline,
            Due::By(instant) => instant.saturating_duration_since(Instant::now()),
        }
    }
}

type Packed = TypedFunc<(u32, u32), u64>;
type PackedWithId = TypedFunc<(u64, u32, u32), u64>;

/// The output status byte meaning "no profile loaded under that id" (`abi.rs`).
const NOT_LOADED: u8 = 2;

/// The exports of the module, resolved once per instance.
struct Exports {
    memory: Memory,
    alloc: TypedFunc<u32, u32>,
    dealloc: TypedFunc<(u32, u32), ()>,
    profile_load: PackedWithId,
    check_loaded: PackedWithId,
    resolve_rules_loaded: PackedWithId,
    validate: Packed,
    validate_rules_query: Packed,
    validate_profile: Packed,
    engine_version: TypedFunc<(), u64>,
    classify: TypedFunc<(u32, u32, u32, u32), u64>,
    scan_image: TypedFunc<(u32, u32, u32), u64>,
}

/// An instantiated module with its store, ready for calls.
struct Warm {
    store: Store<Limiter>,
    exports: Exports,
}

pub struct Sandbox {
    engine: Engine,
    primer: Arc<Primer>,
    /// The content id of each profile allocation seen, so it is hashed once.
    ids: Mutex<Vec<(Weak<[u8]>, u64)>>,
    idle: Mutex<Vec<Warm>>,
    permits: Arc<tokio::sync::Semaphore>,
    document_permits: Arc<tokio::sync::Semaphore>,
    limits: Limits,
    /// Time between epoch increments.
    tick: Duration,
}

/// Deadline of calls on the server's own data (see `Sandbox::call_trusted`).
const TRUSTED_DEADLINE: Duration = Duration::from_secs(30);

impl Sandbox {
    /// Compiles the engine's module and starts the epoch ticker.
    pub fn new(limits: Limits) -> anyhow::Result<Arc<Sandbox>> {
        anyhow::ensure!(limits.instances >= 1, "the engine needs at least one instance");
        anyhow::ensure!(limits.document_instances >= 1, "the engine needs at least one document instance");
        let mut pool = PoolingAllocationConfig::new();
        // Spare slots: one for calls made outside the permits (start-up checks, the CLI),
        // one for the primer building the pre-initialized module.
        let slots = limits.instances + limits.document_instances + 2;
        pool.total_core_instances(slots);
        pool.total_memories(slots);
        pool.total_tables(slots);
        // At least the module's initial memory, so a cap below it gets the clear error below.
        // (Each store's limiter holds its own call kind to its own cap.)
        pool.max_memory_size(limits.memory_bytes.max(limits.document_memory_bytes).max(4 * MIB));
        // A fresh instance should not pay a page fault for every page it touches (about
        // 3 µs each on these virtual machines). Where the kernel can report which pages
        // an instance dirtied (PAGEMAP_SCAN, Linux 6.7+), wasmtime restores only those
        // when a slot is reused and keeps them resident; without it, keeping memory
        // resident would mean restoring all of it, so memory is decommitted as usual.
        if kernel_has_pagemap_scan() {
            pool.pagemap_scan(wasmtime::Enabled::Yes);
            pool.linear_memory_keep_resident(limits.recycle_bytes.max(4 * MIB));
        }
        let mut config = Config::new();
        config.allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
        config.epoch_interruption(true);
        let engine = Engine::new(&config).map_err(wasm_error)?;
        let module = Module::new(&engine, ENGINE_WASM).map_err(wasm_error)?;
        let initial = initial_memory_bytes(&module);
        anyhow::ensure!(
            limits.memory_bytes >= initial,
            "the engine memory limit ({} bytes) is below the module's initial memory ({initial} bytes)",
            limits.memory_bytes
        );
        anyhow::ensure!(
            limits.document_memory_bytes >= initial,
            "the document memory limit ({} bytes) is below the module's initial memory ({initial} bytes)",
            limits.document_memory_bytes
        );
        let pre = Linker::new(&engine).instantiate_pre(&module).map_err(wasm_error)?;
        let primer = Arc::new(Primer {
            engine: engine.clone(),
            base: pre,
            memory_bytes: limits.memory_bytes,
            known: Mutex::new(Vec::new()),
            primed: RwLock::new(None),
            building: AtomicBool::new(false),
        });

        // Ticks short enough that a deadline is honoured within a tenth of itself,
        // long enough that the ticker costs nothing.
        let tick = (limits.deadline / 10).clamp(Duration::from_millis(1), Duration::from_millis(10));
        let ticker = engine.weak();
        std::thread::Builder::new().name("engine-epoch".into()).spawn(move || {
            while let Some(engine) = ticker.upgrade() {
                engine.increment_epoch();
                drop(engine);
                std::thread::sleep(tick);
            }
        })?;

        let permits = Arc::new(tokio::sync::Semaphore::new(limits.instances as usize));
        let document_permits = Arc::new(tokio::sync::Semaphore::new(limits.document_instances as usize));
        Ok(Arc::new(Sandbox {
            engine,
            primer,
            ids: Mutex::new(Vec::new()),
            idle: Mutex::new(Vec::new()),
            permits,
            document_permits,
            limits,
            tick,
        }))
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Loads these profiles into the pre-initialized module now, waiting for it: for
    /// start-up and benchmarks. (Checks also prime it by themselves, in the background.)
    pub fn prime(&self, profiles: &[ProfileRef<'_>]) -> anyhow::Result<()> {
        for profile in profiles {
            self.primer.remember(*profile);
        }
        self.primer.build_until_current()
    }

    /// Whether fresh instances start with every profile seen so far already parsed.
    pub fn is_primed(&self) -> bool {
        self.primer.is_current()
    }

    /// The content id of a shared profile, hashed once per allocation.
    fn profile_ref<'a>(&self, bytes: &'a Arc<[u8]>) -> ProfileRef<'a> {
        let mut ids = self.ids.lock().expect("profile id lock");
        // A `Weak` keeps its allocation's address from being reused, so an address match
        // is the same allocation.
        if let Some((_, id)) = ids.iter().find(|(seen, _)| std::ptr::addr_eq(seen.as_ptr(), Arc::as_ptr(bytes))) {
            return ProfileRef { id: *id, bytes };
        }
        ids.retain(|(seen, _)| seen.strong_count() > 0);
        let profile = ProfileRef::new(bytes);
        ids.push((Arc::downgrade(bytes), profile.id));
        profile
    }

    /// Runs one operation for a request on a worker thread once a permit is free:
    /// overload waits here instead of failing, and a long call never blocks the async
    /// runtime. The deadline is the request deadline, or for a document operation the
    /// document deadline.
    pub async fn call(self: &Arc<Self>, op: OwnedOp) -> Result<Answer, SandboxError> {
        let deadline = self.default_deadline(op.is_document());
        self.call_within(op, Due::Within(deadline)).await
    }

    /// Like `call`, for the server's own data (the data pack's profiles): bounded by
    /// `TRUSTED_DEADLINE` rather than the request deadline, so a strict request
    /// deadline cannot keep the server from loading its data.
    pub async fn call_trusted(self: &Arc<Self>, op: OwnedOp) -> Result<Answer, SandboxError> {
        self.call_within(op, Due::Within(TRUSTED_DEADLINE)).await
    }

    /// Like `call`, interrupted at `until` (the wait for a permit counts): for calls
    /// that share one budget, such as the classify pipeline's.
    pub async fn call_by(self: &Arc<Self>, op: OwnedOp, until: Instant) -> Result<Answer, SandboxError> {
        self.call_within(op, Due::By(until)).await
    }

    async fn call_within(self: &Arc<Self>, op: OwnedOp, due: Due) -> Result<Answer, SandboxError> {
        let permits = if op.is_document() { &self.document_permits } else { &self.permits };
        let permit = Arc::clone(permits)
            .acquire_owned()
            .await
            .map_err(|_| SandboxError::Unavailable("the engine is shutting down".into()))?;
        let sandbox = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let result = sandbox.run_within(op.as_op(&sandbox), due);
            drop(permit);
            result
        })
        .await
        .map_err(|error| SandboxError::Trap(format!("the engine call was lost: {error}")))?
    }

    /// Runs one operation on this thread, with the request (or document) deadline.
    pub fn run(&self, op: Op<'_>) -> Result<Answer, SandboxError> {
        self.run_within(op, Due::Within(self.default_deadline(op.is_document())))
    }

    /// Runs one operation of the server's own on this thread (see `call_trusted`).
    pub fn run_trusted(&self, op: Op<'_>) -> Result<Answer, SandboxError> {
        self.run_within(op, Due::Within(TRUSTED_DEADLINE))
    }

    /// Runs one operation on this thread, interrupted at `until` (see `call_by`).
    pub fn run_by(&self, op: Op<'_>, until: Instant) -> Result<Answer, SandboxError> {
        self.run_within(op, Due::By(until))
    }

    fn default_deadline(&self, document: bool) -> Duration {
        if document { self.limits.document_deadline } else { self.limits.deadline }
    }

    fn ticks(&self, deadline: Duration) -> u64 {
        deadline.as_nanos().div_ceil(self.tick.as_nanos()) as u64
    }

    fn run_within(&self, op: Op<'_>, due: Due) -> Result<Answer, SandboxError> {
        let deadline = due.remaining();
        if op.is_document() {
            return self.run_document(op, deadline);
        }
        let started = Instant::now();
        let limits = CallLimits { memory_bytes: self.limits.memory_bytes, deadline };
        let mut warm = match self.idle.lock().expect("engine pool lock").pop() {
            Some(warm) => warm,
            None => self.instantiate()?,
        };
        let outcome = self.call_in(&mut warm, op, limits);
        match &outcome {
            Ok(_) => {
                let memory = warm.exports.memory.data_size(&warm.store);
                if memory <= self.limits.recycle_bytes {
                    let mut idle = self.idle.lock().expect("engine pool lock");
                    if idle.len() < self.limits.instances as usize {
                        idle.push(warm);
                    }
                } else {
                    tracing::info!(op = op.name(), memory, "engine instance recycled after growing large");
                }
            }
            Err(error) => {
                // The instance is dropped: its memory may be in any state.
                tracing::warn!(op = op.name(), %error, elapsed_us = started.elapsed().as_micros() as u64, "engine call failed");
            }
        }
        outcome
    }

    fn instantiate(&self) -> Result<Warm, SandboxError> {
        let pre = self.primer.current();
        instantiate(&self.engine, &pre, self.limits.memory_bytes)
    }

    /// A document operation, in a fresh instance of the plain module (no profiles
    /// needed) with the document memory cap; the instance is dropped afterwards, so
    /// its memory goes back to the pool slot.
    fn run_document(&self, op: Op<'_>, deadline: Duration) -> Result<Answer, SandboxError> {
        let started = Instant::now();
        let limits = CallLimits { memory_bytes: self.limits.document_memory_bytes, deadline };
        let mut warm = instantiate(&self.engine, &self.primer.base, limits.memory_bytes)?;
        let outcome = self.call_in(&mut warm, op, limits);
        let memory = warm.exports.memory.data_size(&warm.store);
        let elapsed_ms = started.elapsed().as_millis() as u64;
        match &outcome {
            Ok(_) => tracing::debug!(op = op.name(), memory, elapsed_ms, "document call"),
            Err(error) => tracing::warn!(op = op.name(), %error, memory, elapsed_ms, "engine call failed"),
        }
        outcome
    }

    fn call_in(&self, warm: &mut Warm, op: Op<'_>, limits: CallLimits) -> Result<Answer, SandboxError> {
        warm.store.set_epoch_deadline(self.ticks(limits.deadline));
        let exports = &warm.exports;
        let store = &mut warm.store;
        let output = match op {
            Op::Check { profile, request } => {
                self.call_loaded(store, exports, limits, &exports.check_loaded, profile, request)?
            }
            Op::ResolveRules { profile, query } => {
                self.call_loaded(store, exports, limits, &exports.resolve_rules_loaded, profile, query)?
            }
            Op::Validate { request } => {
                self.invoke(store, exports, limits, &[request], |s, args| exports.validate.call(s, args[0]))?
            }
            Op::ValidateRulesQuery { query } => {
                self.invoke(store, exports, limits, &[query], |s, args| exports.validate_rules_query.call(s, args[0]))?
            }
            Op::ValidateProfile { profile } => {
                self.invoke(store, exports, limits, &[profile], |s, args| exports.validate_profile.call(s, args[0]))?
            }
            Op::EngineVersion => self.invoke(store, exports, limits, &[], |s, _| exports.engine_version.call(s, ()))?,
            Op::Classify { hints, pdf } => self.invoke(store, exports, limits, &[hints, pdf], |s, args| {
                exports.classify.call(s, (args[0].0, args[0].1, args[1].0, args[1].1))
            })?,
            Op::ScanImage { pdf, page } => self.invoke(store, exports, limits, &[pdf], |s, args| {
                exports.scan_image.call(s, (args[0].0, args[0].1, page))
            })?,
        };
        decode(output)
    }

    /// An operation on a loaded profile: loads the profile into this instance first if
    /// the instance does not have it yet.
    fn call_loaded(
        &self,
        store: &mut Store<Limiter>,
        exports: &Exports,
        limits: CallLimits,
        operation: &PackedWithId,
        profile: ProfileRef<'_>,
        input: &[u8],
    ) -> Result<Vec<u8>, SandboxError> {
        let call = |store: &mut Store<Limiter>| {
            self.invoke(store, exports, limits, &[input], |s, args| {
                operation.call(s, (profile.id, args[0].0, args[0].1))
            })
        };
        let output = call(store)?;
        if output != [NOT_LOADED] {
            return Ok(output);
        }
        let loaded = self.invoke(store, exports, limits, &[profile.bytes], |s, args| {
            exports.profile_load.call(s, (profile.id, args[0].0, args[0].1))
        })?;
        if loaded.first() != Some(&0) {
            return Ok(loaded);
        }
        if self.limits.pre_initialize {
            self.primer.remember(profile);
            Primer::build_in_background(&self.primer);
        }
        call(store)
    }

    /// Writes each input into the instance, runs `function` on their (pointer, length)
    /// pairs, and returns the output bytes; frees inputs and output.
    fn invoke(
        &self,
        store: &mut Store<Limiter>,
        exports: &Exports,
        limits: CallLimits,
        inputs: &[&[u8]],
        function: impl FnOnce(&mut Store<Limiter>, &[(u32, u32)]) -> wasmtime::Result<u64>,
    ) -> Result<Vec<u8>, SandboxError> {
        let mut args = Vec::with_capacity(inputs.len());
        for input in inputs {
            let len = u32::try_from(input.len())
                .map_err(|_| SandboxError::MemoryLimit { limit_bytes: limits.memory_bytes })?;
            let ptr = exports.alloc.call(&mut *store, len).map_err(|error| trap(error, limits))?;
            exports
                .memory
                .write(&mut *store, ptr as usize, input)
                .map_err(|error| SandboxError::BadOutput(error.to_string()))?;
            args.push((ptr, len));
        }
        let packed = function(&mut *store, &args).map_err(|error| trap(error, limits))?;
        let (out_ptr, out_len) = ((packed >> 32) as u32, packed as u32);
        let output = exports
            .memory
            .data(&*store)
            .get(out_ptr as usize..out_ptr as usize + out_len as usize)
            .ok_or_else(|| SandboxError::BadOutput(format!("output range {out_ptr}+{out_len} is outside memory")))?
            .to_vec();
        args.push((out_ptr, out_len));
        for (ptr, len) in args {
            exports.dealloc.call(&mut *store, (ptr, len)).map_err(|error| trap(error, limits))?;
        }
        Ok(output)
    }
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

/// An operation whose inputs the call owns, for the trip to a worker thread.
pub enum OwnedOp {
    Check { profile: Arc<[u8]>, request: Vec<u8> },
    Validate { request: Vec<u8> },
    ResolveRules { profile: Arc<[u8]>, query: Vec<u8> },
    ValidateRulesQuery { query: Vec<u8> },
    ValidateProfile { profile: Arc<[u8]> },
    Classify { hints: Vec<u8>, pdf: Arc<[u8]> },
    ScanImage { pdf: Arc<[u8]>, page: u32 },
}

impl OwnedOp {
    pub fn is_document(&self) -> bool {
        matches!(self, OwnedOp::Classify { .. } | OwnedOp::ScanImage { .. })
    }

    fn as_op<'a>(&'a self, sandbox: &Sandbox) -> Op<'a> {
        match self {
            OwnedOp::Check { profile, request } => Op::Check { profile: sandbox.profile_ref(profile), request },
            OwnedOp::Validate { request } => Op::Validate { request },
            OwnedOp::ResolveRules { profile, query } => {
                Op::ResolveRules { profile: sandbox.profile_ref(profile), query }
            }
            OwnedOp::ValidateRulesQuery { query } => Op::ValidateRulesQuery { query },
            OwnedOp::ValidateProfile { profile } => Op::ValidateProfile { profile },
            OwnedOp::Classify { hints, pdf } => Op::Classify { hints, pdf },
            OwnedOp::ScanImage { pdf, page } => Op::ScanImage { pdf, page: *page },
        }
    }
}

/// Makes an instance of `pre` with its memory cap, resolving the exports of the ABI.
fn instantiate(engine: &Engine, pre: &InstancePre<Limiter>, memory_bytes: usize) -> Result<Warm, SandboxError> {
    let mut store = Store::new(engine, Limiter { memory_bytes });
    store.limiter(|limiter| limiter);
    store.epoch_deadline_trap();
    // Instantiation runs no guest code, but the deadline must not have passed.
    store.set_epoch_deadline(u64::MAX / 2);
    let instance = pre.instantiate(&mut store).map_err(|error| SandboxError::Unavailable(format!("{error:#}")))?;
    let exports = (|| -> wasmtime::Result<Exports> {
        Ok(Exports {
            memory: instance
                .get_memory(&mut store, "memory")
                .ok_or_else(|| wasmtime::format_err!("the module exports no memory"))?,
            alloc: instance.get_typed_func(&mut store, "alloc")?,
            dealloc: instance.get_typed_func(&mut store, "dealloc")?,
            profile_load: instance.get_typed_func(&mut store, "profile_load")?,
            check_loaded: instance.get_typed_func(&mut store, "check_loaded")?,
            resolve_rules_loaded: instance.get_typed_func(&mut store, "resolve_rules_loaded")?,
            validate: instance.get_typed_func(&mut store, "validate")?,
            validate_rules_query: instance.get_typed_func(&mut store, "validate_rules_query")?,
            validate_profile: instance.get_typed_func(&mut store, "validate_profile")?,
            engine_version: instance.get_typed_func(&mut store, "engine_version")?,
            classify: instance.get_typed_func(&mut store, "classify")?,
            scan_image: instance.get_typed_func(&mut store, "scan_image")?,
        })
    })()
    .map_err(|error| SandboxError::Unavailable(format!("the engine module does not match the ABI: {error:#}")))?;
    Ok(Warm { store, exports })
}

/// Whether this Linux kernel is 6.7 or newer (the `PAGEMAP_SCAN` ioctl).
fn kernel_has_pagemap_scan() -> bool {
    let Ok(release) = std::fs::read_to_string("/proc/sys/kernel/osrelease") else { return false };
    let mut numbers = release.split(|c: char| !c.is_ascii_digit()).filter_map(|part| part.parse::<u32>().ok());
    matches!((numbers.next(), numbers.next()), (Some(major), Some(minor)) if (major, minor) >= (6, 7))
}

/// Most profiles baked into the pre-initialized module.
const PRIMED_PROFILES: usize = 16;

/// Keeps the pre-initialized module in step with the profiles in use.
struct Primer {
    engine: Engine,
    /// The plain module.
    base: InstancePre<Limiter>,
    memory_bytes: usize,
    /// Profiles seen, oldest first.
    known: Mutex<Vec<(u64, Arc<[u8]>)>>,
    /// The current pre-initialized module and the profile ids baked into it.
    primed: RwLock<Option<(InstancePre<Limiter>, Vec<u64>)>>,
    building: AtomicBool,
}

impl Primer {
    /// The module fresh instances come from: the pre-initialized one once it exists.
    fn current(&self) -> InstancePre<Limiter> {
        match &*self.primed.read().expect("primer lock") {
            Some((pre, _)) => pre.clone(),
            None => self.base.clone(),
        }
    }

    fn remember(&self, profile: ProfileRef<'_>) {
        let mut known = self.known.lock().expect("primer lock");
        if known.iter().all(|(id, _)| *id != profile.id) {
            known.push((profile.id, profile.bytes.into()));
            let excess = known.len().saturating_sub(PRIMED_PROFILES);
            known.drain(..excess);
        }
    }

    fn wanted(&self) -> Vec<(u64, Arc<[u8]>)> {
        self.known.lock().expect("primer lock").clone()
    }

    fn is_current(&self) -> bool {
        let wanted: Vec<u64> = self.wanted().into_iter().map(|(id, _)| id).collect();
        self.primed.read().expect("primer lock").as_ref().is_some_and(|(_, ids)| *ids == wanted)
    }

    /// Rebuilds the pre-initialized module on a thread of its own, unless a rebuild is
    /// already running (it picks up what changed before it finishes).
    fn build_in_background(primer: &Arc<Primer>) {
        if primer.is_current() || primer.building.swap(true, Ordering::AcqRel) {
            return;
        }
        let worker = Arc::clone(primer);
        let spawned = std::thread::Builder::new().name("engine-primer".into()).spawn(move || {
            if let Err(error) = worker.build_until_current_locked() {
                tracing::warn!(%error, "fresh engine instances will parse their profiles: no pre-initialized module");
            }
            worker.building.store(false, Ordering::Release);
        });
        if spawned.is_err() {
            primer.building.store(false, Ordering::Release);
        }
    }

    /// Rebuilds until the module holds every known profile, waiting for a rebuild that
    /// is already running.
    fn build_until_current(&self) -> anyhow::Result<()> {
        while self.building.swap(true, Ordering::AcqRel) {
            std::thread::sleep(Duration::from_millis(5));
        }
        let result = self.build_until_current_locked();
        self.building.store(false, Ordering::Release);
        result
    }

    fn build_until_current_locked(&self) -> anyhow::Result<()> {
        while !self.is_current() {
            let wanted = self.wanted();
            let started = Instant::now();
            let pre = self.build(&wanted)?;
            let ids: Vec<u64> = wanted.iter().map(|(id, _)| *id).collect();
            tracing::info!(
                profiles = ids.len(),
                elapsed_ms = started.elapsed().as_millis() as u64,
                "engine module pre-initialized with its profiles"
            );
            *self.primed.write().expect("primer lock") = Some((pre, ids));
        }
        Ok(())
    }

    /// A module whose instances start with `profiles` loaded: load them into a plain
    /// instance, then write its memory back into the module.
    fn build(&self, profiles: &[(u64, Arc<[u8]>)]) -> anyhow::Result<InstancePre<Limiter>> {
        let mut warm = instantiate(&self.engine, &self.base, self.memory_bytes).map_err(anyhow::Error::from)?;
        for (id, bytes) in profiles {
            let len = u32::try_from(bytes.len())?;
            let exports = &warm.exports;
            let ptr = exports.alloc.call(&mut warm.store, len).map_err(wasm_error)?;
            exports.memory.write(&mut warm.store, ptr as usize, bytes)?;
            let packed = exports.profile_load.call(&mut warm.store, (*id, ptr, len)).map_err(wasm_error)?;
            let (out_ptr, out_len) = ((packed >> 32) as u32, packed as u32);
            let status = exports.memory.data(&warm.store).get(out_ptr as usize).copied();
            exports.dealloc.call(&mut warm.store, (ptr, len)).map_err(wasm_error)?;
            exports.dealloc.call(&mut warm.store, (out_ptr, out_len)).map_err(wasm_error)?;
            anyhow::ensure!(status == Some(0), "profile {id:016x} did not load");
        }
        let memory = warm.exports.memory.data(&warm.store);
        anyhow::ensure!(memory.len() <= self.memory_bytes, "the loaded profiles need more memory than the cap");
        let bytes = snapshot::snapshot_module(ENGINE_WASM, memory)?;
        let module = Module::new(&self.engine, &bytes).map_err(wasm_error)?;
        Linker::new(&self.engine).instantiate_pre(&module).map_err(wasm_error)
    }
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

fn initial_memory_bytes(module: &Module) -> usize {
    module
        .exports()
        .filter_map(|export| export.ty().memory().map(|memory| memory.minimum() as usize * 65536))
        .max()
        .unwrap_or(0)
}

fn wasm_error(error: wasmtime::Error) -> anyhow::Error {
    anyhow::anyhow!("{error:#}")
}
