#!/usr/bin/env python3
"""Validates every golden transcript (docs/protocol/examples/*.json) against docs/openrpc.json with jsonschema.

For each exchange: a request answered with a result has its params checked against the method's params
and its result against the method's result schema; a request answered with an error has the error's code
checked against the codes the method declares (or those every request may get) and its data against that
error's `x-data-schema`; every notification, sent or received, has its params checked against the
notification's params. Normalised placeholders: generated ids (`<sessionId:1>`) are strings and stay;
a `<volatile>` value is accepted wherever it stands. So the check cannot pass vacuously, every request
method but rpc.discover must be answered with a result in some transcript, and a few broken messages
must be refused.
Prints one line per failure and a closing 'N passed, N failed'; exits 1 on any failure.
"""

import copy
import json
import sys
from pathlib import Path

from jsonschema import Draft202012Validator

from tally import Tally

ROOT = Path(__file__).resolve().parent.parent
DOCUMENT = json.loads((ROOT / "docs/openrpc.json").read_text(encoding="utf-8"))
COMPONENTS = DOCUMENT["components"]
METHODS = {m["name"]: m for m in DOCUMENT["methods"]}
ERRORS = {e["code"]: name for name, e in COMPONENTS["errors"].items()}
# Codes any request may get, whatever its method (transport and envelope errors).
GENERAL = {-32700, -32600, -32601, -32603, -32800}

TALLY = Tally()
check = TALLY.check


def validator(schema):
    """A validator for a schema of the document: its `#/components/...` references resolve in the document."""
    rooted = dict(schema)
    rooted["components"] = COMPONENTS
    return Draft202012Validator(rooted)


def params_schema(method):
    descriptors = method.get("params", [])
    return {
        "type": "object",
        "properties": {d["name"]: d["schema"] for d in descriptors},
        "required": [d["name"] for d in descriptors if d.get("required")],
    }


def problems(schema, instance):
    out = []
    for error in validator(schema).iter_errors(instance):
        if error.instance == "<volatile>":
            continue
        out.append(f"{'/'.join(map(str, error.absolute_path)) or '<root>'}: {error.message[:300]}")
    return out


def error_schema(code):
    name = ERRORS.get(code)
    return COMPONENTS["errors"][name].get("x-data-schema") if name else None


def messages(value):
    return value if isinstance(value, list) else [value]


answered = set()


def check_transcript(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    pending = {}
    for index, step in enumerate(data.get("steps", [])):
        where = f"{path.name} step {index}"
        if "send" in step:
            for message in messages(step["send"]):
                name = message.get("method")
                method = METHODS.get(name)
                if method is None:
                    continue  # an invalid request, shown on purpose; its reply is checked below
                if "id" in message:
                    pending[json.dumps(message["id"])] = message
                elif method.get("x-notification"):
                    found = problems(params_schema(method), message.get("params", {}))
                    check(not found, f"{where}: {name} params: {found}")
        elif "receive" in step:
            for message in messages(step["receive"]):
                if "method" in message:
                    method = METHODS.get(message["method"])
                    check(method is not None and method.get("x-sender") == "daemon", f"{where}: {message['method']} is not a daemon notification")
                    if method:
                        found = problems(params_schema(method), message.get("params", {}))
                        check(not found, f"{where}: {message['method']} params: {found}")
                    continue
                request = pending.pop(json.dumps(message.get("id")), None)
                if "error" in message:
                    error = message["error"]
                    code = error.get("code")
                    declared = {COMPONENTS["errors"][r["$ref"].rsplit("/", 1)[1]]["code"] for r in METHODS.get(request.get("method"), {}).get("errors", [])} if request else set()
                    check(code in GENERAL or code in declared, f"{where}: error {code} is not declared for {request and request.get('method')}")
                    schema = error_schema(code)
                    if "data" in error:
                        check(schema is not None, f"{where}: error {code} has data but no data schema")
                        if schema is not None:
                            found = problems(schema, error["data"])
                            check(not found, f"{where}: error {code} data: {found}")
                    continue
                if request is None:
                    check(False, f"{where}: a result for no request")
                    continue
                method = METHODS[request["method"]]
                found = problems(params_schema(method), request.get("params", {}))
                check(not found, f"{where}: {request['method']} params: {found}")
                found = problems(method["result"]["schema"], message.get("result"))
                check(not found, f"{where}: {request['method']} result: {found}")
                answered.add(request["method"])


def self_test():
    """Broken messages the schemas must refuse."""
    push = METHODS["stack/push"]
    check(problems(params_schema(push), {"sessionId": "s1"}), "stack/push params without 'screen' were accepted")
    check(problems(push["result"]["schema"], {"screenId": "a"}), "a stack/push result without 'version' was accepted")
    title = METHODS["title/back"]["result"]["schema"]
    good = {"title": "A", "display": "text", "source": "previousTitle", "truncated": False, "menu": ["A"]}
    check(not problems(title, good), "a good BackTitle was refused")
    bad = copy.deepcopy(good)
    bad["display"] = "shown"
    check(problems(title, bad), "a BackTitle with display 'shown' was accepted")
    bad = copy.deepcopy(good)
    bad["colour"] = "#FFF"
    check(problems(title, bad), "a BackTitle with an unknown member was accepted")
    check(problems(error_schema(-32602), {"path": "x"}), "-32602 data without 'expected' was accepted")


def main():
    files = sorted((ROOT / "docs/protocol/examples").glob("*.json"))
    check(files, "docs/protocol/examples holds no transcripts")
    for path in files:
        check_transcript(path)
    requests = {name for name, m in METHODS.items() if not m.get("x-notification")}
    missing = sorted(requests - answered - {"rpc.discover"})
    check(not missing, f"no transcript answers these methods with a result: {missing}")
    self_test()
    TALLY.close("transcripts against docs/openrpc.json")


if __name__ == "__main__":
    sys.exit(main())
