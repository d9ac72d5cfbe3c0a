# A throwaway courtrules server for the scripts that test it from outside (the load test,
# schemathesis): a fresh SQLite database in a temporary folder, a free loopback port,
# stopped and removed on exit.
#
#   source scripts/lib/server.sh
#   server_workspace                 # sets WORK and STORAGE (the database/data flags); trap
#   "$BIN" "${STORAGE[@]}" keys ...  # CLI commands against the same database
#   server_start "$BIN"              # sets SERVER_PID, BASE, and FIRST_KEY if it made one

server_workspace() {
  WORK="$(mktemp -d)"
  SERVER_PID=""
  STORAGE=(--database-url "sqlite://$WORK/courtrules.db" --data-dir "$ROOT/data")
  trap server_cleanup EXIT
}

server_cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}

server_start() {
  local bin="$1"
  (cd "$WORK" && exec "$bin" "${STORAGE[@]}" serve --addr 127.0.0.1:0 >"$WORK/stdout" 2>"$WORK/server.log") &
  SERVER_PID=$!
  for _ in $(seq 1 600); do
    grep -q '^courtrules listening on ' "$WORK/stdout" 2>/dev/null && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log" >&2; exit 1; }
    sleep 0.1
  done
  BASE="$(sed -n 's/^courtrules listening on //p' "$WORK/stdout")"
  [ -n "$BASE" ] || { echo "the server did not start" >&2; cat "$WORK/server.log" >&2; exit 1; }
  # Not a terminal: the server writes its first key to a file and says where.
  local key_file
  key_file="$(sed -n 's/.*the key was written to \(.*\) (readable by this user only).*/\1/p' "$WORK/stdout")"
  FIRST_KEY="$(grep -oh 'crk_[0-9a-f]*_[0-9a-f]*' "$WORK/stdout" ${key_file:+"$key_file"} 2>/dev/null | head -1 || true)"
}
