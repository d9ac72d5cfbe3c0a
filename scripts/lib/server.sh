# Throwaway courtrules servers for the scripts that test them from outside (the load test,
# schemathesis): a fresh database — SQLite in a temporary folder, or the PostgreSQL URL in
# SERVER_DATABASE_URL — free loopback ports, stopped and removed on exit.
#
#   source scripts/lib/server.sh
#   server_workspace                 # sets WORK and STORAGE (the database/data flags); trap
#   "$BIN" "${STORAGE[@]}" keys ...  # CLI commands against the same database
#   server_start "$BIN"              # sets SERVER_PID, BASE, and FIRST_KEY if it made one;
#                                    # called again, another server on the same database

server_workspace() {
  WORK="$(mktemp -d)"
  SERVER_PID=""
  SERVER_PIDS=()
  STORAGE=(--database-url "${SERVER_DATABASE_URL:-sqlite://$WORK/courtrules.db}" --data-dir "$ROOT/data")
  trap server_cleanup EXIT
}

server_cleanup() {
  local pid
  for pid in "${SERVER_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  SERVER_PIDS=()
  rm -rf "$WORK"
}

server_start() {
  local bin="$1" n=${#SERVER_PIDS[@]}
  (cd "$WORK" && exec "$bin" "${STORAGE[@]}" serve --addr 127.0.0.1:0 >"$WORK/stdout.$n" 2>"$WORK/server.$n.log") &
  SERVER_PID=$!
  SERVER_PIDS+=("$SERVER_PID")
  for _ in $(seq 1 600); do
    grep -q '^courtrules listening on ' "$WORK/stdout.$n" 2>/dev/null && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.$n.log" >&2; exit 1; }
    sleep 0.1
  done
  BASE="$(sed -n 's/^courtrules listening on //p' "$WORK/stdout.$n")"
  [ -n "$BASE" ] || { echo "the server did not start" >&2; cat "$WORK/server.$n.log" >&2; exit 1; }
  # Not a terminal: the server writes its first key to a file and says where.
  local key_file
  key_file="$(sed -n 's/.*the key was written to \(.*\) (readable by this user only).*/\1/p' "$WORK/stdout.$n")"
  FIRST_KEY="$(grep -oh 'crk_[0-9a-f]*_[0-9a-f]*' "$WORK/stdout.$n" ${key_file:+"$key_file"} 2>/dev/null | head -1 || true)"
}
