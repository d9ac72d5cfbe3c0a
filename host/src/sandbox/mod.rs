//! The engine's WebAssembly module inside wasmtime: the only place the host gets a
//! validation, check or rules answer from.
//!
//! The module is compiled once into an `InstancePre` (or loaded, compiled by an earlier
//! process, from the cache in `compiled.rs`). Each call runs in an instance
//! taken from a small pool of warm ones (or a fresh one from the pooling allocator),
//! with a memory cap and an epoch deadline. A call that traps or overruns loses its
//! instance; the caller gets a `SandboxError` and the next call a healthy instance.
//! The ABI is documented in `engine/src/abi.rs`; the host's side of it, with every
//! operation, is `abi.rs`. Pre-initialization is `primer.rs` and `snapshot.rs`.
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

mod abi;
mod compiled;
mod primer;
mod snapshot;

pub use abi::{Answer, Op, SandboxError, profile_id};
pub use compiled::create_dir as create_module_cache_dir;
pub use compiled::default_dir as default_module_cache;

use abi::{CallLimits, MIB, Profiles, Warm, instantiate};
use courtrules_engine::EngineError;
use primer::Primer;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};
use wasmtime::{Config, Engine, InstanceAllocationStrategy, Linker, Module, PoolingAllocationConfig};

/// The engine's core module, built by `build.rs` from `engine/`.
pub static ENGINE_WASM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/courtrules_engine.wasm"));

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
    /// with them parsed (see `primer`). Off for one-shot commands.
    pub pre_initialize: bool,
    /// Largest linear memory of a document call (`classify`, `scan_image`): the PDF,
    /// lopdf's objects and the decoded streams of one page live there at once.
    pub document_memory_bytes: usize,
    /// Document calls that may run at once (each in an instance of its own).
    pub document_instances: u32,
    /// Time limit of a document call due by `Due::Request`.
    pub document_deadline: Duration,
    /// Folder where compiled modules are kept between processes (`compiled.rs`); None
    /// compiles the module at every start.
    pub module_cache: Option<PathBuf>,
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
            module_cache: None,
        }
    }
}

/// When a call must be done.
#[derive(Clone, Copy, Debug)]
pub enum Due {
    /// Within the request deadline (for a document operation, the document deadline).
    Request,
    /// Within a generous deadline: calls on the server's own data (the data pack's
    /// profiles), so a strict request deadline cannot keep the server from loading it.
    Trusted,
    /// By an instant (the wait for a permit counts): for calls that share one budget,
    /// such as the classify pipeline's.
    By(Instant),
}

/// Deadline of `Due::Trusted` calls.
const TRUSTED_DEADLINE: Duration = Duration::from_secs(30);

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

impl Sandbox {
    /// Compiles the engine's module (or loads it from the cache) and starts the epoch
    /// ticker.
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
        let module = compiled::load(&engine, ENGINE_WASM, compiled::Kind::Plain, limits.module_cache.as_deref())?;
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
        let primer = Arc::new(Primer::new(engine.clone(), pre, limits.memory_bytes, limits.module_cache.clone()));

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
    pub fn prime(&self, profiles: &[Arc<[u8]>]) -> anyhow::Result<()> {
        for profile in profiles {
            self.primer.remember(self.id(profile), profile);
        }
        self.primer.build_until_current()
    }

    /// The engine module's version, asked of the module itself.
    pub fn engine_version(&self) -> anyhow::Result<String> {
        let answer = self.call_blocking(&Op::EngineVersion, Due::Trusted)?;
        let bytes = answer.map_err(|error| anyhow::anyhow!("engine_version: {error}"))?;
        Ok(serde_json::from_slice(&bytes)?)
    }

    /// Whether fresh instances start with every profile seen so far already parsed.
    /// Each instance pool (`request`, `document`): its name, the calls running in it,
    /// and how many may run at once.
    pub fn pools(&self) -> [(&'static str, usize, usize); 2] {
        let pool = |name, permits: &tokio::sync::Semaphore, size: u32| {
            (name, (size as usize).saturating_sub(permits.available_permits()), size as usize)
        };
        [
            pool("request", &self.permits, self.limits.instances),
            pool("document", &self.document_permits, self.limits.document_instances),
        ]
    }

    pub fn is_primed(&self) -> bool {
        self.primer.is_current()
    }

    /// Runs one operation on a worker thread once a permit is free: overload waits
    /// here instead of failing, and a long call never blocks the async runtime.
    pub async fn call(self: &Arc<Self>, op: Op, due: Due) -> Result<Answer, SandboxError> {
        let (permits, pool) =
            if op.is_document() { (&self.document_permits, "document") } else { (&self.permits, "request") };
        let waiting = crate::metrics::get().waiting_calls.with_label_values(&[pool]);
        waiting.inc();
        let permit = Arc::clone(permits).acquire_owned().await;
        waiting.dec();
        let permit = permit.map_err(|_| SandboxError::Unavailable("the engine is shutting down".into()))?;
        let sandbox = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let started = Instant::now();
            let result = sandbox.call_blocking(&op, due);
            crate::metrics::get().engine_call(op.name(), started);
            drop(permit);
            result
        })
        .await
        .map_err(|error| SandboxError::Trap(format!("the engine call was lost: {error}")))?
    }

    /// Runs one operation on this thread, outside the permits: for start-up, the CLI
    /// and benchmarks.
    pub fn call_blocking(&self, op: &Op, due: Due) -> Result<Answer, SandboxError> {
        let deadline = match due {
            Due::Request if op.is_document() => self.limits.document_deadline,
            Due::Request => self.limits.deadline,
            Due::Trusted => TRUSTED_DEADLINE,
            Due::By(instant) => instant.saturating_duration_since(Instant::now()),
        };
        if op.is_document() {
            return self.run_document(op, deadline);
        }
        let started = Instant::now();
        let limits = CallLimits { memory_bytes: self.limits.memory_bytes, deadline };
        let mut warm = match self.idle.lock().expect("engine pool lock").pop() {
            Some(warm) => warm,
            None => instantiate(&self.engine, &self.primer.current(), self.limits.memory_bytes)?,
        };
        let outcome = warm.run(op, limits, self.ticks(deadline), self);
        match &outcome {
            Ok(_) => {
                let memory = warm.memory_size();
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

    fn ticks(&self, deadline: Duration) -> u64 {
        deadline.as_nanos().div_ceil(self.tick.as_nanos()) as u64
    }

    /// A document operation, in a fresh instance of the plain module (no profiles
    /// needed) with the document memory cap; the instance is dropped afterwards, so
    /// its memory goes back to the pool slot.
    fn run_document(&self, op: &Op, deadline: Duration) -> Result<Answer, SandboxError> {
        let started = Instant::now();
        let limits = CallLimits { memory_bytes: self.limits.document_memory_bytes, deadline };
        let mut warm = instantiate(&self.engine, &self.primer.base, limits.memory_bytes)?;
        let outcome = warm.run(op, limits, self.ticks(deadline), self);
        let memory = warm.memory_size();
        let elapsed_ms = started.elapsed().as_millis() as u64;
        match &outcome {
            Ok(_) => tracing::debug!(op = op.name(), memory, elapsed_ms, "document call"),
            Err(error) => tracing::warn!(op = op.name(), %error, memory, elapsed_ms, "engine call failed"),
        }
        outcome
    }
}

impl Profiles for Sandbox {
    fn id(&self, profile: &Arc<[u8]>) -> u64 {
        let mut ids = self.ids.lock().expect("profile id lock");
        // A `Weak` keeps its allocation's address from being reused, so an address match
        // is the same allocation.
        if let Some((_, id)) = ids.iter().find(|(seen, _)| std::ptr::addr_eq(seen.as_ptr(), Arc::as_ptr(profile))) {
            return *id;
        }
        ids.retain(|(seen, _)| seen.strong_count() > 0);
        let id = profile_id(profile);
        ids.push((Arc::downgrade(profile), id));
        id
    }

    fn loaded(&self, id: u64, profile: &Arc<[u8]>) {
        if self.limits.pre_initialize {
            self.primer.remember(id, profile);
            Primer::build_in_background(&self.primer);
        }
    }
}

/// An engine error with its details, for logs and the CLI.
pub fn describe(error: &EngineError) -> String {
    use courtrules_engine::EngineError::*;
    match error {
        InvalidRequest { details } | InvalidProfile { details } => {
            let lines: Vec<String> = details.iter().map(|d| format!("{}: {}", d.path, d.message)).collect();
            format!("{} — {}", error.message(), lines.join("; "))
        }
        other => other.message(),
    }
}

/// Whether this Linux kernel is 6.7 or newer (the `PAGEMAP_SCAN` ioctl).
fn kernel_has_pagemap_scan() -> bool {
    let Ok(release) = std::fs::read_to_string("/proc/sys/kernel/osrelease") else { return false };
    let mut numbers = release.split(|c: char| !c.is_ascii_digit()).filter_map(|part| part.parse::<u32>().ok());
    matches!((numbers.next(), numbers.next()), (Some(major), Some(minor)) if (major, minor) >= (6, 7))
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
