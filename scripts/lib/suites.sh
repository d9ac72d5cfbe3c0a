# The test suites, in the order scripts/test runs them. Each prints what it runs.
# `scripts/test SUITE...` runs only the named suites (e.g. `scripts/test rust node`):
# lint, rust, postgres, api, mcp, deadlines, node, browser.

suite_lint() {
  step "Formatting and lints"
  cargo fmt --all -- --check
  cargo clippy --release --locked --workspace --all-targets -- -D warnings
  cargo clippy --release --locked -p courtrules-web --target wasm32-unknown-unknown -- -D warnings
  # The engine as the host's core module (its C ABI), and as the npm package's two
  # modules, each with only its own features.
  cargo clippy --release --locked -p courtrules-engine --target wasm32-unknown-unknown --features abi -- -D warnings
  for features in js-check js-document; do
    cargo clippy --release --locked -p courtrules-engine --target wasm32-unknown-unknown \
      --no-default-features --features "$features" -- -D warnings
  done
}

suite_rust() {
  step "Rust tests: engine (unit, golden corpus, classify), host end-to-end over HTTP"
  cargo test --release --locked --workspace
}

# The HTTP end-to-end suites again, on PostgreSQL: each test server gets a database of
# its own in a throwaway cluster; `replicas` runs two servers on one database and
# compares the answers of both backends byte for byte.
POSTGRES_E2E_TESTS=(api catalogue classify cli hardening layers lifecycle operations rate_limits replicas)

suite_postgres() {
  source "$ROOT/scripts/lib/postgres.sh"
  start_test_postgres
  step "End-to-end tests on PostgreSQL: ${POSTGRES_E2E_TESTS[*]}"
  local tests=()
  for name in "${POSTGRES_E2E_TESTS[@]}"; do tests+=(--test "$name"); done
  # --workspace, as build_for_tests built them: with -p the features differ and the
  # dependencies would be compiled again.
  COURTRULES_REQUIRE_POSTGRES=1 cargo test --release --locked --workspace "${tests[@]}"
  stop_test_postgres
}

suite_api() {
  step "OpenAPI: openapi-spec-validator and schemathesis against the real server"
  tests/schemathesis/run.sh
}

suite_mcp() {
  step "The MCP tool server with the official Python MCP SDK (HTTP and stdio)"
  tests/mcp/run.sh
}

suite_deadlines() {
  step "Deadlines against an independent implementation of Rule 6 (python-holidays); iCalendar through icalendar"
  tests/deadlines/run.sh 2000
}

suite_node() {
  build_pkg
  step "The npm package under Node (node --test tests/node)"
  COURTRULES_REQUIRE_SERVER=1 node --test --test-concurrency=1 tests/node/
}

suite_browser() {
  build_web
  step "The drafting app and the package in headless Chromium (tests/browser)"
  node --test --test-concurrency=1 tests/browser/
}

ALL_SUITES=(lint rust postgres api mcp deadlines node browser)

run_all_suites() {
  local started=$SECONDS
  local suites=("$@")
  [ ${#suites[@]} -gt 0 ] || suites=("${ALL_SUITES[@]}")
  build_for_tests
  for suite in "${suites[@]}"; do
    "suite_$suite"
  done
  step "All tests passed (${suites[*]}) in $(( (SECONDS - started) / 60 )) min $(( (SECONDS - started) % 60 )) s"
}
