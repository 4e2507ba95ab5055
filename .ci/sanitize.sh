#!/usr/bin/env bash
# Sanitizer job: the whole test suite built with AddressSanitizer, LeakSanitizer and
# UndefinedBehaviorSanitizer (-fno-sanitize-recover=all: the first finding fails the test), run
# offscreen through ctest with the `asan-ubsan` preset. Leaks of third-party code only are
# suppressed by tests/sanitizers/lsan.supp (each entry says why). Built with -g1 (functions and
# lines, what a report's stack needs): a sixth less compile time and half the object size of -g.
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
