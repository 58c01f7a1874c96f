#!/usr/bin/env bash
# Checks how the release build of navd, navctl and navd-mcp in a folder ($1) is linked on Linux
# (docs/performance.md, "Startup"): the Swift runtime, SQLite and (where the compiler has its archive) the C++
# runtime are linked in, and the binaries export none of their own symbols, so at load the dynamic loader binds
# only what they import. Elsewhere it checks nothing. Used by `make test-release`, `make bench` and
# scripts/check_install.sh on a release install.
set -euo pipefail
dir=${1:?usage: check_release_link.sh DIR}
fail() { echo "check_release_link: $*" >&2; exit 1; }
[ "$(uname -s)" = Linux ] || exit 0

cxx_archive=$("$(dirname "$(command -v swift)")/clang" -print-file-name=libstdc++.a 2>/dev/null || true)
checked=0
for tool in navd navctl navd-mcp; do
  [ -x "$dir/$tool" ] || continue
  checked=$((checked + 1))
  libs=$(ldd "$dir/$tool" | awk '{print $1}')
  swift_libs=$(grep -o 'libswift[A-Za-z_]*\.so\|libdispatch\.so\|libFoundation[A-Za-z]*\.so' <<<"$libs" || true)
  [ -z "$swift_libs" ] || fail "$tool loads the Swift runtime from shared libraries: $(echo $swift_libs)"
  ! grep -q 'libsqlite3' <<<"$libs" || fail "$tool loads SQLite as a shared library"
  # Linked by the program itself, that is: navctl's libxml2 (FoundationXML reads storyboards) loads ICU, which
  # loads the C++ runtime on its own.
  if [ -f "$cxx_archive" ]; then
    ! readelf -d "$dir/$tool" | grep NEEDED | grep -q 'libstdc++' || fail "$tool links the C++ runtime as a shared library"
  fi
  exported=$(readelf --dyn-syms -W "$dir/$tool" | awk '$7 ~ /^[0-9]+$/' | wc -l)
  [ "$exported" -lt 50 ] || fail "$tool exports $exported of its own symbols"
done
[ "$checked" -gt 0 ] || fail "no navd, navctl or navd-mcp in $dir"
echo "check_release_link: $checked programs in $dir linked as a release build should be"
