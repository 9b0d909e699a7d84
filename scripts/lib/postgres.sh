# A private, throwaway PostgreSQL server for the clinic store's tests: initdb into a temp dir as the
# unprivileged `postgres` account (postgres refuses root), a Unix socket in that dir, no TCP.
# shellcheck shell=bash

PG_BIN=${DICTATION_STATION_PG_BIN:-/usr/lib/postgresql/15/bin}
PG_STARTED_DIR=""
PG_STARTED_PID=""

# Starts the server and exports DICTATION_STATION_TEST_PGHOST (the socket directory) and
# DICTATION_STATION_TEST_PGPORT for the tests. The OS account running the tests is its superuser role,
# reached by peer authentication; every other role logs in only as the OS account of its name.
start_test_postgres() {
    if [ ! -x "$PG_BIN/initdb" ]; then
        echo "error: PostgreSQL's initdb is not at $PG_BIN (install postgresql)" >&2
        return 1
    fi
    local superuser
    superuser=$(id -un)
    PG_STARTED_DIR=$(mktemp -d /tmp/ds-postgres.XXXXXX)
    mkdir -p "$PG_STARTED_DIR/sock"
    local run_as=()
    if [ "$(id -u)" -eq 0 ]; then
        # The whole base belongs to postgres, or pg_ctl cannot write its log; 755 lets clients reach the socket.
        chown -R postgres: "$PG_STARTED_DIR"
        run_as=(runuser -u postgres --)
    fi
    chmod 755 "$PG_STARTED_DIR" "$PG_STARTED_DIR/sock"
    # A port of its own per run, so two runs (or the system cluster) never meet on one socket name.
    local port=$((20000 + RANDOM % 20000))
    if ! "${run_as[@]}" "$PG_BIN/initdb" -D "$PG_STARTED_DIR/data" -U "$superuser" -E UTF8 --locale=C.UTF-8 \
        --auth-local=peer --auth-host=reject --no-sync >"$PG_STARTED_DIR/initdb.log" 2>&1; then
        echo "error: initdb of the test PostgreSQL server failed; its log:" >&2
        cat "$PG_STARTED_DIR/initdb.log" >&2
        return 1
    fi
    if ! "${run_as[@]}" "$PG_BIN/pg_ctl" -D "$PG_STARTED_DIR/data" -l "$PG_STARTED_DIR/server.log" -w \
        -o "-c listen_addresses='' -k $PG_STARTED_DIR/sock -p $port -c fsync=off" start >/dev/null; then
        echo "error: the test PostgreSQL server did not start; its log:" >&2
        cat "$PG_STARTED_DIR/server.log" >&2 || true
        return 1
    fi
    PG_STARTED_PID=$(head -n 1 "$PG_STARTED_DIR/data/postmaster.pid")
    export DICTATION_STATION_TEST_PGHOST="$PG_STARTED_DIR/sock" DICTATION_STATION_TEST_PGPORT="$port"
    echo "PostgreSQL for tests: socket $DICTATION_STATION_TEST_PGHOST, port $port, pid $PG_STARTED_PID" >&2
}

# Stops only the server start_test_postgres started, by its pid (a fast shutdown), and removes its files.
stop_test_postgres() {
    if [ -n "$PG_STARTED_PID" ]; then
        kill -INT "$PG_STARTED_PID" 2>/dev/null || true
        local tries=0
        while kill -0 "$PG_STARTED_PID" 2>/dev/null && [ $tries -lt 100 ]; do
            tries=$((tries + 1))
            sleep 0.1
        done
        kill -KILL "$PG_STARTED_PID" 2>/dev/null || true
        PG_STARTED_PID=""
    fi
    if [ -n "$PG_STARTED_DIR" ]; then
        rm -rf "$PG_STARTED_DIR"
        PG_STARTED_DIR=""
    fi
}
