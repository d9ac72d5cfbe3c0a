# The test suites, in the order scripts/test runs them. Each prints what it runs.

suite_lint() {
  step "Formatting and lints"
  cargo fmt --all -- --check
  cargo clippy --release --locked --workspace --all-targets -- -D warnings
}

suite_rust() {
  step "Rust tests: engine, golden corpus, end-to-end over HTTP"
  cargo test --release --locked --workspace
}

run_all_suites() {
  local started=$SECONDS
  suite_lint
  suite_rust
  step "All tests passed in $(( (SECONDS - started) / 60 )) min $(( (SECONDS - started) % 60 )) s"
}
