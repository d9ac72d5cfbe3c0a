//! The engine's WebAssembly module inside wasmtime: the only place the host gets a
//! validation, check or rules answer from.
//!
//! The module is compiled once into an `InstancePre`. Each call runs in an instance
//! taken from a small pool of warm ones (or a fresh one from the pooling allocator),
//! with a memory cap and an epoch deadline. A call that traps or overruns loses its
//! instance; the caller gets a `SandboxError` and the next call a healthy instance.
//! The ABI is documented in `engine/src/abi.rs`.

use courtrules_engine::EngineError;
use std::sync::{Arc, Mutex};
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
}

impl Default for Limits {
    fn default() -> Self {
        Limits { memory_bytes: 64 * MIB, deadline: Duration::from_secs(1), instances: 8, recycle_bytes: 16 * MIB }
    }
}

/// One engine operation and its inputs (JSON bytes).
#[derive(Clone, Copy, Debug)]
pub enum Op<'a> {
    Check { profile: &'a [u8], request: &'a [u8] },
    Validate { request: &'a [u8] },
    ResolveRules { profile: &'a [u8], query: &'a [u8] },
    ValidateRulesQuery { query: &'a [u8] },
    ValidateProfile { profile: &'a [u8] },
    EngineVersion,
}

impl Op<'_> {
    pub fn name(&self) -> &'static str {
        match self {
            Op::Check { .. } => "check",
            Op::Validate { .. } => "validate",
            Op::ResolveRules { .. } => "resolve_rules",
            Op::ValidateRulesQuery { .. } => "validate_rules_query",
            Op::ValidateProfile { .. } => "validate_profile",
            Op::EngineVersion => "engine_version",
        }
    }

    fn inputs(&self) -> Vec<&[u8]> {
        match *self {
            Op::Check { profile, request } => vec![profile, request],
            Op::ResolveRules { profile, query } => vec![profile, query],
            Op::Validate { request } => vec![request],
            Op::ValidateRulesQuery { query } => vec![query],
            Op::ValidateProfile { profile } => vec![profile],
            Op::EngineVersion => vec![],
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

type Packed = TypedFunc<(u32, u32), u64>;
type PackedPair = TypedFunc<(u32, u32, u32, u32), u64>;

/// The exports of the module, resolved once per instance.
struct Exports {
    memory: Memory,
    alloc: TypedFunc<u32, u32>,
    dealloc: TypedFunc<(u32, u32), ()>,
    check: PackedPair,
    validate: Packed,
    resolve_rules: PackedPair,
    validate_rules_query: Packed,
    validate_profile: Packed,
    engine_version: TypedFunc<(), u64>,
}

/// An instantiated module with its store, ready for calls.
struct Warm {
    store: Store<Limiter>,
    exports: Exports,
}

pub struct Sandbox {
    engine: Engine,
    pre: InstancePre<Limiter>,
    idle: Mutex<Vec<Warm>>,
    permits: Arc<tokio::sync::Semaphore>,
    limits: Limits,
    /// Time between epoch increments.
    tick: Duration,
    deadline_ticks: u64,
}

/// Deadline of calls on the server's own data (see `Sandbox::call_trusted`).
const TRUSTED_DEADLINE: Duration = Duration::from_secs(30);

impl Sandbox {
    /// Compiles the engine's module and starts the epoch ticker.
    pub fn new(limits: Limits) -> anyhow::Result<Arc<Sandbox>> {
        anyhow::ensure!(limits.instances >= 1, "the engine needs at least one instance");
        let mut pool = PoolingAllocationConfig::new();
        // One spare slot for calls made outside the permits (start-up checks, the CLI).
        pool.total_core_instances(limits.instances + 1);
        pool.total_memories(limits.instances + 1);
        pool.total_tables(limits.instances + 1);
        // At least the module's initial memory, so a cap below it gets the clear error below.
        pool.max_memory_size(limits.memory_bytes.max(4 * MIB));
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
        let pre = Linker::new(&engine).instantiate_pre(&module).map_err(wasm_error)?;

        // Ticks short enough that a deadline is honoured within a tenth of itself,
        // long enough that the ticker costs nothing.
        let tick = (limits.deadline / 10).clamp(Duration::from_millis(1), Duration::from_millis(10));
        let deadline_ticks = limits.deadline.as_nanos().div_ceil(tick.as_nanos()) as u64;
        let ticker = engine.weak();
        std::thread::Builder::new().name("engine-epoch".into()).spawn(move || {
            while let Some(engine) = ticker.upgrade() {
                engine.increment_epoch();
                drop(engine);
                std::thread::sleep(tick);
            }
        })?;

        let permits = Arc::new(tokio::sync::Semaphore::new(limits.instances as usize));
        Ok(Arc::new(Sandbox { engine, pre, idle: Mutex::new(Vec::new()), permits, limits, tick, deadline_ticks }))
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Runs one operation for a request on a worker thread once a permit is free:
    /// overload waits here instead of failing, and a long call never blocks the async
    /// runtime.
    pub async fn call(self: &Arc<Self>, op: OwnedOp) -> Result<Answer, SandboxError> {
        self.call_within(op, self.deadline_ticks).await
    }

    /// Like `call`, for the server's own data (the data pack's profiles): bounded by
    /// `TRUSTED_DEADLINE` rather than the request deadline, so a strict request
    /// deadline cannot keep the server from loading its data.
    pub async fn call_trusted(self: &Arc<Self>, op: OwnedOp) -> Result<Answer, SandboxError> {
        self.call_within(op, self.ticks(TRUSTED_DEADLINE)).await
    }

    async fn call_within(self: &Arc<Self>, op: OwnedOp, deadline_ticks: u64) -> Result<Answer, SandboxError> {
        let permit = Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .map_err(|_| SandboxError::Unavailable("the engine is shutting down".into()))?;
        let sandbox = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let result = sandbox.run_within(op.as_op(), deadline_ticks);
            drop(permit);
            result
        })
        .await
        .map_err(|error| SandboxError::Trap(format!("the engine call was lost: {error}")))?
    }

    /// Runs one operation on this thread, with the request deadline.
    pub fn run(&self, op: Op<'_>) -> Result<Answer, SandboxError> {
        self.run_within(op, self.deadline_ticks)
    }

    /// Runs one operation of the server's own on this thread (see `call_trusted`).
    pub fn run_trusted(&self, op: Op<'_>) -> Result<Answer, SandboxError> {
        self.run_within(op, self.ticks(TRUSTED_DEADLINE))
    }

    fn ticks(&self, deadline: Duration) -> u64 {
        deadline.as_nanos().div_ceil(self.tick.as_nanos()) as u64
    }

    fn run_within(&self, op: Op<'_>, deadline_ticks: u64) -> Result<Answer, SandboxError> {
        let started = Instant::now();
        let mut warm = match self.idle.lock().expect("engine pool lock").pop() {
            Some(warm) => warm,
            None => self.instantiate()?,
        };
        let outcome = self.call_in(&mut warm, op, deadline_ticks);
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
        let mut store = Store::new(&self.engine, Limiter { memory_bytes: self.limits.memory_bytes });
        store.limiter(|limiter| limiter);
        store.epoch_deadline_trap();
        // Instantiation runs no guest code, but the deadline must not have passed.
        store.set_epoch_deadline(u64::MAX / 2);
        let instance =
            self.pre.instantiate(&mut store).map_err(|error| SandboxError::Unavailable(format!("{error:#}")))?;
        let exports = (|| -> wasmtime::Result<Exports> {
            Ok(Exports {
                memory: instance
                    .get_memory(&mut store, "memory")
                    .ok_or_else(|| wasmtime::format_err!("the module exports no memory"))?,
                alloc: instance.get_typed_func(&mut store, "alloc")?,
                dealloc: instance.get_typed_func(&mut store, "dealloc")?,
                check: instance.get_typed_func(&mut store, "check")?,
                validate: instance.get_typed_func(&mut store, "validate")?,
                resolve_rules: instance.get_typed_func(&mut store, "resolve_rules")?,
                validate_rules_query: instance.get_typed_func(&mut store, "validate_rules_query")?,
                validate_profile: instance.get_typed_func(&mut store, "validate_profile")?,
                engine_version: instance.get_typed_func(&mut store, "engine_version")?,
            })
        })()
        .map_err(|error| SandboxError::Unavailable(format!("the engine module does not match the ABI: {error:#}")))?;
        Ok(Warm { store, exports })
    }

    fn call_in(&self, warm: &mut Warm, op: Op<'_>, deadline_ticks: u64) -> Result<Answer, SandboxError> {
        let Warm { store, exports } = warm;
        store.set_epoch_deadline(deadline_ticks);
        let mut args = Vec::with_capacity(2);
        for input in op.inputs() {
            let len = u32::try_from(input.len())
                .map_err(|_| SandboxError::MemoryLimit { limit_bytes: self.limits.memory_bytes })?;
            let ptr = exports.alloc.call(&mut *store, len).map_err(|error| self.trap(error))?;
            exports
                .memory
                .write(&mut *store, ptr as usize, input)
                .map_err(|error| SandboxError::BadOutput(error.to_string()))?;
            args.push((ptr, len));
        }
        let packed = match (op, args.as_slice()) {
            (Op::Check { .. }, &[(p, pl), (r, rl)]) => exports.check.call(&mut *store, (p, pl, r, rl)),
            (Op::ResolveRules { .. }, &[(p, pl), (q, ql)]) => exports.resolve_rules.call(&mut *store, (p, pl, q, ql)),
            (Op::Validate { .. }, &[(r, rl)]) => exports.validate.call(&mut *store, (r, rl)),
            (Op::ValidateRulesQuery { .. }, &[(q, ql)]) => exports.validate_rules_query.call(&mut *store, (q, ql)),
            (Op::ValidateProfile { .. }, &[(p, pl)]) => exports.validate_profile.call(&mut *store, (p, pl)),
            (Op::EngineVersion, &[]) => exports.engine_version.call(&mut *store, ()),
            _ => unreachable!("Op::inputs gives each operation its arguments"),
        }
        .map_err(|error| self.trap(error))?;
        let (ptr, len) = ((packed >> 32) as u32, packed as u32);
        let output = exports
            .memory
            .data(&*store)
            .get(ptr as usize..ptr as usize + len as usize)
            .ok_or_else(|| SandboxError::BadOutput(format!("output range {ptr}+{len} is outside memory")))?
            .to_vec();
        for (ptr, len) in args.into_iter().chain([(ptr, len)]) {
            exports.dealloc.call(&mut *store, (ptr, len)).map_err(|error| self.trap(error))?;
        }
        decode(output)
    }

    fn trap(&self, error: wasmtime::Error) -> SandboxError {
        if error.downcast_ref::<MemoryLimitExceeded>().is_some() {
            return SandboxError::MemoryLimit { limit_bytes: self.limits.memory_bytes };
        }
        if let Some(Trap::Interrupt) = error.downcast_ref::<Trap>() {
            return SandboxError::Deadline { deadline: self.limits.deadline };
        }
        SandboxError::Trap(format!("{error:#}"))
    }
}

/// An operation whose inputs the call owns, for the trip to a worker thread.
pub enum OwnedOp {
    Check { profile: Arc<[u8]>, request: Vec<u8> },
    Validate { request: Vec<u8> },
    ResolveRules { profile: Arc<[u8]>, query: Vec<u8> },
    ValidateRulesQuery { query: Vec<u8> },
    ValidateProfile { profile: Arc<[u8]> },
}

impl OwnedOp {
    fn as_op(&self) -> Op<'_> {
        match self {
            OwnedOp::Check { profile, request } => Op::Check { profile, request },
            OwnedOp::Validate { request } => Op::Validate { request },
            OwnedOp::ResolveRules { profile, query } => Op::ResolveRules { profile, query },
            OwnedOp::ValidateRulesQuery { query } => Op::ValidateRulesQuery { query },
            OwnedOp::ValidateProfile { profile } => Op::ValidateProfile { profile },
        }
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
