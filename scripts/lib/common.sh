# Shared by scripts/run and scripts/test: installs what the project needs on a bare
# machine, skipping whatever is already there at the right version. Everything comes
# from the package registries (crates.io, PyPI, Debian, npm); nothing from GitHub or a
# CDN. Tools go into .tools/ inside the repository.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TOOLS="$ROOT/.tools"
export PATH="$TOOLS/bin:$TOOLS/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export XDG_CACHE_HOME="$ROOT/.cache"
export CARGO_TERM_PROGRESS_WHEN=never

TRUNK_VERSION="0.21.14"
WASM_PACK_VERSION="0.15.1"
BINARYEN_VERSION="132.0.0"

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
note() { printf '    %s\n' "$*"; }
fail() { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# apt_install PACKAGE... — installs the Debian packages that are missing.
apt_install() {
  local missing=()
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    note "Debian packages present: $*"
    return
  fi
  step "Installing Debian packages: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

ensure_rust() {
  command -v cargo >/dev/null || { echo "cargo is required (the machine's Rust toolchain)" >&2; exit 2; }
  # RUSTUP_AUTO_INSTALL=0 on these machines: the target list in rust-toolchain.toml is
  # not installed by itself.
  if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    step "Adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
}

# cargo_tool CRATE BINARY VERSION [--locked] — cargo install into .tools unless the
# binary there already reports VERSION.
cargo_tool() {
  local crate="$1" binary="$2" version="$3" locked="${4:-}"
  if [ -x "$TOOLS/bin/$binary" ] && "$TOOLS/bin/$binary" --version 2>/dev/null | grep -q "$version"; then
    note "$binary $version present"
    return
  fi
  step "Installing $crate $version (cargo install; takes a few minutes once)"
  # The tools' own release profiles ask for fat LTO in one codegen unit (trunk's does),
  # which makes their build several minutes longer on two cores for a build tool whose
  # speed does not matter here; the environment overrides a manifest's profile. One
  # target folder for all three lets them share the dependencies they have in common.
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=0 \
    CARGO_TARGET_DIR="$TOOLS/build" \
    cargo install --quiet --root "$TOOLS" "$crate" --version "$version" $locked
}

# The wasm-bindgen CLI must match the wasm-bindgen library in Cargo.lock exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}

ensure_wasm_tools() {
  ensure_rust
  # Without --locked: the CLI's own lock file wants a crate version the registry
  # mirror lacks (see TOOLCHAIN.md).
  cargo_tool wasm-bindgen-cli wasm-bindgen "$(wasm_bindgen_version)"
  cargo_tool wasm-pack wasm-pack "$WASM_PACK_VERSION" --locked
  cargo_tool trunk trunk "$TRUNK_VERSION" --locked
  # Debian's binaryen is too old for current wasm; the npm package works.
  if ! { [ -x "$TOOLS/node_modules/.bin/wasm-opt" ] && grep -q "\"version\": \"$BINARYEN_VERSION\"" "$TOOLS/node_modules/binaryen/package.json" 2>/dev/null; }; then
    step "Installing binaryen $BINARYEN_VERSION (wasm-opt) from npm"
    npm install --silent --no-audit --no-fund --prefix "$TOOLS" "binaryen@$BINARYEN_VERSION" >/dev/null
  fi
}

ensure_ocr() {
  apt_install tesseract-ocr tesseract-ocr-eng poppler-utils
}

ensure_python_tools() {
  if [ ! -x "$TOOLS/venv/bin/python" ]; then
    step "Creating a Python environment in .tools/venv"
    python3 -m venv "$TOOLS/venv"
  fi
  local requirements="$ROOT/scripts/requirements-test.txt"
  local stamp="$TOOLS/venv/.requirements.sha256"
  local wanted
  wanted="$(sha256sum "$requirements" | cut -d' ' -f1)"
  if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
    step "Installing Python test tools (scripts/requirements-test.txt)"
    "$TOOLS/venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    echo "$wanted" > "$stamp"
  else
    note "Python test tools present"
  fi
}

ensure_browser() {
  apt_install chromium
  if [ ! -d "$ROOT/tests/browser/node_modules/playwright-core" ] || [ ! -d "$ROOT/tests/browser/node_modules/axe-core" ]; then
    step "Installing playwright-core and axe-core for the browser tests (npm ci; the browser is Debian's)"
    npm ci --silent --no-audit --no-fund --prefix "$ROOT/tests/browser" >/dev/null
  fi
}
