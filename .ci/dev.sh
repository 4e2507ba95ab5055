#!/usr/bin/env bash
# QKV Lab set-up on Debian 12: installs the missing packages, configures and builds, then
#   run   opens the program on the built-in example (extra arguments go to qkvlab), or
#   test  runs the whole test suite through ctest.
# Usage: bash .ci/dev.sh run|test [ARGS…]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ pkg-config qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev libeigen3-dev
          libgl-dev fonts-dejavu-core poppler-utils zlib1g-dev python3-numpy)

install_missing() {
  bash .ci/install-missing.sh "${packages[@]}"
}

build() {
  cmake --preset dev >/dev/null
  cmake --build --preset dev
}

action=${1:-}
shift || true
case "$action" in
  run)
    install_missing
    build
    exec build/dev/src/app/qkvlab "$@"
    ;;
  test)
    install_missing
    build
    ctest --preset dev "$@"
    ;;
  *)
    echo "usage: bash .ci/dev.sh run|test" >&2
    exit 2
    ;;
esac
