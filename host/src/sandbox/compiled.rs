//! Compiled engine modules kept on disk between processes.
//!
//! Cranelift needs over a second of both cores of a small machine to compile the engine's
//! module; a module compiled earlier loads in a few milliseconds (the file is read once
//! for its checksum, then mapped). So every compiled module is written to a cache folder
//! as `engine-<key>.cwasm` (a server's pre-initialized modules, `snapshot.rs`, as
//! `engine-primed-<key>.cwasm`), where the key is the SHA-256 of the file layout, the wasm
//! bytes and wasmtime's compatibility hash (its version, the CPU features Cranelift
//! detected, the engine's settings): a file is only ever offered to an engine that could
//! have written it. That is also why the cache lives on the machine that runs the module
//! rather than in the build (docs/decisions.md).
//!
//! Loading compiled code is `unsafe`: wasmtime runs the file's machine code as it is.
//! So the folder must be the user's own: it is created 0700, files 0600, and a folder
//! that others may write to, or that another user owns, is not used; nor is a file
//! there that another user owns or others may write to (it is compiled again and
//! replaced, the folder being the user's). A file is written whole under a temporary name
//! and renamed into place, so no process sees half a file, and it ends with the length
//! and CRC-32 of the module's bytes, checked before it is loaded: a file damaged on disk
//! or by hand (even in the middle, at the same length, where wasmtime's own checks see a
//! well-formed file) is not run. A file that fails that check or does not load (written
//! by another wasmtime) is compiled again and replaced, with a warning. Not being able
//! to read or write the cache (a read-only home) is never an error: the module is
//! compiled as if there were no cache.
//!
//! Processes starting together: one that finds no usable file takes the module's lock
//! (`engine-<key>.lock`, an advisory lock) and compiles; the others wait for it (at most
//! `LOCK_WAIT`, then they compile too) and load the file it wrote, so eight commands
//! started at once on an empty cache compile the module once, not eight times.
//!
//! Stale files: each time a file is written, other `engine-*.cwasm` files not used for
//! `MAX_AGE`, and all but the most recently used few of the same kind (`Kind::keep`),
//! are removed (loading a file marks it used). Counting the kinds apart keeps a server
//! that pre-initializes one module after another from pushing out the plain module every
//! command needs. A process still running a removed file keeps its mapping.

use sha2::{Digest, Sha256};
use std::ffi::OsString;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};
use wasmtime::{Engine, Module};

const PREFIX: &str = "engine-";
const PRIMED_PREFIX: &str = "engine-primed-";
const SUFFIX: &str = ".cwasm";
/// Written files not yet renamed end in this (after the process id and a counter).
const TEMPORARY: &str = ".tmp";
/// A module's lock file (`lock`): `engine-<key>.lock`.
const LOCK: &str = ".lock";
/// How long a process with no usable file waits for another compiling the same module
/// before compiling it too: a compile takes 1–2 s of both cores of a small machine, a
/// few times that on a busy one; a process that holds the lock longer is stuck.
const LOCK_WAIT: Duration = Duration::from_secs(30);
/// How often a waiting process tries the lock again (std's lock cannot wait with a bound).
const LOCK_POLL: Duration = Duration::from_millis(20);

/// What follows the module's bytes in a file: their length (u64) and CRC-32 (u32), little
/// endian, then `TRAILER_MAGIC`. Checked before the file is loaded (`verify`), because
/// wasmtime runs the machine code it finds: a file damaged in the middle (same length,
/// still a well-formed ELF) crashed every command with an illegal instruction.
const TRAILER_LEN: u64 = 16;
const TRAILER_MAGIC: [u8; 4] = *b"crc1";
/// Fed into the file name's key, so that files of another layout (before the trailer)
/// are never offered to this code; they are pruned as any unused file.
const LAYOUT: &[u8] = b"courtrules cwasm + crc32 trailer 1";

/// What a module is, for its file name and how many of its kind are kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The engine's module as built (about 5 MB compiled): every process loads one.
    Plain,
    /// A pre-initialized copy with some profiles in its memory (`primer.rs`): a server
    /// writes one each time a profile is first seen, and after a restart finds those
    /// of the profile sets it meets again.
    Primed,
}

impl Kind {
    fn prefix(self) -> &'static str {
        match self {
            Kind::Plain => PREFIX,
            Kind::Primed => PRIMED_PREFIX,
        }
    }

    /// Files of the kind kept, the one just written included: a few builds of the
    /// engine (say, two installed versions and a development build); a server's most
    /// recent pre-initialized modules.
    fn keep(self) -> usize {
        match self {
            Kind::Plain => 4,
            Kind::Primed => 8,
        }
    }

    fn of(file_name: &str) -> Kind {
        if file_name.starts_with(PRIMED_PREFIX) { Kind::Primed } else { Kind::Plain }
    }
}

/// A compiled module not used for this long is removed.
const MAX_AGE: Duration = Duration::from_secs(30 * 24 * 60 * 60);
/// A temporary file this old was left by a process that died while writing it.
const TEMPORARY_AGE: Duration = Duration::from_secs(60 * 60);

/// The engine's module for `wasm`: from `cache` if a file there loads, else compiled
/// (and then written there). No `cache`: always compiled. A process that finds no usable
/// file while another is compiling the same module waits for that one (`lock`).
pub fn load(engine: &Engine, wasm: &[u8], kind: Kind, cache: Option<&Path>) -> anyhow::Result<Module> {
    let Some(dir) = cache.filter(|dir| usable(dir)) else { return compile(engine, wasm) };
    let path = dir.join(format!("{}{}{SUFFIX}", kind.prefix(), key(engine, wasm)));
    let seen = match open_cached(engine, &path) {
        Cached::Loaded(module) => return Ok(module),
        Cached::Not(seen) => seen,
    };
    // Compiled under the module's lock, so processes starting together with no usable
    // file compile it once: the others wait, then load what it wrote.
    let lock = lock(&path);
    if identity(&path) != seen {
        // Written (or replaced) since it was looked at: by the process waited for, or
        // by one that finished between the look and the lock.
        if let Cached::Loaded(module) = open_cached(engine, &path) {
            return Ok(module);
        }
    }
    let module = compile(engine, wasm)?;
    match store(&module, dir, &path) {
        Ok(()) => prune(dir, &path, kind),
        Err(error) => {
            tracing::debug!(dir = %dir.display(), error = %format!("{error:#}"), "compiled engine module not cached")
        }
    }
    if let Some(lock) = lock {
        // Removed while still held: a process waiting on it then finds the file just
        // written; one that comes later finds the file and needs no lock.
        let _ = std::fs::remove_file(lock_path(&path));
        drop(lock);
    }
    Ok(module)
}

/// What the cache holds for a module: loaded, or not (then what was there when looked
/// at, to see later whether another process has written it since).
enum Cached {
    Loaded(Module),
    Not(Option<Identity>),
}

/// A file's length and time of change: a file renamed into place has other ones.
type Identity = (u64, Option<SystemTime>);

fn identity(path: &Path) -> Option<Identity> {
    std::fs::metadata(path).ok().map(|metadata| (metadata.len(), metadata.modified().ok()))
}

/// Loads the module in `path` if it is there, the user's own and whole (`verify`); else
/// says why not (a warning when a file is there but not loaded) and what was there.
fn open_cached(engine: &Engine, path: &Path) -> Cached {
    let (file, metadata) = match File::open(path).and_then(|file| file.metadata().map(|metadata| (file, metadata))) {
        Ok(opened) => opened,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            tracing::debug!(path = %path.display(), "no compiled engine module yet; compiling it");
            return Cached::Not(None);
        }
        Err(error) => {
            tracing::debug!(path = %path.display(), %error, "compiled engine module unreadable; compiling");
            return Cached::Not(identity(path));
        }
    };
    let seen = Some((metadata.len(), metadata.modified().ok()));
    let started = Instant::now();
    // Checked on the file opened (not on the name, which could be swapped between).
    if let Err(why) = own(&metadata).and_then(|()| verify(&file, metadata.len())) {
        tracing::warn!(path = %path.display(), "not loading the compiled engine module, compiling it again: the file {why}");
        return Cached::Not(seen);
    }
    let verified_us = started.elapsed().as_micros() as u64;
    // SAFETY: the file is the user's own, in the user's own folder, and no one else may
    // write either (`usable`, `own`); it holds, unchanged (`verify`: its length and CRC-32
    // as written), what `store` wrote from `Module::serialize` of this same engine
    // configuration (the key holds wasmtime's compatibility hash); and it is only ever
    // replaced by a rename, never changed in place, so the mapping stays as verified.
    // (The checksum trailer after the module is outside the ELF image wasmtime reads.)
    let marker = file.try_clone().ok();
    match unsafe { Module::deserialize_open_file(engine, file) } {
        Ok(module) => {
            // Marks the file used, for pruning; if the folder is read-only it stays as it was.
            if let Some(marker) = marker {
                let _ = marker.set_modified(SystemTime::now());
            }
            let elapsed_us = started.elapsed().as_micros() as u64;
            tracing::debug!(path = %path.display(), verified_us, elapsed_us, "compiled engine module loaded");
            Cached::Loaded(module)
        }
        Err(error) => {
            tracing::warn!(
                path = %path.display(),
                error = %format!("{error:#}"),
                "the compiled engine module did not load; compiling it again"
            );
            Cached::Not(seen)
        }
    }
}

/// Whether an opened cache file holds, unchanged, what `store` wrote: the module's
/// bytes, then `TRAILER_LEN` bytes of their length and CRC-32. Reads the whole file
/// (about 5 MB; CRC-32 with the CPU's carry-less multiply: a few milliseconds).
fn verify(mut file: &File, len: u64) -> Result<(), String> {
    use std::io::Read;
    let Some(payload) = len.checked_sub(TRAILER_LEN) else {
        return Err(format!("is too short to be a compiled module ({len} bytes)"));
    };
    let mut hasher = crc32fast::Hasher::new();
    let mut buffer = vec![0; 256 * 1024];
    let mut module = Read::take(&mut file, payload);
    let mut read = 0;
    loop {
        match module.read(&mut buffer) {
            Ok(0) => break,
            Ok(count) => {
                hasher.update(&buffer[..count]);
                read += count as u64;
            }
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
            Err(error) => return Err(format!("cannot be read ({error})")),
        }
    }
    let mut trailer = [0; TRAILER_LEN as usize];
    if read != payload || file.read_exact(&mut trailer).is_err() {
        return Err("changed while it was read".to_owned());
    }
    if trailer[12..] != TRAILER_MAGIC {
        return Err("does not end as the cache writes its files (no checksum)".to_owned());
    }
    let written = u64::from_le_bytes(trailer[..8].try_into().expect("8 bytes"));
    if written != payload {
        return Err(format!("is not as long as when it was written ({payload} bytes of module, {written} written)"));
    }
    let sum = u32::from_le_bytes(trailer[8..12].try_into().expect("4 bytes"));
    let found = hasher.finalize();
    if sum != found {
        return Err(format!("is damaged: its checksum does not match (CRC-32 {found:08x}, {sum:08x} written)"));
    }
    Ok(())
}

/// What follows a module's bytes in its file, for `verify`.
fn trailer(module: &[u8]) -> [u8; TRAILER_LEN as usize] {
    let mut trailer = [0; TRAILER_LEN as usize];
    trailer[..8].copy_from_slice(&(module.len() as u64).to_le_bytes());
    trailer[8..12].copy_from_slice(&crc32fast::hash(module).to_le_bytes());
    trailer[12..].copy_from_slice(&TRAILER_MAGIC);
    trailer
}

fn lock_path(path: &Path) -> PathBuf {
    path.with_extension(&LOCK[1..])
}

/// Takes the lock of the module written to `path` (an advisory lock on
/// `engine-<key>.lock`), waiting at most `LOCK_WAIT` for a process that holds it, which is
/// compiling that module. None when it cannot be taken (no lock file can be made there, a
/// file system without locks, or the wait ran out): the module is then compiled without.
/// Released when the file is closed, by the process's end too.
fn lock(path: &Path) -> Option<File> {
    let lock_path = lock_path(path);
    let mut options = File::options();
    options.write(true).create(true).truncate(false);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let file = match options.open(&lock_path) {
        Ok(file) => file,
        Err(error) => {
            tracing::debug!(path = %lock_path.display(), %error, "no lock for the compiled engine module");
            return None;
        }
    };
    let started = Instant::now();
    let mut said = false;
    loop {
        match file.try_lock() {
            Ok(()) => {
                // For pruning: a lock file is old when no process has taken it for a while.
                let _ = file.set_modified(SystemTime::now());
                if said {
                    let waited_ms = started.elapsed().as_millis() as u64;
                    tracing::debug!(path = %lock_path.display(), waited_ms, "compiled engine module's lock taken");
                }
                return Some(file);
            }
            Err(std::fs::TryLockError::WouldBlock) => {}
            Err(std::fs::TryLockError::Error(error)) => {
                tracing::debug!(path = %lock_path.display(), %error, "no lock for the compiled engine module");
                return None;
            }
        }
        if started.elapsed() >= LOCK_WAIT {
            tracing::warn!(
                path = %lock_path.display(),
                waited_s = LOCK_WAIT.as_secs(),
                "another process has been compiling the engine module for too long; compiling it here too"
            );
            return None;
        }
        if !said {
            tracing::debug!(path = %lock_path.display(), "another process is compiling the engine module; waiting for it");
            said = true;
        }
        std::thread::sleep(LOCK_POLL);
    }
}

fn compile(engine: &Engine, wasm: &[u8]) -> anyhow::Result<Module> {
    let started = Instant::now();
    let module = Module::new(engine, wasm).map_err(super::wasm_error)?;
    tracing::debug!(elapsed_ms = started.elapsed().as_millis() as u64, "engine module compiled");
    Ok(module)
}

/// The cache folder, created if missing (0700), unless another user owns it or others
/// may write to it: then they could put code there that this process would run.
fn usable(dir: &Path) -> bool {
    if let Err(error) = create_dir(dir) {
        tracing::debug!(dir = %dir.display(), %error, "no engine module cache: the folder cannot be created");
        return false;
    }
    match std::fs::metadata(dir) {
        Ok(metadata) => match own(&metadata) {
            Ok(()) => true,
            Err(why) => {
                tracing::warn!(dir = %dir.display(), "not using the engine module cache: the folder {why}");
                false
            }
        },
        Err(error) => {
            tracing::debug!(dir = %dir.display(), %error, "no engine module cache");
            false
        }
    }
}

/// Whether a cache folder or file is this process's own: owned by its effective user,
/// and not writable by the group or others. Else why not, for the log.
#[cfg(unix)]
fn own(metadata: &std::fs::Metadata) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt;
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    if metadata.uid() != me {
        return Err(format!(
            "is owned by another user (uid {}, this process runs as uid {me}); make the cache your own",
            metadata.uid()
        ));
    }
    if metadata.mode() & 0o022 != 0 {
        return Err(format!(
            "may be written by others (mode {:o}; make folders 0700, files 0600)",
            metadata.mode() & 0o7777
        ));
    }
    if !metadata.is_dir() && !metadata.is_file() {
        return Err("is neither a folder nor a file".to_owned());
    }
    Ok(())
}

/// Elsewhere no owner is checked: the folder is the user's profile's.
#[cfg(not(unix))]
fn own(_: &std::fs::Metadata) -> Result<(), String> {
    Ok(())
}

/// Creates the cache folder as the engine keeps it (0700), with its parents.
pub fn create_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// The file name's key: SHA-256 of the file layout (`LAYOUT`), the wasm bytes and
/// wasmtime's compatibility hash.
fn key(engine: &Engine, wasm: &[u8]) -> String {
    let mut digest = Sha256::new();
    digest.update(LAYOUT);
    digest.update((wasm.len() as u64).to_le_bytes());
    digest.update(wasm);
    let mut hasher = DigestHasher(digest);
    std::hash::Hash::hash(&engine.precompile_compatibility_hash(), &mut hasher);
    crate::hex::encode(&hasher.0.finalize())
}

/// Feeds what a `Hash` writes into the SHA-256, rather than into std's 64-bit hasher,
/// whose algorithm may change between Rust releases.
struct DigestHasher(Sha256);

impl std::hash::Hasher for DigestHasher {
    fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    fn finish(&self) -> u64 {
        let digest = self.0.clone().finalize();
        u64::from_le_bytes(digest[..8].try_into().expect("a SHA-256 digest has 8 bytes"))
    }
}

/// Writes the compiled module under a temporary name, then renames it into place:
/// processes writing the same module at once each rename a whole file.
fn store(module: &Module, dir: &Path, path: &Path) -> anyhow::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let bytes = module.serialize().map_err(super::wasm_error)?;
    let name = path.file_name().and_then(|name| name.to_str()).unwrap_or("engine");
    let temporary =
        dir.join(format!("{name}.{}.{}{TEMPORARY}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed)));
    let written = write_new(&temporary, &[&bytes, &trailer(&bytes)]).and_then(|()| std::fs::rename(&temporary, path));
    if let Err(error) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(error.into());
    }
    tracing::debug!(path = %path.display(), bytes = bytes.len() as u64 + TRAILER_LEN, "compiled engine module cached");
    Ok(())
}

fn write_new(path: &Path, parts: &[&[u8]]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    for bytes in parts {
        file.write_all(bytes)?;
    }
    // Whole on disk before the rename makes it visible (a crash must not leave a
    // truncated file under the real name).
    file.sync_all()
}

/// Removes other compiled modules not used for `MAX_AGE`, those of `kind` beyond the
/// most recently used few, and temporary and lock files left behind. Best effort.
fn prune(dir: &Path, keep: &Path, kind: Kind) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let now = SystemTime::now();
    let age = |modified: SystemTime| now.duration_since(modified).unwrap_or_default();
    let mut modules: Vec<(SystemTime, PathBuf)> = Vec::new();
    let mut remove = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str().filter(|name| name.starts_with(PREFIX)) else { continue };
        let Ok(modified) = entry.metadata().and_then(|metadata| metadata.modified()) else { continue };
        let path = entry.path();
        if name.ends_with(TEMPORARY) || name.ends_with(LOCK) {
            // A lock file is removed by the process that wrote its module; one left
            // behind was a process's that stopped compiling (killed, or it could not write).
            if age(modified) > TEMPORARY_AGE {
                remove.push(path);
            }
        } else if name.ends_with(SUFFIX) && path != keep {
            if age(modified) > MAX_AGE {
                remove.push(path);
            } else if Kind::of(name) == kind {
                modules.push((modified, path));
            }
        }
    }
    modules.sort_by_key(|(modified, _)| std::cmp::Reverse(*modified));
    // `keep` (just written) is one of those kept.
    remove.extend(modules.into_iter().skip(kind.keep() - 1).map(|(_, path)| path));
    for path in remove {
        match std::fs::remove_file(&path) {
            Ok(()) => tracing::debug!(path = %path.display(), "stale compiled engine module removed"),
            Err(error) => tracing::debug!(path = %path.display(), %error, "stale compiled engine module not removed"),
        }
    }
}

/// The default cache folder: `$XDG_CACHE_HOME/courtrules`, else `$HOME/.cache/courtrules`;
/// when neither is set to an absolute path, why there is none (for a warning).
pub fn default_dir() -> Result<PathBuf, &'static str> {
    default_dir_in(std::env::var_os("XDG_CACHE_HOME"), std::env::var_os("HOME"))
}

fn default_dir_in(xdg_cache_home: Option<OsString>, home: Option<OsString>) -> Result<PathBuf, &'static str> {
    let absolute = |value: Option<OsString>| value.map(PathBuf::from).filter(|path| path.is_absolute());
    match (absolute(xdg_cache_home), absolute(home)) {
        (Some(cache), _) => Ok(cache.join("courtrules")),
        (None, Some(home)) => Ok(home.join(".cache/courtrules")),
        (None, None) => Err("neither XDG_CACHE_HOME nor HOME is set to an absolute path"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest module: a header and nothing else.
    const EMPTY: &[u8] = b"\0asm\x01\0\0\0";
    /// A module with one empty function type.
    const ONE_TYPE: &[u8] = b"\0asm\x01\0\0\0\x01\x04\x01\x60\0\0";

    /// A module whose function `answer` returns 42.
    const ANSWER: &[u8] = b"\0asm\x01\0\0\0\x01\x05\x01\x60\0\x01\x7f\x03\x02\x01\0\x07\x0a\x01\x06answer\0\0\x0a\x06\x01\x04\0\x41\x2a\x0b";

    fn answer(engine: &Engine, module: &Module) -> i32 {
        let mut store = wasmtime::Store::new(engine, ());
        let instance = wasmtime::Instance::new(&mut store, module, &[]).unwrap();
        instance.get_typed_func::<(), i32>(&mut store, "answer").unwrap().call(&mut store, ()).unwrap()
    }

    /// What `run` logged (this thread's events), as text.
    fn logged<T>(run: impl FnOnce() -> T) -> (T, String) {
        use std::sync::{Arc, Mutex};
        #[derive(Clone, Default)]
        struct Buffer(Arc<Mutex<Vec<u8>>>);
        impl std::io::Write for Buffer {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(bytes);
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let buffer = Buffer::default();
        let writer = buffer.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::DEBUG)
            .with_ansi(false)
            .with_writer(move || writer.clone())
            .finish();
        let result = tracing::subscriber::with_default(subscriber, run);
        let text = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
        (result, text)
    }

    fn files(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|entry| entry.unwrap().file_name().into_string().unwrap()).collect();
        names.sort();
        names
    }

    #[test]
    fn the_key_follows_the_bytes_and_the_engine() {
        let engine = Engine::default();
        assert_eq!(key(&engine, EMPTY), key(&engine, EMPTY));
        assert_ne!(key(&engine, EMPTY), key(&engine, ONE_TYPE));
        let mut config = wasmtime::Config::new();
        config.epoch_interruption(true);
        let other = Engine::new(&config).unwrap();
        assert_ne!(key(&engine, EMPTY), key(&other, EMPTY), "another configuration, another key");
        assert_eq!(key(&engine, EMPTY).len(), 64);
    }

    #[test]
    fn a_module_is_written_once_then_loaded_and_a_bad_file_is_replaced() {
        let engine = Engine::default();
        let dir = tempfile::tempdir().unwrap();
        let cache = dir.path().join("cache");
        load(&engine, ONE_TYPE, Kind::Plain, Some(&cache)).unwrap();
        let written = files(&cache);
        assert_eq!(written.len(), 1, "{written:?}");
        assert!(written[0].starts_with(PREFIX) && written[0].ends_with(SUFFIX));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&cache).unwrap().permissions().mode() & 0o777, 0o700);
            let file = std::fs::metadata(cache.join(&written[0])).unwrap();
            assert_eq!(file.permissions().mode() & 0o777, 0o600);
        }
        let path = cache.join(&written[0]);
        let modified = std::fs::metadata(&path).unwrap().modified().unwrap();
        let compiled = std::fs::read(&path).unwrap();
        File::options().write(true).open(&path).unwrap().set_modified(modified - Duration::from_secs(60)).unwrap();
        load(&engine, ONE_TYPE, Kind::Plain, Some(&cache)).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), compiled, "a good file is loaded, not rewritten");
        assert!(std::fs::metadata(&path).unwrap().modified().unwrap() >= modified, "loading marks the file used");

        let garbage = b"not a compiled module";
        std::fs::write(&path, garbage).unwrap();
        load(&engine, ONE_TYPE, Kind::Plain, Some(&cache)).unwrap();
        let replaced = std::fs::read(&path).unwrap();
        assert_ne!(replaced, garbage, "a bad file is compiled again and replaced");
        // SAFETY: the file was just written by `load`, in a folder of this test's own.
        unsafe { Module::deserialize_file(&engine, &path) }.expect("the replacement loads");
        assert_eq!(files(&cache), written, "no temporary file is left");
    }

    /// The report that found this: 10 KB overwritten in the middle of the file (same
    /// length) made every command die of an illegal instruction until the file was removed.
    #[test]
    fn a_file_damaged_in_the_middle_is_compiled_again_not_run() {
        let engine = Engine::default();
        let dir = tempfile::tempdir().unwrap();
        let cache = dir.path().join("cache");
        let module = load(&engine, ANSWER, Kind::Plain, Some(&cache)).unwrap();
        assert_eq!(answer(&engine, &module), 42);
        let path = cache.join(&files(&cache)[0]);
        let written = std::fs::read(&path).unwrap();
        let (payload, end) = written.split_at(written.len() - TRAILER_LEN as usize);
        assert_eq!(end, trailer(payload), "the file ends with the module's length and CRC-32");
        // SAFETY: the file was just written by `load`, in a folder of this test's own.
        unsafe { Module::deserialize_file(&engine, &path) }.expect("wasmtime reads the file, trailer and all");

        // Bytes flipped mid-file, the length kept: the file still parses as an ELF.
        let mut damaged = written.clone();
        let middle = damaged.len() / 2;
        for byte in &mut damaged[middle - 8..middle + 8] {
            *byte = !*byte;
        }
        std::fs::write(&path, &damaged).unwrap();
        let (module, logs) = logged(|| load(&engine, ANSWER, Kind::Plain, Some(&cache)).unwrap());
        assert_eq!(answer(&engine, &module), 42);
        assert!(logs.contains("WARN") && logs.contains("the file is damaged: its checksum does not match"), "{logs}");
        assert!(logs.contains("engine module compiled"), "{logs}");
        assert_eq!(std::fs::read(&path).unwrap().len(), written.len(), "replaced by a whole file");
        assert_ne!(std::fs::read(&path).unwrap(), damaged);
        assert_eq!(files(&cache), [path.file_name().unwrap().to_str().unwrap()], "no lock or temporary file left");

        // The replacement is loaded, quietly. Damage to the trailer itself (the length,
        // the checksum, the end mark) is refused the same way.
        let (module, logs) = logged(|| load(&engine, ANSWER, Kind::Plain, Some(&cache)).unwrap());
        assert_eq!(answer(&engine, &module), 42);
        assert!(!logs.contains("WARN") && !logs.contains("engine module compiled"), "{logs}");
        for at in [1, 6, 10, 15] {
            let mut bytes = std::fs::read(&path).unwrap();
            let index = bytes.len() - TRAILER_LEN as usize + at;
            bytes[index] ^= 0x10;
            std::fs::write(&path, &bytes).unwrap();
            let (module, logs) = logged(|| load(&engine, ANSWER, Kind::Plain, Some(&cache)).unwrap());
            assert_eq!(answer(&engine, &module), 42);
            assert!(logs.contains("not loading the compiled engine module, compiling it again"), "byte {at}: {logs}");
        }
        // Cut short, and a file of the layout before the checksum (the module alone).
        std::fs::write(&path, &written[..written.len() / 2]).unwrap();
        let (_, logs) = logged(|| load(&engine, ANSWER, Kind::Plain, Some(&cache)).unwrap());
        assert!(logs.contains("not loading the compiled engine module"), "{logs}");
        std::fs::write(&path, payload).unwrap();
        let (_, logs) = logged(|| load(&engine, ANSWER, Kind::Plain, Some(&cache)).unwrap());
        assert!(logs.contains("(no checksum)"), "{logs}");
        assert_eq!(std::fs::read(&path).unwrap().len(), written.len());
    }

    /// A process that finds no file while another holds the module's lock waits, then
    /// loads the file that one wrote rather than compiling it too.
    #[test]
    fn a_process_waits_for_the_one_compiling() {
        let engine = Engine::default();
        let dir = tempfile::tempdir().unwrap();
        let cache = dir.path().join("cache");
        create_dir(&cache).unwrap();
        let path = cache.join(format!("{PREFIX}{}{SUFFIX}", key(&engine, ANSWER)));
        let held = lock(&path).expect("the lock is free");
        let waiter = {
            let (engine, cache) = (engine.clone(), cache.clone());
            std::thread::spawn(move || logged(|| load(&engine, ANSWER, Kind::Plain, Some(&cache)).unwrap()))
        };
        std::thread::sleep(Duration::from_millis(300));
        assert!(!waiter.is_finished(), "the second process waits while the lock is held");
        assert!(!path.exists());
        // The first process writes its module, removes the lock file and lets go.
        store(&compile(&engine, ANSWER).unwrap(), &cache, &path).unwrap();
        let stored = identity(&path);
        std::fs::remove_file(lock_path(&path)).unwrap();
        drop(held);
        let (module, logs) = waiter.join().unwrap();
        assert_eq!(answer(&engine, &module), 42);
        assert!(logs.contains("waiting for it") && !logs.contains("engine module compiled"), "{logs}");
        assert_eq!(identity(&path).map(|(len, _)| len), stored.map(|(len, _)| len));
        assert_eq!(files(&cache), [path.file_name().unwrap().to_str().unwrap()]);

        // A lock file left by a process that died is no obstacle: its lock went with it.
        std::fs::remove_file(&path).unwrap();
        std::fs::write(lock_path(&path), b"").unwrap();
        let (_, logs) = logged(|| load(&engine, ANSWER, Kind::Plain, Some(&cache)).unwrap());
        assert!(!logs.contains("waiting for it") && logs.contains("engine module compiled"), "{logs}");
        assert_eq!(files(&cache), [path.file_name().unwrap().to_str().unwrap()]);
    }

    #[test]
    fn the_default_folder_needs_an_absolute_cache_home_or_home() {
        let value = |text: &str| Some(OsString::from(text));
        assert_eq!(default_dir_in(value("/x/cache"), value("/home/me")).unwrap(), Path::new("/x/cache/courtrules"));
        assert_eq!(default_dir_in(None, value("/home/me")).unwrap(), Path::new("/home/me/.cache/courtrules"));
        assert_eq!(
            default_dir_in(value("relative"), value("/home/me")).unwrap(),
            Path::new("/home/me/.cache/courtrules")
        );
        // No home: no folder, and why, for the warning the commands print (cli/args.rs).
        for (xdg, home) in [(None, None), (value("relative"), None), (None, value("")), (value(""), value("home"))] {
            assert_eq!(default_dir_in(xdg, home), Err("neither XDG_CACHE_HOME nor HOME is set to an absolute path"));
        }
    }

    #[test]
    fn stale_and_excess_modules_are_pruned() {
        let dir = tempfile::tempdir().unwrap();
        let old = SystemTime::now() - MAX_AGE - Duration::from_secs(60);
        let touch = |name: &str, modified: SystemTime| {
            let path = dir.path().join(name);
            std::fs::write(&path, b"x").unwrap();
            File::options().write(true).open(&path).unwrap().set_modified(modified).unwrap();
        };
        touch("engine-old.cwasm", old);
        touch("engine-primed-old.cwasm", old);
        touch("engine-old.cwasm.1.0.tmp", old);
        touch("engine-recent.cwasm.1.1.tmp", SystemTime::now());
        touch("engine-old.lock", old);
        touch("engine-primed-recent.lock", SystemTime::now());
        touch("unrelated.cwasm", old);
        let recent = |index: usize| SystemTime::now() - Duration::from_secs(index as u64 * 60);
        for index in 0..10 {
            touch(&format!("engine-{index:02}.cwasm"), recent(index));
            touch(&format!("engine-primed-{index:02}.cwasm"), recent(index));
        }
        touch("engine-new.cwasm", old);
        prune(dir.path(), &dir.path().join("engine-new.cwasm"), Kind::Plain);
        let mut expected: Vec<String> =
            (0..Kind::Plain.keep() - 1).map(|index| format!("engine-{index:02}.cwasm")).collect();
        expected.extend((0..10).map(|index| format!("engine-primed-{index:02}.cwasm")));
        expected.extend(
            ["engine-new.cwasm", "engine-recent.cwasm.1.1.tmp", "engine-primed-recent.lock", "unrelated.cwasm"]
                .map(String::from),
        );
        expected.sort();
        assert_eq!(files(dir.path()), expected, "the other kind is only pruned by age");

        touch("engine-primed-new.cwasm", SystemTime::now());
        prune(dir.path(), &dir.path().join("engine-primed-new.cwasm"), Kind::Primed);
        // engine-new.cwasm is old: it was spared only while it was the file just written.
        expected
            .retain(|name| (!name.starts_with("engine-primed-") || name.ends_with(LOCK)) && name != "engine-new.cwasm");
        expected.extend((0..Kind::Primed.keep() - 1).map(|index| format!("engine-primed-{index:02}.cwasm")));
        expected.push("engine-primed-new.cwasm".into());
        expected.sort();
        assert_eq!(files(dir.path()), expected);
    }

    /// Whether this process may give files away (root), for the ownership tests.
    #[cfg(unix)]
    fn can_chown() -> bool {
        // SAFETY: geteuid has no preconditions and cannot fail.
        let root = unsafe { libc::geteuid() } == 0;
        if !root {
            eprintln!("skipped: a file owned by another user can only be made by root");
        }
        root
    }

    #[cfg(unix)]
    #[test]
    fn a_folder_another_user_owns_or_may_write_is_not_used() {
        use std::os::unix::fs::PermissionsExt;
        let engine = Engine::default();
        let dir = tempfile::tempdir().unwrap();
        let writable = dir.path().join("writable");
        std::fs::create_dir(&writable).unwrap();
        std::fs::set_permissions(&writable, std::fs::Permissions::from_mode(0o777)).unwrap();
        load(&engine, ONE_TYPE, Kind::Plain, Some(&writable)).unwrap();
        assert_eq!(files(&writable), Vec::<String>::new(), "a folder others may write to is not used");
        if !can_chown() {
            return;
        }
        // 0755, as `mkdir` makes it, but another user's (nobody's): as the report that found
        // this, a module there was loaded as if it were this user's own.
        let theirs = dir.path().join("theirs");
        load(&engine, ONE_TYPE, Kind::Plain, Some(&theirs)).unwrap();
        let planted = files(&theirs);
        assert_eq!(planted.len(), 1);
        std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::os::unix::fs::chown(&theirs, Some(65534), Some(65534)).unwrap();
        let metadata = std::fs::metadata(&theirs).unwrap();
        assert!(own(&metadata).unwrap_err().contains("owned by another user (uid 65534"));
        let file = theirs.join(&planted[0]);
        let modified = std::fs::metadata(&file).unwrap().modified().unwrap() - Duration::from_secs(60);
        File::options().write(true).open(&file).unwrap().set_modified(modified).unwrap();
        std::fs::write(theirs.join("marker"), b"").unwrap();
        load(&engine, ONE_TYPE, Kind::Plain, Some(&theirs)).unwrap();
        assert_eq!(
            std::fs::metadata(&file).unwrap().modified().unwrap(),
            modified,
            "a file in another user's folder is not opened to be loaded (which marks it used)"
        );
        assert_eq!(files(&theirs), [planted[0].clone(), "marker".to_owned()], "nor is anything written there");
    }

    #[cfg(unix)]
    #[test]
    fn a_file_another_user_owns_or_may_write_is_compiled_again_and_replaced() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let engine = Engine::default();
        let dir = tempfile::tempdir().unwrap();
        let cache = dir.path().join("cache");
        load(&engine, ONE_TYPE, Kind::Plain, Some(&cache)).unwrap();
        let path = cache.join(&files(&cache)[0]);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o666)).unwrap();
        assert!(own(&std::fs::metadata(&path).unwrap()).unwrap_err().contains("written by others (mode 666"));
        load(&engine, ONE_TYPE, Kind::Plain, Some(&cache)).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().mode() & 0o777, 0o600, "replaced by a file of its own");
        if !can_chown() {
            return;
        }
        std::os::unix::fs::chown(&path, Some(65534), Some(65534)).unwrap();
        load(&engine, ONE_TYPE, Kind::Plain, Some(&cache)).unwrap();
        let replaced = std::fs::metadata(&path).unwrap();
        // SAFETY: geteuid has no preconditions and cannot fail.
        assert_eq!(replaced.uid(), unsafe { libc::geteuid() }, "another user's file is replaced, not loaded");
        assert_eq!(replaced.mode() & 0o777, 0o600);
    }

    #[test]
    fn no_cache_folder_still_compiles() {
        let engine = Engine::default();
        load(&engine, ONE_TYPE, Kind::Plain, None).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a-file");
        std::fs::write(&file, b"").unwrap();
        // A folder that cannot be created (its parent is a file): compiled, no error.
        load(&engine, ONE_TYPE, Kind::Plain, Some(&file.join("cache"))).unwrap();
    }
}
