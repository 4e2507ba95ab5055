#!/usr/bin/env bash
# QKV Lab set-up on Debian 12: installs the missing packages, configures and builds, then
#   run   opens the program on the built-in example (extra arguments go to qkvlab), or
#   test  runs the whole test suite through ctest,
#   bench runs the benchmark (qkvbench) with its peers installed (numpy, matplotlib, llama.cpp).
# Usage: bash .ci/dev.sh run|test|bench [ARGS…]
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/install.sh

build() {
  configure_dev
  cmake --build --preset dev
}

action=${1:-}
shift || true
case "$action" in
  run)
    install_missing "${build_packages[@]}"
    build
    exec build/dev/src/app/qkvlab "$@"
    ;;
  test)
    install_missing "${build_packages[@]}" "${test_packages[@]}"
    install_node_references
    build
    ctest --preset dev "$@"
    ;;
  bench)
    # Set-up output goes to stderr: stdout is the benchmark's JSON.
    { install_missing "${build_packages[@]}" python3-matplotlib; install_node_references; build; } >&2
    QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} exec build/dev/tests/bench/qkvbench "$@"
    ;;
  *)
    echo "usage: bash .ci/dev.sh run|test|bench" >&2
    exit 2
    ;;
esac
