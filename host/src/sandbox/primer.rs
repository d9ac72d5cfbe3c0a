//! Pre-initialization: keeps a copy of the module whose instances start with the
//! profiles in use already parsed (`snapshot`), rebuilt in the background when a new
//! profile appears.

use super::abi::{CallLimits, Limiter, instantiate};
use super::{ENGINE_WASM, compiled, snapshot, wasm_error};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};
use wasmtime::{Engine, InstancePre, Linker};

/// Most profiles baked into the pre-initialized module.
const PRIMED_PROFILES: usize = 16;

/// Generous: loading a profile is the server's own data, never a request's.
const LOAD_DEADLINE: Duration = Duration::from_secs(30);

pub(super) struct Primer {
    engine: Engine,
    /// The plain module.
    pub base: InstancePre<Limiter>,
    memory_bytes: usize,
    /// Where compiled modules are kept (`compiled.rs`).
    module_cache: Option<PathBuf>,
    /// Profiles seen, oldest first.
    known: Mutex<Vec<(u64, Arc<[u8]>)>>,
    /// The current pre-initialized module and the profile ids baked into it.
    primed: RwLock<Option<(InstancePre<Limiter>, Vec<u64>)>>,
    building: AtomicBool,
}

impl Primer {
    pub fn new(
        engine: Engine,
        base: InstancePre<Limiter>,
        memory_bytes: usize,
        module_cache: Option<PathBuf>,
    ) -> Primer {
        Primer {
            engine,
            base,
            memory_bytes,
            module_cache,
            known: Mutex::new(Vec::new()),
            primed: RwLock::new(None),
            building: AtomicBool::new(false),
        }
    }

    /// The module fresh instances come from: the pre-initialized one once it exists.
    pub fn current(&self) -> InstancePre<Limiter> {
        match &*self.primed.read().expect("primer lock") {
            Some((pre, _)) => pre.clone(),
            None => self.base.clone(),
        }
    }

    pub fn remember(&self, id: u64, profile: &Arc<[u8]>) {
        let mut known = self.known.lock().expect("primer lock");
        if known.iter().all(|(known_id, _)| *known_id != id) {
            known.push((id, Arc::clone(profile)));
            let excess = known.len().saturating_sub(PRIMED_PROFILES);
            known.drain(..excess);
        }
    }

    fn wanted(&self) -> Vec<(u64, Arc<[u8]>)> {
        self.known.lock().expect("primer lock").clone()
    }

    pub fn is_current(&self) -> bool {
        let wanted: Vec<u64> = self.wanted().into_iter().map(|(id, _)| id).collect();
        self.primed.read().expect("primer lock").as_ref().is_some_and(|(_, ids)| *ids == wanted)
    }

    /// Rebuilds the pre-initialized module on a thread of its own, unless a rebuild is
    /// already running (it picks up what changed before it finishes).
    pub fn build_in_background(primer: &Arc<Primer>) {
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
    pub fn build_until_current(&self) -> anyhow::Result<()> {
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
        let limits = CallLimits { memory_bytes: self.memory_bytes, deadline: LOAD_DEADLINE };
        for (id, bytes) in profiles {
            let output = warm.load_profile(*id, bytes, limits)?;
            anyhow::ensure!(output.first() == Some(&0), "profile {id:016x} did not load");
        }
        let memory = warm.memory();
        anyhow::ensure!(memory.len() <= self.memory_bytes, "the loaded profiles need more memory than the cap");
        let bytes = snapshot::snapshot_module(ENGINE_WASM, memory)?;
        let module = compiled::load(&self.engine, &bytes, compiled::Kind::Primed, self.module_cache.as_deref())?;
        Linker::new(&self.engine).instantiate_pre(&module).map_err(wasm_error)
    }
}
