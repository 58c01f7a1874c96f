#!/usr/bin/env bash
# Checks an installation made by `make install PREFIX=$1 INSTALL_CONFIGURATION=$2` through the programs that
# consume each part: the binaries themselves, man, bash, zsh and fish, systemd-analyze and Python's plistlib.
set -euo pipefail
root=${1:?usage: check_install.sh PREFIX [release|debug]}
# The configuration `make install` built (INSTALL_CONFIGURATION): only a release build's link is checked.
configuration=${2:-release}
here=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "check_install: $*" >&2; exit 1; }

# The binaries run from the prefix and report one version.
navd_version=$("$root/bin/navd" --version)
navctl_version=$("$root/bin/navctl" --version)
[ -n "$navd_version" ] && [ "$navd_version" = "$navctl_version" ] || fail "navd says '$navd_version', navctl '$navctl_version'"

# A release install's binaries are linked as docs/performance.md, "Startup", says; a debug install's are not.
if [ "$configuration" = release ]; then
  "$here/scripts/check_release_link.sh" "$root/bin"
fi
# Either way, navctl leaves the MCP SDK, FoundationNetworking and libcurl to navd-mcp: its other commands do
# not load them.
if [ "$(uname -s)" = Linux ]; then
  ! ldd "$root/bin/navctl" | grep -q 'libcurl\|libFoundationNetworking' || fail "navctl loads libcurl (the MCP SDK belongs to navd-mcp)"
fi

# navctl mcp runs the navd-mcp installed beside it, which answers a ping.
pong=$(echo '{"jsonrpc":"2.0","id":1,"method":"ping"}' | env -u NAVD_MCP_BIN PATH=/usr/bin:/bin "$root/bin/navctl" mcp --no-cache)
[ "$pong" = '{"id":1,"jsonrpc":"2.0","result":{}}' ] || fail "navctl mcp answers a ping with '$pong'"

# man renders both pages without a warning; each names its command and shows its options and subcommands.
for page in navd navctl; do
  text=$(MANPATH="$root/share/man" MANWIDTH=100 man --warnings=w "$page" 2>"$root/man.err" | col -b)
  [ ! -s "$root/man.err" ] || fail "man $page warns: $(cat "$root/man.err")"
  grep -q "^NAME" <<<"$text" && grep -q "^ *$page" <<<"$text" || fail "man $page has no NAME section"
  declare "man_$page=$text"
done
grep -q -- "--state-dir" <<<"$man_navd" || fail "man navd does not show --state-dir"
grep -q "LISTEN_FDS" <<<"$man_navd" || fail "man navd does not mention socket activation"
# navd has no subcommands, and its Try-it lines are lines of their own.
! grep -qi "subcommand" <<<"$man_navd" || fail "man navd speaks of a subcommand: $(grep -i subcommand <<<"$man_navd")"
grep -qE "^[[:space:]]+navctl status$" <<<"$man_navd" || fail "man navd runs its Try-it lines together"
grep -qE "^ +lint +" <<<"$man_navctl" || fail "man navctl does not show the lint command"
# The values of --format and --fail-on are listed, each with what it is.
for value in github-actions html never; do
  grep -qE "^[[:space:]]+$value([[:space:]]|$)" <<<"$man_navctl" || fail "man navctl does not list the value $value"
done

# bash: the completion function, called as bash calls it (command, word, previous word), completes a
# subcommand and an option to exactly one word each.
bash_words=$(bash -c "source '$root/share/bash-completion/completions/navctl'
  COMP_WORDS=(navctl li); COMP_CWORD=1; COMP_LINE='navctl li'; COMP_POINT=\${#COMP_LINE}; _navctl navctl li navctl; echo \"\${COMPREPLY[*]}\"")
[ "$bash_words" = "lint" ] || fail "bash completes 'navctl li' to '$bash_words', not lint"
bash_options=$(bash -c "source '$root/share/bash-completion/completions/navctl'
  COMP_WORDS=(navctl lint --form); COMP_CWORD=2; COMP_LINE='navctl lint --form'; COMP_POINT=\${#COMP_LINE}; _navctl navctl --form lint; echo \"\${COMPREPLY[*]}\"")
[ "$bash_options" = "--format" ] || fail "bash completes 'navctl lint --form' to '$bash_options'"

# fish: its own completer answers for the installed file.
fish_words=$(fish --no-config -c "source '$root/share/fish/vendor_completions.d/navctl.fish'; complete -C 'navctl li'")
grep -q "^lint" <<<"$fish_words" || fail "fish completes 'navctl li' to '$fish_words'"
# Values: profiles, devices and files.
fish_profiles=$(fish --no-config -c "source '$root/share/fish/vendor_completions.d/navctl.fish'; complete -C 'navctl lint --profile '" | cut -f1)
grep -qx "ios17" <<<"$fish_profiles" && grep -qx "all" <<<"$fish_profiles" || fail "fish completes --profile to '$fish_profiles'"
fish_devices=$(fish --no-config -c "source '$root/share/fish/vendor_completions.d/navctl.fish'; complete -C 'navctl session create --device iphone-1'" | cut -f1)
grep -qx "iphone-12" <<<"$fish_devices" || fail "fish completes --device iphone-1 to '$fish_devices'"

# zsh: the function loads from the site-functions directory through compinit and defines _navctl.
zsh -f -c "fpath=('$root/share/zsh/site-functions' \$fpath); autoload -Uz compinit; compinit -u -d '$root/zcompdump'; autoload -Uz _navctl; whence -w _navctl" \
  | grep -q "function" || fail "zsh does not load _navctl from site-functions"
zsh -n "$root/share/zsh/site-functions/_navctl" || fail "zsh cannot parse _navctl"

# The docs the language server links diagnostics to are installed. SARIF links rules only to docs published
# where --docs-url says (a file of this machine points nowhere on code scanning), and carries each rule's help.
[ -f "$root/share/doc/navd/semantics.md" ] || fail "docs/semantics.md is not installed"
sarif_rule=$(cd "$root" && NAVD_DOCS_URL= "$root/bin/navctl" lint --format sarif --fail-on never "$here/examples/rules/low-contrast.navd.json" \
  | python3 -c 'import json,sys; r=json.load(sys.stdin)["runs"][0]["tool"]["driver"]["rules"][0]; print("helpUri" in r, bool(r["help"]["markdown"]))')
[ "$sarif_rule" = "False True" ] || fail "installed navctl's SARIF rule (helpUri present, help present): $sarif_rule"
help_uri=$(cd "$root" && "$root/bin/navctl" lint --format sarif --fail-on never --docs-url https://example.org/semantics.md \
  "$here/examples/rules/low-contrast.navd.json" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["runs"][0]["tool"]["driver"]["rules"][0]["helpUri"])')
[ "$help_uri" = "https://example.org/semantics.md#back-title-truncated" ] || fail "installed navctl links rules to $help_uri"

# The systemd units, pointed at the installed navd, pass systemd-analyze (which also looks up the man page).
units=$(mktemp -d)
trap 'rm -rf "$units"' EXIT
cp "$here/contrib/systemd/navd.socket" "$units/"
sed "s|/usr/local/bin/navd|$root/bin/navd|" "$here/contrib/systemd/navd.service" > "$units/navd.service"
sed -i "s|file:///usr/local/share/doc/navd/install.md|file://$root/share/doc/navd/install.md|" "$units/navd.socket" "$units/navd.service"
MANPATH="$root/share/man" systemd-analyze verify "$units/navd.socket" "$units/navd.service" \
  || fail "systemd-analyze rejects the contrib units"

# The launchd agent is a well-formed property list naming navd.
python3 - "$here/contrib/launchd/dev.navd.navd.plist" <<'PY'
import plistlib, sys
with open(sys.argv[1], "rb") as f:
    agent = plistlib.load(f)
assert agent["Label"] == "dev.navd.navd", agent
assert agent["ProgramArguments"][0].endswith("/navd"), agent
PY
echo "install: binaries, man pages, bash/zsh/fish completions, docs, systemd units and launchd agent check out"
