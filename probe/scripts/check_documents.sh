#!/bin/sh
# The probe's documents through the real navd: every scenario of Sources/ProbeScenarios (a stack built from
# UIKitStub's classes and read by the adapter) is written by navd-probe-scenarios, linted by `navctl lint`, which
# must report exactly the codes the scenario expects (none for a clean shape), and validated against navd's
# session-document JSON Schema (docs/navd-session.schema.json) with python's jsonschema.
#
# usage: probe/scripts/check_documents.sh
#   NAVCTL  the navctl to run (default: the repository's .build/debug/navctl; `swift build --product navctl` at the
#           repository root builds it)
#   PYTHON  a python with jsonschema (default: python3; `make tools-deps` makes .venv/bin/python)
#   SWIFT_BUILD_FLAGS  extra flags for building the scenario writer (default: -j 1)
set -eu

probe=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$probe/.." && pwd)
navctl=${NAVCTL:-$root/.build/debug/navctl}
python=${PYTHON:-python3}
schema=$root/docs/navd-session.schema.json

if [ ! -x "$navctl" ]; then
    echo "check_documents: no navctl at $navctl (run 'swift build --product navctl' at $root, or set NAVCTL)" >&2
    exit 2
fi
if ! "$python" -c 'import jsonschema' 2>/dev/null; then
    echo "check_documents: $python has no jsonschema (set PYTHON, e.g. to the .venv that 'make tools-deps' makes)" >&2
    exit 2
fi

# shellcheck disable=SC2086
swift build --package-path "$probe" ${SWIFT_BUILD_FLAGS:--j 1} --product navd-probe-scenarios >/dev/null
bin=$(swift build --package-path "$probe" --show-bin-path)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin/navd-probe-scenarios" "$tmp/documents"

failed=0
checked=0
while IFS="$(printf '\t')" read -r file expected; do
    document="$tmp/documents/$file"
    status=0
    "$navctl" lint --format json --fail-on never "$document" >"$tmp/lint.json" 2>"$tmp/lint.err" || status=$?
    if [ "$status" -ne 0 ]; then
        echo "FAIL $file: navctl lint exited $status: $(cat "$tmp/lint.err")"
        failed=$((failed + 1))
        continue
    fi
    # The codes reported, each once, sorted and comma-separated; load errors fail the check.
    found=$("$python" -c '
import json, sys
report = json.load(open(sys.argv[1], encoding="utf-8"))
if report["errors"]:
    sys.exit("load errors: %s" % report["errors"])
print(",".join(sorted({d["code"] for d in report["diagnostics"]})))
' "$tmp/lint.json") || { echo "FAIL $file: $found"; failed=$((failed + 1)); continue; }
    checked=$((checked + 1))
    if [ "$found" = "$expected" ]; then
        echo "ok   $file: ${found:-no finding}"
    else
        echo "FAIL $file: navctl lint reports '${found:-nothing}', expected '${expected:-nothing}'"
        failed=$((failed + 1))
    fi
done <"$tmp/documents/expected.tsv"

# Every document against the JSON Schema; and the schema must refuse a broken one, so the check cannot pass vacuously.
"$python" - "$schema" "$tmp/documents" <<'EOF' || failed=$((failed + 1))
import json, pathlib, sys
from jsonschema import Draft202012Validator

validator = Draft202012Validator(json.loads(pathlib.Path(sys.argv[1]).read_text(encoding="utf-8")))
bad = 0
documents = sorted(pathlib.Path(sys.argv[2]).glob("*.navd.json"))
for path in documents:
    for error in validator.iter_errors(json.loads(path.read_text(encoding="utf-8"))):
        print(f"FAIL {path.name}: schema: {'/'.join(map(str, error.absolute_path)) or '<root>'}: {error.message}")
        bad += 1
broken = json.loads(documents[0].read_text(encoding="utf-8"))
broken["screens"][0]["item"] = {"backItem": {"action": "run"}}
if validator.is_valid(broken):
    print("FAIL the schema accepts a back item action 'run'")
    bad += 1
print(f"{'ok  ' if bad == 0 else 'FAIL'} {len(documents)} documents against {pathlib.Path(sys.argv[1]).name}")
sys.exit(1 if bad else 0)
EOF

if [ "$checked" -eq 0 ]; then
    echo "FAIL no document was linted"
    failed=$((failed + 1))
fi
echo "check_documents: $checked documents linted, $failed failed"
[ "$failed" -eq 0 ]
