#!/usr/bin/env bash
# Builds the Debian package from a preset's tree (release unless told) and checks it: the versions agree,
# desktop-file-validate, appstreamcli validate --no-net, the MIME type compiles, lintian finds
# no error, and the program installed from the package (dpkg -x into a temporary root) runs.
# Installs what it needs when missing (asks for sudo only then). Exits non-zero on any failure.
# Usage: bash .ci/package.sh [release|dev]   (JOBS=N limits the build's parallel jobs)
# CI packages the dev tree the suite has just built and tested: the same -O2 and hardening flags
# as Debian's own builds (dpkg-buildflags), so what is shipped is what was tested, without a
# second full build.
set -euo pipefail
cd "$(dirname "$0")/.."

app_id=io.github.qkvlab.QKVLab
preset=${1:-release}
case "$preset" in
  release | dev) ;;
  *)
    echo "usage: bash .ci/package.sh [release|dev]" >&2
    exit 2
    ;;
esac
build=build/$preset
source .ci/install.sh
packages=("${build_packages[@]}" dpkg-dev file desktop-file-utils appstream lintian shared-mime-info man-db)

fail() {
  echo "package.sh: FAILED: $*" >&2
  exit 1
}

build_package() {
  local launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  if [ "$preset" = dev ]; then
    configure_dev
  else
    # The benchmark is not packaged: skip building it.
    cmake --preset release -DQKV_BUILD_BENCH=OFF "${launcher[@]}" >/dev/null
  fi
  cmake --build --preset "$preset" ${JOBS:+-j "$JOBS"}
  rm -f "$build"/qkvlab_*.deb
  (cd "$build" && cpack -G DEB) || fail "cpack -G DEB"
}

# Every place that names the version says the same as the project.
check_versions() {
  local version meta changelog man
  version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
  meta=$(grep -o '<release version="[^"]*"' "packaging/linux/$app_id.metainfo.xml" | head -1 | cut -d'"' -f2)
  changelog=$(sed -n '1s/^qkvlab (\([^-)]*\)-[0-9]*).*/\1/p' packaging/linux/changelog)
  man=$(sed -n 's/^\.TH QKVLAB 1 "[^"]*" "QKV Lab \([^"]*\)".*/\1/p' packaging/linux/qkvlab.1)
  echo "version: project $version, metainfo $meta, changelog $changelog, man page $man, package $(dpkg-deb -f "$deb" Version)"
  [ "$meta" = "$version" ] || fail "the metainfo's newest release is $meta, the project is $version"
  [ "$changelog" = "$version" ] || fail "packaging/linux/changelog says $changelog, the project is $version"
  [ "$man" = "$version" ] || fail "the man page says $man, the project is $version"
  [ "$(dpkg-deb -f "$deb" Version)" = "$version-1" ] || fail "the package version is not $version-1"
}

check_contents() {
  local f
  for f in usr/bin/qkvlab "usr/share/applications/$app_id.desktop" "usr/share/metainfo/$app_id.metainfo.xml" \
    "usr/share/mime/packages/$app_id.xml" "usr/share/icons/hicolor/scalable/apps/$app_id.svg" \
    "usr/share/icons/hicolor/16x16/apps/$app_id.png" "usr/share/icons/hicolor/256x256/apps/$app_id.png" \
    usr/share/man/man1/qkvlab.1.gz usr/share/doc/qkvlab/copyright usr/share/doc/qkvlab/changelog.Debian.gz \
    usr/share/doc/qkvlab/manual.md; do
    [ -f "$root/$f" ] || fail "the package has no /$f"
  done
  local depends
  depends=$(dpkg-deb -f "$deb" Depends)
  echo "Depends: $depends"
  for lib in libqt6widgets6 libqt6charts6 libqt6svg6 libdeflate0 libc6; do
    grep -q "$lib" <<<"$depends" || fail "Depends (from dpkg-shlibdeps) has no $lib"
  done
}

check_desktop_files() {
  desktop-file-validate "$root/usr/share/applications/$app_id.desktop" || fail "desktop-file-validate"
  grep -q '^MimeType=application/x-qkvlab+json;' "$root/usr/share/applications/$app_id.desktop" \
    || fail "the .desktop file does not open application/x-qkvlab+json"
  appstreamcli validate --no-net "$root/usr/share/metainfo/$app_id.metainfo.xml" || fail "appstreamcli validate"
  # The MIME type compiles into a database and claims *.qkv.json.
  XDG_DATA_DIRS="$root/usr/share" update-mime-database "$root/usr/share/mime" || fail "update-mime-database"
  grep -q 'x-qkvlab+json.*\*\.qkv\.json\|\*\.qkv\.json.*x-qkvlab+json' "$root/usr/share/mime/globs2" \
    || fail "the MIME database has no *.qkv.json glob"
}

check_lintian() {
  # --fail-on error: warnings are reported but do not fail the check.
  lintian --display-info --fail-on error "$deb" | tee "$build/lintian.txt" \
    || fail "lintian reports errors (see $build/lintian.txt)"
  echo "lintian: $(grep -c '^E:' "$build/lintian.txt" || true) error(s), $(grep -c '^W:' "$build/lintian.txt" || true) warning(s)"
}

check_installed_program() {
  local version out
  version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
  out=$("$root/usr/bin/qkvlab" --version) || fail "qkvlab --version exited with $?"
  echo "installed qkvlab --version: $out"
  [ "$out" = "qkvlab $version" ] || fail "qkvlab --version printed '$out'"
  out=$("$root/usr/bin/qkvlab" compute example:birds) || fail "qkvlab compute example:birds exited with $?"
  grep -q '"walk"' <<<"$out" || fail "qkvlab compute example:birds does not mention \"walk\""
  echo "installed qkvlab compute example:birds: $(wc -l <<<"$out") lines of JSON, \"walk\" among the tokens"
}

install_missing "${packages[@]}"
build_package
deb=$(ls "$build"/qkvlab_*.deb)
echo "package: $deb"
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg -x "$deb" "$root"
check_versions
check_contents
check_desktop_files
check_lintian
check_installed_program
echo "package.sh: all package checks passed ($deb)"
