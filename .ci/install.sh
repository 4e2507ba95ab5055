# Sourced by the CI scripts: install_missing PACKAGE… installs the Debian packages that are not
# installed yet (with sudo when not root), and does nothing when all are there.

# What building and testing QKV Lab needs (Qt 6.4 with Charts and Svg, Eigen 3.4, g++; Qt's
# lupdate and lrelease build the translation catalogues into the program).
# OpenBLAS multiplies the attention's large matrices; zlib and libdeflate inflate .npz files; libsentencepiece runs tokenizer.model files;
# giflib and libwebp write animated figures; OpenSSL's libcrypto hashes downloaded models (SHA-256 at
# 1.7 GB/s where Qt's own manages 0.1); numpy writes the test fixtures of the model readers.
build_packages=(cmake ninja-build g++ pkg-config qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools
                libeigen3-dev libopenblas-dev libgl-dev zlib1g-dev libdeflate-dev libsentencepiece-dev libgif-dev libwebp-dev libssl-dev fonts-dejavu-core poppler-utils python3-numpy)

# What the tests need besides: pdflatex compiles every LaTeX output the program writes (tables and
# worked computations; tst_latexcompile) and checks that none runs over the page; networkx's maximum
# flows are tst_attentionflow's independent reference. Not needed to run.
test_packages=(texlive-latex-base texlive-latex-recommended python3-networkx)

# Configures build/dev from the dev preset: every script that builds there comes through here, so
# none reconfigures it with other flags (which would rebuild it whole). QKV_DEBUG_INFO=0, as CI
# sets it, leaves out the debug info: a quarter of each file's compile time, read by no CI step.
configure_dev() {
  local args=()
  [ "${QKV_DEBUG_INFO:-1}" = 0 ] && args=(-DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -DNDEBUG")
  cmake --preset dev "${args[@]}" >/dev/null
}

install_missing() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing: ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
  # The downloaded archives are not needed again, and a build machine's disk can be small.
  "${sudo[@]}" apt-get clean
}

# The independent references some tests compare with, from npm, each pinned by its package-lock.json
# and installed out of the sources: @huggingface/hub (tst_hubinterop: our Hub downloads and cache)
# in build/nodejs, and llama.cpp as node-llama-cpp prebuilds it for x86-64 (tst_llamacppreference
# and the benchmark's peer: our GGUF runtime) in build/nodejs-llamacpp, without the CUDA and
# Vulkan builds its optional packages would bring. Node.js from Debian when the machine has none.
# Without a registry the tests skip, and say why; nothing else needs them.
install_node_package() { # FOLDER-OF-PACKAGE-JSON DESTINATION NPM-COMMAND…
  local from=$1 to=$2
  shift 2
  mkdir -p "$to"
  if cmp -s "$from/package-lock.json" "$to/node_modules/.package-lock-source.json"; then
    return 0 # installed from this lock file already
  fi
  cp "$from/package.json" "$from/package-lock.json" "$to/"
  if (cd "$to" && npm "$@" --no-audit --no-fund --loglevel=error); then
    cp "$from/package-lock.json" "$to/node_modules/.package-lock-source.json"
  else
    echo "npm could not install $from's packages: the tests using them will skip"
  fi
}

install_node_references() {
  command -v npm >/dev/null || install_missing nodejs npm || true
  command -v npm >/dev/null || { echo "No npm: tst_hubinterop and tst_llamacppreference will skip"; return 0; }
  install_node_package tests/hub/interop build/nodejs ci
  # `install`, not `ci`: node-llama-cpp lists platform packages that were never published, which
  # `ci` counts as a lock file out of date; the lock still pins every version installed.
  if [ "$(uname -m)" = x86_64 ]; then
    install_node_package tests/transformer/llamacpp build/nodejs-llamacpp install --omit=optional
  fi
}
