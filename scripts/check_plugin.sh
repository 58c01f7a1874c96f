#!/usr/bin/env bash
# navd's SwiftPM plugins in a real consumer package (make test-plugin). The working tree (its tracked files and
# the new ones git does not ignore) is committed to a scratch repository and tagged 99.0.0; a package beside it
# depends on that by version, as an app would, and applies the build-tool plugin to its target App.
# - swift build: navctl lint's warnings for App's Swift file and its storyboard are in the build output at
#   their FILE:LINE:COL, and the build passes;
# - swift package navd-lint: the same findings for the whole package; the arguments given reach navctl lint
#   (--target App, --format github-actions, --fail-on warning, which fails);
# - a build with nothing changed does not lint again, one after a change does, and navctl's cache is in the
#   plugin's work folder;
# - an error finding (a storyboard added) fails the build, and the build passes once it is gone.
# With NAVD_WITHOUT_SWIFT_READER=1 navd is built without swift-syntax (minutes faster): the storyboard's
# finding is checked, and the Swift file must be reported as not read.
set -euo pipefail
# The consumer depends on navd by version, and SwiftPM refuses a dependency with unsafe flags: the Makefile's
# warnings-as-errors switch (Package.swift) stays off here.
unset NAVD_WARNINGS_AS_ERRORS

root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
repo=$tmp/navd
app=$tmp/app
log=$tmp/log
started=$SECONDS

fail() {
  echo "check_plugin: $*" >&2
  if [ -f "$log" ]; then echo "--- last output:" >&2; tail -40 "$log" >&2; fi
  exit 1
}

# navd, released: the working tree as it is, uncommitted changes included.
mkdir -p "$repo"
(cd "$root" && git ls-files -co --exclude-standard -z --deduplicate) |
  (cd "$root" && while IFS= read -r -d '' file; do if [ -e "$file" ]; then printf '%s\0' "$file"; fi; done) |
  tar -C "$root" --null -T - -cf - | tar -C "$repo" -xf -
git -C "$repo" init -q
git -C "$repo" add -A -f
git -C "$repo" -c user.name=check_plugin -c user.email=check_plugin@localhost commit -q -m "navd"
git -C "$repo" tag 99.0.0

# The app: a library target with a Swift file and a storyboard, each with a left item that stops the swipe
# back on a pushed screen (pop-gesture-disabled, a warning). The UIKit code is compiled only where UIKit is;
# navctl reads it either way.
mkdir -p "$app/Sources/App"
cat > "$app/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Podcasts",
    platforms: [.macOS(.v14), .iOS(.v15)],
    dependencies: [
        .package(url: "file://$repo", from: "99.0.0")
    ],
    targets: [
        .target(
            name: "App",
            resources: [.process("Orders.storyboard")],
            plugins: [.plugin(name: "NavdLintPlugin", package: "navd")]
        )
    ]
)
EOF
cat > "$app/Sources/App/Episodes.swift" <<'EOF'
#if canImport(UIKit)
    import UIKit

    final class PodcastsViewController: UITableViewController {
        static func makeRoot() -> UINavigationController {
            UINavigationController(rootViewController: PodcastsViewController(style: .plain))
        }

        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            navigationController?.pushViewController(EpisodeViewController(), animated: true)
        }
    }

    final class EpisodeViewController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Episode"
            let back = UIBarButtonItem(image: UIImage(systemName: "chevron.backward"), style: .plain, target: self, action: #selector(close))
            navigationItem.leftBarButtonItem = back  // expect: pop-gesture-disabled
        }

        @objc private func close() {
            navigationController?.popViewController(animated: true)
        }
    }
#endif

public let episodeCount = 0
EOF
cp "$root/examples/source/pop-gesture-disabled/failing.storyboard" "$app/Sources/App/Orders.storyboard"

# FILE:LINE:COL of the statement marked "expect: pop-gesture-disabled" in a file of App.
expected() {
  local file=$app/Sources/App/$1
  awk -v file="$file" '/expect: pop-gesture-disabled/ { match($0, /[^ ]/); print file ":" NR ":" RSTART; exit }' "$file"
}
swift_at=$(expected Episodes.swift)
storyboard_at=$(expected Orders.storyboard)
finding="warning: swipe-back is stopped: .*\[pop-gesture-disabled\]"
if [ -n "${NAVD_WITHOUT_SWIFT_READER:-}" ]; then
  swift_expected="$app/Sources/App/Episodes.swift:1:1: warning: not read: this navctl was built without the Swift reader"
else
  swift_expected="$swift_at: $finding"
fi
expect() { # FILE PATTERN WHAT
  grep -q -- "$2" "$1" || fail "$3: no line matching '$2'"
}

cd "$app"
swift build >"$log" 2>&1 || fail "swift build failed"
expect "$log" "^$storyboard_at: $finding" "swift build (the storyboard)"
expect "$log" "^$swift_expected" "swift build (the Swift file)"
echo "check_plugin: swift build shows the findings at $storyboard_at and ${swift_expected%%: *} ($((SECONDS - started)) s)"

swift package navd-lint >"$log" 2>&1 || fail "swift package navd-lint failed"
expect "$log" "^$storyboard_at: $finding" "swift package navd-lint (the storyboard)"
expect "$log" "^$swift_expected" "swift package navd-lint (the Swift file)"
swift package navd-lint --target App --format github-actions >"$log" 2>&1 ||
  fail "swift package navd-lint --target App --format github-actions failed"
line_col=${storyboard_at#*.storyboard:}
expect "$log" "^::warning file=$app/Sources/App/Orders.storyboard,line=${line_col%:*},col=${line_col#*:},title=navd pop-gesture-disabled::" \
  "swift package navd-lint --target App --format github-actions"
if swift package navd-lint --fail-on warning >"$log" 2>&1; then fail "swift package navd-lint --fail-on warning passed"; fi
expect "$log" "at or above --fail-on" "swift package navd-lint --fail-on warning"
echo "check_plugin: swift package navd-lint reports them, passes its arguments on, and fails at --fail-on warning"

# The lint is part of the build graph: it runs again after a change to the target, and only then. The build
# after navd-lint's relinks navctl (SwiftPM builds a command plugin's tools apart) and so lints again.
swift build >"$log" 2>&1 || fail "swift build after swift package navd-lint failed"
swift build >"$log" 2>&1 || fail "swift build with nothing changed failed"
if grep -q "navctl lint App" "$log"; then fail "swift build with nothing changed linted App again"; fi
echo "<!-- changed -->" >>Sources/App/Orders.storyboard
swift build >"$log" 2>&1 || fail "swift build after a change failed"
expect "$log" "navctl lint App" "swift build after a change"
expect "$log" "^$storyboard_at: $finding" "swift build after a change"
find .build/plugins -path "*/NavdLintBuildToolPlugin/cache/*.json" | grep -q . ||
  fail "the build-tool plugin's navctl kept no cache in the plugin's work folder"
echo "check_plugin: swift build lints again after a change to App, and not before"

# An error finding fails the build, as a SwiftLint error does; the next build lints again.
cp "$root/examples/source/custom-back-action-ignored/failing.storyboard" Sources/App/Thread.storyboard
if swift build >"$log" 2>&1; then fail "swift build passed with an error finding"; fi
expect "$log" "Thread.storyboard:[0-9]*:[0-9]*: error: .*\[custom-back-action-ignored\]" "swift build with an error finding"
rm Sources/App/Thread.storyboard
swift build >"$log" 2>&1 || fail "swift build failed once the error finding was gone"
echo "check_plugin: an error finding fails the build, and the build passes once it is gone"
echo "check_plugin: passed in $((SECONDS - started)) s"
