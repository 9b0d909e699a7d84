# Shared by the scripts: the package lists and installing what is missing.
# shellcheck shell=bash

# What building and running the station needs.
# pocketsphinx (its command-line tools) test-loads installed models in a child process.
RUN_PACKAGES=(libncursesw5-dev libpulse-dev libpocketsphinx-dev libsqlite3-dev pocketsphinx-en-us pocketsphinx
    libsndfile1-dev libsamplerate0-dev libarchive-dev libssl-dev)
# Clinic vocabulary: pronunciations of new en-US words from flite's lexicon and letter-to-sound rules.
RUN_PACKAGES+=(flite1-dev)
# The clinic store: libpq to build against; the server itself for the tests' private one.
RUN_PACKAGES+=(libpq-dev)
# The interface's translations: msgfmt compiles po/*.po during the build (and msgmerge updates them).
RUN_PACKAGES+=(gettext)
# The model installer's download helper links FoundationNetworking, whose static library (the station as
# scripts/run builds it) needs libcurl to link against.
RUN_PACKAGES+=(libcurl4-openssl-dev)
# What the tests need on top: a real audio server and its tools, real speech recordings, a terminal.
# lame writes the MP3 test recordings (Debian's sox cannot); zip, bzip2 and python3 serve the model tests;
# time measures the capture benchmark; vim-tiny (vi) and nano are the editors the tmux tests run through E;
# python3-venv holds the FHIR validator the export tests use.
# Voice profiles: sphinxtrain (bw, map_adapt, mllr_solve, mk_s2sendump) and sphinx_fe train them.
ADAPTATION_PACKAGES=(sphinxtrain sphinxbase-utils)
RUN_PACKAGES+=("${ADAPTATION_PACKAGES[@]}")
TEST_PACKAGES=(pulseaudio pulseaudio-utils pocketsphinx-testdata tmux sox lame zip bzip2 python3 python3-venv time
    vim-tiny nano)
# The dev corpus of voice profiles: clinical sentences spoken by flite's voices and festival's HTS voice.
TEST_PACKAGES+=(flite festival festvox-us-slt-hts)
TEST_PACKAGES+=(postgresql)
# The Dutch interface is tested under LANG=nl_NL.UTF-8, a locale the tests generate (ensure_locale).
TEST_PACKAGES+=(locales)
# A pulled cable between a station and its clinic store, simulated by dropping their packets on loopback.
TEST_PACKAGES+=(iptables)
# How the station writes its frames to the terminal, traced (TerminalFrameWritesTests).
TEST_PACKAGES+=(strace)

repo_root() { cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd; }

# Installs the Debian packages given that are not installed yet; does nothing when all are there.
ensure_packages() {
    local missing=()
    local package
    for package in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$package")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing missing packages: ${missing[*]}" >&2
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "error: need root (or sudo) to install: ${missing[*]}" >&2; return 1; }
        sudo=(sudo)
    fi
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

# Generates the locale given (for example nl_NL.UTF-8) unless the C library has it already: enabled in
# /etc/locale.gen, so a later locale-gen keeps it, and generated without touching the others.
ensure_locale() {
    local name="$1" normalized
    normalized="$(echo "$name" | sed 's/UTF-8$/utf8/')"
    locale -a 2>/dev/null | grep -qxF "$normalized" && return 0
    local sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    echo "Generating the locale $name" >&2
    if ! grep -qE "^${name//./\.} UTF-8" /etc/locale.gen; then
        "${sudo[@]}" sed -i -E "s/^# *(${name//./\.} UTF-8)/\1/" /etc/locale.gen
        grep -qE "^${name//./\.} UTF-8" /etc/locale.gen || echo "$name UTF-8" | "${sudo[@]}" tee -a /etc/locale.gen >/dev/null
    fi
    "${sudo[@]}" locale-gen --keep-existing >/dev/null
}

# Builds the station as people run it and prints its path: release mode, the Swift runtime and Foundation
# linked in (--static-swift-stdlib: a start then maps and binds a third of the libraries it would
# otherwise, most of what the dynamic loader spends), and the model installer's download helper beside
# it. A build folder of its own (.build/station), so it never rebuilds the other release products.
build_station() {
    local product
    # In a command substitution `set -e` does not hold: each failure returns.
    for product in dictation-station dictation-station-fetch; do
        swift build -c release --static-swift-stdlib --disable-local-rpath --scratch-path .build/station --product "$product" >&2 || return 1
    done
    echo "$(swift build -c release --static-swift-stdlib --disable-local-rpath --scratch-path .build/station --show-bin-path)/dictation-station"
}

# Puts the Swift toolchain on PATH when it is installed in the usual place but not on PATH.
ensure_swift() {
    command -v swift >/dev/null && return 0
    [ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH" && return 0
    echo "error: the Swift toolchain (swift) is not on PATH" >&2
    return 1
}

# The FHIR R4 validator the export tests use: Python's fhir.resources 6.4 (its R4 line, which needs
# pydantic 1) in a virtual environment under .build, made once.
ensure_fhir_validator() {
    local venv
    venv="$(repo_root)/.build/fhir-venv"
    if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import fhir.resources" 2>/dev/null; then
        return 0
    fi
    echo "Installing the FHIR validator (fhir.resources 6.4) into $venv" >&2
    mkdir -p "$(repo_root)/.build"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check "fhir.resources==6.4.0" "pydantic<2"
}
