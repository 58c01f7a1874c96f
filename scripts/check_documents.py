#!/usr/bin/env python3
"""Validates session documents against docs/navd-session.schema.json with jsonschema (Draft 2020-12).

Checked: the schema itself; every examples/**/*.navd.json; every session document in the protocol
transcripts (the document of session/snapshot results and of session/restore params); and, so the
check cannot pass vacuously, a few broken documents that the schema must refuse.
Prints one line per failure and a closing 'N passed, N failed'; exits 1 on any failure.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

from jsonschema import Draft202012Validator

from tally import Tally

ROOT = Path(__file__).resolve().parent.parent
TALLY = Tally()
check = TALLY.check


def errors(validator, document):
    return [f"{'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}" for e in validator.iter_errors(document)]


def transcript_documents(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    for step in data.get("steps", []):
        message = step.get("send") or step.get("receive") or {}
        if message.get("method") == "session/restore":
            yield "session/restore params", message.get("params", {}).get("document")
        result = message.get("result")
        if isinstance(result, dict) and isinstance(result.get("document"), dict):
            yield "session/snapshot result", result["document"]


BROKEN = [
    ("a screen id that is not a string", {"screens": [{"id": 5}]}),
    ("a bar item with two contents", {"screens": [{"id": "a", "item": {"rightItems": [{"title": "A", "system": "add"}]}}]}),
    ("an unknown profile", {"profile": "ios12", "screens": []}),
    ("a device preset that does not exist", {"device": {"preset": "iphone-99"}, "screens": []}),
    ("a threshold outside 0-1", {"policies": {"tintThreshold": 2}, "screens": []}),
    ("a back item action that is not one of none, custom", {"screens": [{"id": "a", "item": {"backItem": {"action": "run"}}}]}),
    ("neither screens nor format", {"name": "x"}),
]


def main():
    schema = json.loads((ROOT / "docs/navd-session.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    check(True, "the schema is a valid Draft 2020-12 schema")
    examples = sorted((ROOT / "examples").rglob("*.navd.json"))
    check(len(examples) >= 10, f"examples/ has documents ({len(examples)})")
    for path in examples:
        problems = errors(validator, json.loads(path.read_text(encoding="utf-8")))
        if path.name == "unknown-member.navd.json":
            # The example of a misspelt member: the schema refuses it, as the linter reports it.
            check(bool(problems), f"{path.relative_to(ROOT)} is refused for its misspelt member")
            continue
        for p in problems:
            print(f"{path.relative_to(ROOT)}: {p}")
        check(not problems, f"{path.relative_to(ROOT)} is a valid document")
    seen = 0
    for path in sorted((ROOT / "docs/protocol/examples").glob("*.json")):
        for where, document in transcript_documents(path):
            seen += 1
            problems = errors(validator, document)
            for p in problems:
                print(f"{path.relative_to(ROOT)} ({where}): {p}")
            check(not problems, f"{path.relative_to(ROOT)} ({where}) is a valid document")
    check(seen >= 2, f"the transcripts hold session documents ({seen})")
    navctl = os.environ.get("NAVCTL_BIN") or str(ROOT / ".build/debug/navctl")
    for what, document in BROKEN:
        check(bool(errors(validator, document)), f"the schema refuses {what}")
        # The schema and the loader agree: navctl lint refuses the same document (exit 2).
        run = subprocess.run([navctl, "lint", "--stdin-name", "broken.navd.json", "-"], input=json.dumps(document),
                             capture_output=True, text=True)
        check(run.returncode == 2, f"navctl lint refuses {what} too (exit {run.returncode}: {run.stderr.strip()})")
    # Misspelt members: the schema refuses them, navctl lint warns (an error under --strict), and an x- member
    # is free in both.
    typo = {"format": "navd-session", "formatVersion": 1, "profle": "ios17", "x-team": "mail",
            "screens": [{"id": "a", "title": "A"}, {"id": "b", "backActon": "custom", "item": {"leftitems": []}}]}
    check(len(errors(validator, typo)) == 3, f"the schema refuses each misspelt member: {errors(validator, typo)}")
    for strict, status in ((False, 0), (True, 1)):
        run = subprocess.run([navctl, "lint", "--format", "json", "--stdin-name", "typo.navd.json", "-"]
                             + (["--strict"] if strict else []), input=json.dumps(typo), capture_output=True, text=True)
        found = [d["path"] for d in json.loads(run.stdout or "{}").get("diagnostics", []) if d.get("code") == "unknown-member"]
        check(run.returncode == status and found == ["profle", "screens[1].backActon", "screens[1].item.leftitems"],
              f"navctl lint{' --strict' if strict else ''} reports the misspelt members (exit {run.returncode}: {found})")
    TALLY.close("documents")


if __name__ == "__main__":
    main()
