#!/usr/bin/env python3
"""Writes each client's method table and typed helpers from docs/openrpc.json.

    scripts/gen_clients.py             # write the generated files of every client
    scripts/gen_clients.py --out DIR   # write them under DIR instead (same relative paths)
    scripts/gen_clients.py --check     # exit 1, naming each file, when a committed file is not what this writes

The files (each opens with a header naming this script and docs/openrpc.json):

    clients/python/src/navd_client/methods.py   METHOD_HELPERS and one typed method per wire method (MethodsMixin)
    clients/emacs/navd-methods.el               navd-methods, navd-method-params and one function per method
    clients/nvim/lua/navd/methods.lua           methods, notifications, params, and install(Client): the helpers
    clients/vscode/methods.js                   METHODS, NOTIFICATION_METHODS, PARAMS, and install(NavdClient)

What a client sends is every method of the document but the daemon's notifications (`x-sender: daemon`); the
client's own notifications (`x-sender: client`) are sent without an id. `make schema` runs this after writing
docs/openrpc.json; each client's suite fails when a committed file differs from what this writes.
"""

import argparse
import json
import re
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OPENRPC = ROOT / "docs" / "openrpc.json"
SOURCE = "docs/openrpc.json"
SCRIPT = "scripts/gen_clients.py"

PYTHON = "clients/python/src/navd_client/methods.py"
EMACS = "clients/emacs/navd-methods.el"
LUA = "clients/nvim/lua/navd/methods.lua"
JS = "clients/vscode/methods.js"

# Python names that would shadow a builtin the helpers' callers use.
PYTHON_RENAMES = {("$/cancelRequest", "id"): "request_id"}


class Method:
    """One method a client sends: its wire name, summary, params and result as the document gives them."""

    def __init__(self, entry, document):
        self.name = entry["name"]
        self.summary = entry.get("summary", "").strip()
        self.notification = bool(entry.get("x-notification"))
        self.params = [Param(p) for p in entry.get("params", [])]
        self.result = entry.get("result", {}).get("schema") if "result" in entry else None
        self.document = document

    @property
    def words(self):
        """`bar/hitTest` -> ['bar', 'hit', 'test']; `rpc.discover` -> ['rpc', 'discover']; `$/cancelRequest` ->
        ['cancel', 'request']."""
        out = []
        for part in re.split(r"[/.$]+", self.name):
            out += [w.lower() for w in re.findall(r"[A-Za-z][a-z0-9]*", part)]
        return out

    @property
    def snake(self):
        return "_".join(self.words)

    @property
    def camel(self):
        w = self.words
        return w[0] + "".join(x.capitalize() for x in w[1:])

    @property
    def kebab(self):
        return "-".join(self.words)

    @property
    def required(self):
        return [p for p in self.params if p.required]

    @property
    def optional(self):
        return [p for p in self.params if not p.required]

    def result_shape(self):
        """What the result is, briefly: `{sessionId, version}`, a `BackTitle`, `null`."""
        return shape(self.result, self.document) if self.result is not None else None


class Param:
    def __init__(self, entry):
        self.name = entry["name"]
        self.required = bool(entry.get("required"))
        self.schema = entry.get("schema", {})
        self.description = entry.get("description", "")

    @property
    def snake(self):
        return re.sub(r"(?<!^)(?=[A-Z])", "_", self.name).lower()

    @property
    def nullable(self):
        return any(option.get("type") == "null" for option in self.schema.get("anyOf", []))


def ref_name(schema):
    ref = schema.get("$ref", "")
    return ref.rsplit("/", 1)[-1] if ref else None


def shape(schema, document):
    """A short description of a result schema."""
    if "$ref" in schema:
        return ref_name(schema)
    if schema.get("type") == "null":
        return "null"
    if schema.get("type") == "object" and "properties" in schema:
        required = set(schema.get("required", []))
        return "{" + ", ".join(k if k in required else k + "?" for k in schema["properties"]) + "}"
    if "anyOf" in schema or "oneOf" in schema:
        return " or ".join(shape(s, document) for s in schema.get("anyOf", schema.get("oneOf", [])))
    return schema.get("type", "a value")


def type_words(schema):
    """A schema in words, for documentation: `string`, `integer`, `Point`, `array of Screen`, `string or null`."""
    if "$ref" in schema:
        return ref_name(schema)
    options = schema.get("anyOf") or schema.get("oneOf")
    if options:
        return " or ".join(type_words(s) for s in options)
    kind = schema.get("type")
    if kind == "array":
        return "array of " + type_words(schema.get("items", {}))
    if "enum" in schema:
        return " | ".join(json.dumps(v) for v in schema["enum"])
    if isinstance(kind, list):
        return " or ".join(kind)
    return kind or "any"


# MARK: Python

def py_type(schema):
    if "$ref" in schema:
        return "Point" if ref_name(schema) == "Point" else "Dict[str, Any]"
    options = schema.get("anyOf") or schema.get("oneOf")
    if options:
        kinds = [py_type(s) for s in options if s.get("type") != "null"]
        unique = list(dict.fromkeys(kinds))
        return unique[0] if len(unique) == 1 else "Union[" + ", ".join(unique) + "]"
    return {
        "string": "str", "integer": "int", "number": "float", "boolean": "bool", "object": "Dict[str, Any]",
    }.get(schema.get("type"), "Sequence[" + py_type(schema.get("items", {})) + "]" if schema.get("type") == "array" else "Any")


def python(methods, version):
    out = [f'''"""One helper per protocol method (docs/protocol.md section 5): generated, do not edit.

Generated by {SCRIPT} from {SOURCE} (navd protocol {version}); `make schema` writes it again.

Helpers take Python keyword arguments (required ones may be positional), leave out the ones that are
``None`` and send the rest under their wire names. Pass :data:`CLEAR` to send an explicit JSON ``null``
(which resets a field to its default in partial updates). Results are the decoded JSON values.
"""

from typing import Any, Dict, List, Optional, Sequence, Union


class _Clear:
    """Sentinel: send JSON ``null`` for this argument."""

    def __repr__(self) -> str:
        return "CLEAR"


#: Pass as a helper argument to send JSON ``null`` (reset to default) instead of omitting it.
CLEAR = _Clear()

Json = Any
Point = Dict[str, float]

#: Every wire method and the name of its helper on :class:`navd_client.Client`.
METHOD_HELPERS: Dict[str, str] = {{''']
    for m in methods:
        out.append(f'    "{m.name}": "{m.snake}",')
    out.append("}")
    out.append("")
    out.append("#: The params of each method: (wire name, required), in the document's order.")
    out.append("METHOD_PARAMS: Dict[str, List[Any]] = {")
    for m in methods:
        params = ", ".join(f'("{p.name}", {p.required})' for p in m.params)
        out.append(f'    "{m.name}": [{params}],')
    out.append("}")
    out.append('''

def _params(**fields: Any) -> Dict[str, Any]:
    """The params object: ``None`` left out, :data:`CLEAR` sent as ``null``."""
    return {name: (None if value is CLEAR else value)
            for name, value in fields.items() if value is not None}


def point(x: float, y: float) -> Point:
    """A Point value."""
    return {"x": x, "y": y}


class MethodsMixin:
    """The typed helpers; mixed into :class:`navd_client.Client`."""

    def request(self, method: str, params: Any = None, *, timeout: Optional[float] = None) -> Any:
        raise NotImplementedError

    def notify(self, method: str, params: Any = None) -> None:
        raise NotImplementedError''')
    for m in methods:
        names = {p.name: PYTHON_RENAMES.get((m.name, p.name), p.snake) for p in m.params}
        args = ["self"]
        for p in m.required:
            args.append(f"{names[p.name]}: {py_type(p.schema)}")
        for p in m.optional:
            hint = py_type(p.schema)
            hint = f"Union[{hint}, _Clear, None]" if p.nullable else f"Optional[{hint}]"
            args.append(f"{names[p.name]}: {hint} = None")
        returns = "None" if m.notification or m.result_shape() == "null" else "Json"
        signature = f"    def {m.snake}({', '.join(args)}) -> {returns}:"
        if len(signature) > 110:
            lines = [f"    def {m.snake}("]
            for a in args:
                lines.append(f"            {a},")
            lines.append(f"    ) -> {returns}:")
            signature = "\n".join(lines)
        out.append("")
        out.append(signature)
        doc = f"``{m.name}``" + (" (a notification)" if m.notification else "") + f": {m.summary}"
        if not m.notification:
            doc += f" Returns ``{m.result_shape()}``."
        lines = textwrap.wrap(doc, 100, initial_indent='        """', subsequent_indent="        ",
                              break_long_words=False, break_on_hyphens=False)
        if len(lines) == 1:
            out.append(lines[0] + '"""')
        else:
            out += lines + ['        """']
        fields = ", ".join(f"{p.name}={names[p.name]}" for p in m.params)
        call = f"_params({fields})" if m.params else None
        if call and len(call) > 80:
            call = "_params(\n            " + ",\n            ".join(f"{p.name}={names[p.name]}" for p in m.params) + ")"
        if m.notification:
            out.append(f'        self.notify("{m.name}"' + (f", {call})" if call else ")"))
        else:
            out.append(f'        return self.request("{m.name}"' + (f", {call})" if call else ")"))
    out.append("")
    out.append("")
    out.append('__all__: List[str] = ["CLEAR", "METHOD_HELPERS", "METHOD_PARAMS", "MethodsMixin", "point"]')
    return "\n".join(out) + "\n"


# MARK: Emacs Lisp

def el_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def emacs(methods, version):
    out = [f''';;; navd-methods.el --- navd's methods, one function each  -*- lexical-binding: t; -*-

;;; Commentary:

;; Generated by {SCRIPT} from {SOURCE} (navd protocol {version}):
;; do not edit; `make schema' writes it again.  Loaded by navd.el.

;;; Code:

(declare-function navd-request "navd" (method &optional params connection))
(declare-function navd-notify "navd" (method &optional params connection))

(defconst navd-methods
  \'(''']
    entries = [f'("{m.name}" . navd-{m.kebab})' for m in methods]
    out[-1] += entries[0]
    for e in entries[1:]:
        out.append("    " + e)
    out[-1] += ")"
    out.append('  "Every wire method and the function that calls it.")')
    out.append("")
    notifications = " ".join(f'"{m.name}"' for m in methods if m.notification)
    out.append(f"(defconst navd--notification-methods '({notifications})")
    out.append('  "Methods sent as notifications.")')
    out.append("")
    out.append("(defconst navd-method-params")
    rows = []
    for m in methods:
        params = " ".join(f"(:{p.name} . {'t' if p.required else 'nil'})" for p in m.params)
        rows.append(f'("{m.name}"' + (f" {params})" if params else ")"))
    out.append("  '(" + rows[0])
    for r in rows[1:]:
        out.append("    " + r)
    out[-1] += ")"
    out.append('  "The params of each method: (KEYWORD . REQUIRED).\nIn the order of docs/openrpc.json.")')
    for m in methods:
        out.append("")
        out.append(f"(defun navd-{m.kebab} (&optional params connection)")
        doc = [f"Sends `{m.name}'" + (" (a notification)." if m.notification else "."), m.summary]
        if m.params:
            doc.append("PARAMS is a plist of wire names:")
            for p in m.params:
                doc.append(f"  :{p.name} ({type_words(p.schema)}{', required' if p.required else ''})")
        else:
            doc.append("PARAMS: none.")
        if not m.notification:
            doc.append(f"Returns {m.result_shape()} as a plist.")
        doc.append("CONNECTION defaults to the commands' connection.")
        wrapped = []
        for line in doc:
            indent = "    " if line.startswith("  ") else ""
            wrapped += textwrap.wrap(line, 79, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False)
        out.append("  " + el_string("\n".join(wrapped)))
        call = "navd-notify" if m.notification else "navd-request"
        out.append(f'  ({call} "{m.name}" params connection))')
    out.append("")
    out.append("(provide 'navd-methods)")
    out.append(";;; navd-methods.el ends here")
    return "\n".join(out) + "\n"


# MARK: Lua

def lua_type(schema):
    if "$ref" in schema:
        return "table"
    options = schema.get("anyOf") or schema.get("oneOf")
    if options:
        kinds = list(dict.fromkeys(lua_type(s) for s in options))
        return "|".join(kinds)
    return {"string": "string", "integer": "integer", "number": "number", "boolean": "boolean", "null": "nil",
            "array": "table", "object": "table"}.get(schema.get("type"), "any")


def lua(methods, version):
    out = [f'''-- navd's methods: the table of helpers and one annotated helper per method.
-- Generated by {SCRIPT} from {SOURCE} (navd protocol {version}): do not edit; `make schema` writes it again.

local M = {{}}

--- Every wire method and its helper name on a client.
M.methods = {{''']
    for m in methods:
        out.append(f'  ["{m.name}"] = "{m.snake}",')
    out.append("}")
    out.append("")
    out.append("--- Methods sent as notifications (no reply).")
    out.append("M.notifications = { " + ", ".join(f'["{m.name}"] = true' for m in methods if m.notification) + " }")
    out.append("")
    out.append("--- The params of each method, in the document's order: { name, required }.")
    out.append("M.params = {")
    for m in methods:
        params = ", ".join(f'{{ "{p.name}", {str(p.required).lower()} }}' for p in m.params)
        out.append(f'  ["{m.name}"] = {{ {params} }},' if params else f'  ["{m.name}"] = {{}},')
    out.append("}")
    out.append("")
    out.append("--- Adds the helpers to `Client`: `client:<helper>(params[, timeout])`, params under their wire names.")
    out.append("function M.install(Client)")
    for m in methods:
        fields = ", ".join(f"{p.name}{'' if p.required else '?'}: {lua_type(p.schema)}" for p in m.params)
        params = f"{{{fields}}}" + ("" if m.required else "|nil") if m.params else "nil"
        out.append(f"  --- `{m.name}`: {m.summary}")
        if m.notification:
            out.append(f"  ---@param params {params}")
            out.append(f"  function Client:{m.snake}(params) self:notify(\"{m.name}\", params) end")
        else:
            out.append(f"  ---@param params {params}")
            out.append("  ---@param timeout integer|nil milliseconds")
            out.append(f"  ---@return any {m.result_shape()}")
            out.append(f"  function Client:{m.snake}(params, timeout) return self:request_sync(\"{m.name}\", params, timeout) end")
    out.append("end")
    out.append("")
    out.append("return M")
    return "\n".join(out) + "\n"


# MARK: JavaScript

def js_type(schema):
    if "$ref" in schema:
        return ref_name(schema) if ref_name(schema) == "Point" else "object"
    options = schema.get("anyOf") or schema.get("oneOf")
    if options:
        return "(" + "|".join(dict.fromkeys(js_type(s) for s in options)) + ")"
    kind = schema.get("type")
    if kind == "array":
        return js_type(schema.get("items", {})) + "[]"
    if "enum" in schema:
        return "(" + "|".join(json.dumps(v).replace('"', "'") for v in schema["enum"]) + ")"
    return {"string": "string", "integer": "number", "number": "number", "boolean": "boolean", "null": "null",
            "object": "object"}.get(kind, "*")


def javascript(methods, version):
    out = [f'''\'use strict\';
// navd's methods: the table of helpers and one typed helper per method.
// Generated by {SCRIPT} from {SOURCE} (navd protocol {version}): do not edit; `make schema` writes it again.

/** @typedef {{{{x: number, y: number}}}} Point */

/** Every wire method and its helper name on a client. */
const METHODS = {{''']
    for m in methods:
        out.append(f"  '{m.name}': '{m.camel}',")
    out.append("};")
    out.append("")
    out.append("/** Methods sent as notifications (no reply). */")
    out.append("const NOTIFICATION_METHODS = new Set([" + ", ".join(f"'{m.name}'" for m in methods if m.notification) + "]);")
    out.append("")
    out.append("/** The params of each method, in the document's order: [name, required]. */")
    out.append("const PARAMS = {")
    for m in methods:
        params = ", ".join(f"['{p.name}', {str(p.required).lower()}]" for p in m.params)
        out.append(f"  '{m.name}': [{params}],")
    out.append("};")
    out.append("")
    out.append("/** Adds the helpers to `NavdClient.prototype`. */")
    out.append("function install(NavdClient) {")
    out.append("  const proto = NavdClient.prototype;")
    for m in methods:
        fields = ", ".join(f"{p.name}{'' if p.required else '?'}: {js_type(p.schema)}" for p in m.params)
        out.append("  /**")
        out.append(f"   * `{m.name}`: {m.summary}")
        if m.notification and len(m.params) == 1:
            only = m.params[0]
            out.append(f"   * @param {{{js_type(only.schema)}}} {only.name}")
            out.append("   */")
            out.append(f"  proto.{m.camel} = function {m.camel}({only.name}) {{ this.notify('{m.name}', {{ {only.name} }}); }};")
            continue
        out.append(f"   * @param {{{{{fields}}}}}" + ("" if m.required else "=") + " params")
        if m.notification:
            out.append("   */")
            out.append(f"  proto.{m.camel} = function {m.camel}(params) {{ this.notify('{m.name}', params); }};")
        else:
            out.append("   * @param {{timeout?: number}=} options")
            out.append(f"   * @returns {{Promise<*>}} {m.result_shape()}")
            out.append("   */")
            out.append(
                f"  proto.{m.camel} = function {m.camel}(params, options) {{ return this.request('{m.name}', params, options); }};")
    out.append("}")
    out.append("")
    out.append("module.exports = { METHODS, NOTIFICATION_METHODS, PARAMS, install };")
    return "\n".join(out) + "\n"


def generate(document):
    """Every generated file: relative path -> text."""
    methods = sorted(
        (Method(m, document) for m in document["methods"] if m.get("x-sender") != "daemon"), key=lambda m: m.name)
    version = document["info"]["version"]
    return {
        PYTHON: python(methods, version),
        EMACS: emacs(methods, version),
        LUA: lua(methods, version),
        JS: javascript(methods, version),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--openrpc", type=Path, default=OPENRPC, help="the contract (default: docs/openrpc.json)")
    parser.add_argument("--out", type=Path, default=ROOT, help="the folder the clients/ paths are under")
    parser.add_argument("--check", action="store_true", help="compare with the files under --out; write nothing")
    args = parser.parse_args(argv)
    files = generate(json.loads(args.openrpc.read_text(encoding="utf-8")))
    stale = []
    for relative, text in files.items():
        path = args.out / relative
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(relative)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if stale:
        for relative in stale:
            print(f"{relative} is not what {SCRIPT} writes from {SOURCE}: run `make schema`", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
