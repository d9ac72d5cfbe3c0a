//! Builds the engine's `wasm32-unknown-unknown` core module and puts it in `OUT_DIR`,
//! where `src/sandbox.rs` embeds it with `include_bytes!`. No manual step: a normal
//! `cargo build -p courtrules` always serves the engine built from this checkout.
//!
//! `COURTRULES_ENGINE_WASM=<path>` embeds a module built elsewhere instead.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Variables the outer build sets that must not leak into the inner one: they would
/// replace the `.cargo/config.toml` wasm rustflags, retarget the build, share the outer
/// target directory (and deadlock on its lock) or run clippy on the engine again.
const INHERITED: &[&str] = &[
    "CARGO_ENCODED_RUSTFLAGS",
    "CARGO_BUILD_RUSTFLAGS",
    "RUSTFLAGS",
    "CARGO_BUILD_TARGET",
    "CARGO_TARGET_DIR",
    "CARGO_BUILD_TARGET_DIR",
    "RUSTC_WORKSPACE_WRAPPER",
    "RUSTC_WRAPPER",
    "CARGO_INCREMENTAL",
    "CARGO_PRIMARY_PACKAGE",
];

fn main() {
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap());
    let workspace = manifest_dir.parent().expect("host/ sits in the workspace root").to_path_buf();
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").unwrap());
    let destination = out_dir.join("courtrules_engine.wasm");

    // `sqlx::migrate!` embeds the migrations; a new file must rebuild the host.
    println!("cargo:rerun-if-changed={}", workspace.join("migrations").display());
    println!("cargo:rerun-if-env-changed=COURTRULES_ENGINE_WASM");
    if let Some(prebuilt) = std::env::var_os("COURTRULES_ENGINE_WASM") {
        let prebuilt = PathBuf::from(prebuilt);
        println!("cargo:rerun-if-changed={}", prebuilt.display());
        copy(&prebuilt, &destination);
        return;
    }
    for path in ["engine/src", "engine/Cargo.toml", "Cargo.lock", "Cargo.toml", ".cargo/config.toml"] {
        println!("cargo:rerun-if-changed={}", workspace.join(path).display());
    }

    let target_dir = workspace.join("target/engine-wasm");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(&workspace)
        .args(["build", "-p", "courtrules-engine", "--target", "wasm32-unknown-unknown", "--profile", "wasm"])
        .args(["--features", "abi"])
        .arg("--target-dir")
        .arg(&target_dir);
    for name in INHERITED {
        command.env_remove(name);
    }
    let status = command.status().expect("could not run cargo to build the engine's wasm module");
    if !status.success() {
        panic!("building the engine's wasm module failed ({status}); see the cargo output above");
    }
    copy(&target_dir.join("wasm32-unknown-unknown/wasm/courtrules_engine.wasm"), &destination);
}

fn copy(from: &Path, to: &Path) {
    if let Err(error) = std::fs::copy(from, to) {
        panic!("could not copy the engine's wasm module from {}: {error}", from.display());
    }
}
