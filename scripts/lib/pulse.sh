# A private PulseAudio server with a null sink, for tests that capture real audio.
# shellcheck shell=bash

TEST_SINK=${DICTATION_STATION_TEST_SINK:-ds_test_sink}
PULSE_STARTED_DIR=""
PULSE_LOADED_MODULE=""

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
        pulseaudio --daemonize=yes --exit-idle-time=-1 -n --use-pid-file=yes --disallow-exit=no \
            --log-target="file:$PULSE_STARTED_DIR/pulse.log" \
            --load="module-native-protocol-unix socket=$PULSE_STARTED_DIR/native auth-anonymous=1" \
            --load="module-null-sink sink_name=$TEST_SINK" \
            --load="module-always-sink" >/dev/null 2>&1 || true
        local tries=0
        until pactl info >/dev/null 2>&1; do
            tries=$((tries + 1))
            if [ $tries -gt 50 ]; then
                echo "error: the private PulseAudio server did not start; its log:" >&2
                cat "$PULSE_STARTED_DIR/pulse.log" >&2 || true
                return 1
            fi
            sleep 0.1
        done
        pactl set-default-sink "$TEST_SINK"
        pactl set-default-source "$TEST_SINK.monitor"
    fi
    export DICTATION_STATION_TEST_SINK="$TEST_SINK"
    echo "PulseAudio for tests: ${PULSE_SERVER:-default server}, sink $TEST_SINK" >&2
}

# Stops only what start_test_pulse started.
stop_test_pulse() {
    if [ -n "$PULSE_LOADED_MODULE" ]; then
        pactl unload-module "$PULSE_LOADED_MODULE" 2>/dev/null || true
    fi
    if [ -n "$PULSE_STARTED_DIR" ]; then
        pactl exit 2>/dev/null || true
        if [ -f "$PULSE_RUNTIME_PATH/pid" ]; then
            kill "$(cat "$PULSE_RUNTIME_PATH/pid" 2>/dev/null)" 2>/dev/null || true
        fi
        rm -rf "$PULSE_STARTED_DIR"
    fi
}
