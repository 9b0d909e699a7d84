# A private PulseAudio server with a null sink, for tests that capture real audio.
# shellcheck shell=bash

TEST_SINK=${DICTATION_STATION_TEST_SINK:-ds_test_sink}
PULSE_STARTED_DIR=""
PULSE_LOADED_MODULE=""
PULSE_KEEPER=""

# Starts a private server when none is reachable, or adds the null sink to the one that is;
# exports PULSE_SERVER and DICTATION_STATION_TEST_SINK for the tests.
start_test_pulse() {
    if pactl info >/dev/null 2>&1; then
        if ! pactl list short sinks 2>/dev/null | cut -f2 | grep -qx "$TEST_SINK"; then
            PULSE_LOADED_MODULE=$(pactl load-module module-null-sink "sink_name=$TEST_SINK" rate=16000 channels=1)
        fi
    else
        PULSE_STARTED_DIR=$(mktemp -d /tmp/ds-pulse.XXXXXX)
        chmod 700 "$PULSE_STARTED_DIR"
        export PULSE_RUNTIME_PATH="$PULSE_STARTED_DIR/runtime" PULSE_STATE_PATH="$PULSE_STARTED_DIR/state"
        mkdir -p "$PULSE_RUNTIME_PATH" "$PULSE_STATE_PATH"
        export PULSE_SERVER="unix:$PULSE_STARTED_DIR/native"
        # What the server loads at every start: its socket, the sink and its monitor as the defaults.
        cat >"$PULSE_STARTED_DIR/test.pa" <<EOF
load-module module-native-protocol-unix socket=$PULSE_STARTED_DIR/native auth-anonymous=1
load-module module-null-sink sink_name=$TEST_SINK
load-module module-always-sink
set-default-sink $TEST_SINK
set-default-source $TEST_SINK.monitor
EOF
        keep_test_pulse_running &
        PULSE_KEEPER=$!
        local tries=0
        until pactl info >/dev/null 2>&1; do
            tries=$((tries + 1))
            if [ $tries -gt 50 ]; then
                echo "error: the private PulseAudio server did not start; its log:" >&2
                cat "$PULSE_STARTED_DIR"/pulse*.log >&2 || true
                return 1
            fi
            sleep 0.1
        done
    fi
    export DICTATION_STATION_TEST_SINK="$TEST_SINK"
    echo "PulseAudio for tests: ${PULSE_SERVER:-default server}, sink $TEST_SINK" >&2
}

# Runs the private server in the foreground and starts it again whenever it ends before the tests do:
# one server that died (a crash, or the 64 connections it takes at most) must not fail every later
# suite that plays audio. Each end is noted, with the log of the server that ended, and said at the end.
keep_test_pulse_running() {
    set +e
    local start=0 tests=$$
    while [ -d "$PULSE_STARTED_DIR" ] && [ ! -e "$PULSE_STARTED_DIR/stopping" ] && kill -0 "$tests" 2>/dev/null; do
        start=$((start + 1))
        pulseaudio --daemonize=no --exit-idle-time=-1 -n --use-pid-file=yes --disallow-exit=no \
            --log-target="file:$PULSE_STARTED_DIR/pulse-$start.log" -F "$PULSE_STARTED_DIR/test.pa" \
            </dev/null >/dev/null 2>&1
        local status=$?
        [ -e "$PULSE_STARTED_DIR/stopping" ] && break
        echo "$(date +%T): the test PulseAudio server ended (status $status); its log is below" \
            >>"$PULSE_STARTED_DIR/ended"
        tail -n 20 "$PULSE_STARTED_DIR/pulse-$start.log" >>"$PULSE_STARTED_DIR/ended" 2>/dev/null || true
        sleep 0.2
    done
}

# Stops only what start_test_pulse started, and says whether the server had to be started again.
stop_test_pulse() {
    if [ -n "$PULSE_LOADED_MODULE" ]; then
        pactl unload-module "$PULSE_LOADED_MODULE" 2>/dev/null || true
    fi
    if [ -n "$PULSE_STARTED_DIR" ]; then
        touch "$PULSE_STARTED_DIR/stopping"
        pactl exit 2>/dev/null || true
        if [ -f "$PULSE_RUNTIME_PATH/pid" ]; then
            kill "$(cat "$PULSE_RUNTIME_PATH/pid" 2>/dev/null)" 2>/dev/null || true
        fi
        local waited=0
        while [ -n "$PULSE_KEEPER" ] && kill -0 "$PULSE_KEEPER" 2>/dev/null && [ $waited -lt 50 ]; do
            sleep 0.1
            waited=$((waited + 1))
        done
        if [ -s "$PULSE_STARTED_DIR/ended" ]; then
            echo "warning: the test PulseAudio server had to be started again during the run:" >&2
            cat "$PULSE_STARTED_DIR/ended" >&2
        fi
        rm -rf "$PULSE_STARTED_DIR"
    fi
}
