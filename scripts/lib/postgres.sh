# A throwaway PostgreSQL cluster for the tests: installed from Debian if missing,
# created with initdb in a temporary folder, listening on a free loopback port with
# trust authentication, and removed when the calling script exits. PostgreSQL refuses
# to run as root, so as root the cluster runs as the `postgres` user the package makes.

ensure_postgres() {
  apt_install postgresql
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  [ -x "$PG_BIN/initdb" ] || fail "PostgreSQL's initdb was not found under /usr/lib/postgresql"
}

# as_cluster_owner COMMAND... — runs a PostgreSQL program as the cluster's owner.
as_cluster_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# start_test_postgres — starts the cluster and exports COURTRULES_TEST_POSTGRES.
start_test_postgres() {
  ensure_postgres
  PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/courtrules-postgres.XXXXXX")
  [ "$(id -u)" = 0 ] && chown postgres "$PG_DIR"
  local port
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  step "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}'): a throwaway cluster on 127.0.0.1:$port ($PG_DIR)"
  as_cluster_owner "$PG_BIN/initdb" --pgdata="$PG_DIR/data" --username=courtrules --auth=trust \
    --encoding=UTF8 --locale=C.UTF-8 >"$PG_DIR/initdb.log" || { cat "$PG_DIR/initdb.log"; fail "initdb failed"; }
  trap stop_test_postgres EXIT
  as_cluster_owner "$PG_BIN/pg_ctl" --pgdata="$PG_DIR/data" --log="$PG_DIR/server.log" --wait --silent \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $PG_DIR -c max_connections=300" start \
    || { cat "$PG_DIR/server.log"; fail "PostgreSQL did not start"; }
  export COURTRULES_TEST_POSTGRES="postgres://courtrules@127.0.0.1:$port"
}

stop_test_postgres() {
  [ -n "${PG_DIR:-}" ] || return 0
  as_cluster_owner "$PG_BIN/pg_ctl" --pgdata="$PG_DIR/data" --mode=fast --wait --silent stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
  PG_DIR=
  unset COURTRULES_TEST_POSTGRES
}
