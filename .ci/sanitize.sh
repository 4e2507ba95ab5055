#!/usr/bin/env bash
# The whole test suite built with AddressSanitizer, LeakSanitizer and UndefinedBehaviorSanitizer
# (-fno-sanitize-recover=all: the first finding fails the test), run offscreen through ctest with the
# `asan-ubsan` preset. Leaks of third-party code only are suppressed by tests/sanitizers/lsan.supp
# (each entry says why). Built with -g1 (functions and lines, what a report's stack needs).
# Not a CI step: on 2 cores of the slower CPU it takes about an hour, building every tier a second
# time. CI runs the tiers without widgets under the sanitizers (.ci/fuzz.sh); run this before
# committing work on the window's tiers (session, figures, animation, workspace, views, cli,
# panels, app); ctest's arguments pick tests (bash .ci/sanitize.sh -R tst_heatmap).
# Installs what is missing.
# Usage: bash .ci/sanitize.sh [CTEST ARGS…]
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/install.sh
install_missing "${build_packages[@]}"

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake --preset asan-ubsan "${launcher[@]}" >/dev/null
nice -n 10 cmake --build --preset asan-ubsan -j "${SANITIZE_JOBS:-2}"
ctest --preset asan-ubsan -j "${SANITIZE_JOBS:-2}" "$@"
