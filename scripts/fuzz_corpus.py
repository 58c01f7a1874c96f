#!/usr/bin/env python3
"""Writes fuzz/corpus/<target>/ from what the project already holds: the protocol transcripts, the
example documents and the real dumps (the font target's seeds come from scripts/gen_font_seeds.py). `make
fuzz-corpus` runs it; the result is committed, so that
`make fuzz` and the replay tests start from the same seeds."""

import hashlib
import json
import pathlib
import shutil

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "fuzz" / "corpus"


def write(target: str, data: bytes) -> None:
    folder = OUT / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()[:16]).write_bytes(data)


def main() -> None:
    # fuzz/corpus/font holds small fonts that scripts/gen_font_seeds.py builds with fontTools: kept.
    if OUT.exists():
        for folder in OUT.iterdir():
            if folder.name != "font":
                shutil.rmtree(folder)
    requests = []
    for path in sorted((ROOT / "docs" / "protocol" / "examples").glob("*.json")):
        transcript = json.loads(path.read_text(encoding="utf-8"))
        for step in transcript.get("steps", []):
            if "send" in step:
                requests.append(step["send"])
    for message in requests:
        body = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        write("json", body)
        write("frames", body + b"\n")
        write("frames", b"Content-Length: %d\r\n\r\n" % len(body) + body)
        if isinstance(message, dict) and "params" in message:
            write("params", json.dumps(message["params"], ensure_ascii=False).encode("utf-8"))
            tree = message["params"].get("recursiveDescription") if isinstance(message["params"], dict) else None
            if isinstance(tree, str):
                write("recursiveDescription", tree.encode("utf-8"))
    for path in sorted((ROOT / "examples").rglob("*.navd.json")):
        data = path.read_bytes()
        write("document", data)
        write("json", data)
    for path in sorted((ROOT / "Tests" / "Fixtures" / "dumps").glob("*.txt")):
        data = path.read_bytes()
        write("importDump", data)
        lines = [line for line in data.decode("utf-8").splitlines() if not line.startswith("#")]
        write("recursiveDescription", "\n".join(lines).encode("utf-8"))
    # Test rigs' trees: Appium page sources (XML) and WebDriverAgent's JSON form.
    for pattern in ("*.xml", "*.json"):
        for path in sorted((ROOT / "Tests" / "Fixtures" / "dumps").glob(pattern)):
            write("importDump", path.read_bytes())
    # The source readers: the examples and the readers' fixtures, each by its kind.
    kinds = {".swift": "swiftSource", ".m": "objcSource", ".mm": "objcSource", ".h": "objcSource",
             ".storyboard": "storyboard", ".xib": "storyboard"}
    for folder in (ROOT / "examples" / "source", ROOT / "Tests" / "Fixtures" / "source"):
        for path in sorted(folder.rglob("*")):
            if path.suffix in kinds and path.is_file() and path.stat().st_size <= 65536:
                write(kinds[path.suffix], path.read_bytes())
            if path.name == "Contents.json" and path.parent.suffix == ".colorset":
                write("colorSet", path.read_bytes())
    for path in sorted((ROOT / "Tests" / "Fixtures" / "projects").rglob(".navd.yml")):
        write("config", path.read_bytes())
    for target in sorted(p.name for p in OUT.iterdir()):
        print(f"fuzz/corpus/{target}: {len(list((OUT / target).iterdir()))} seeds")


if __name__ == "__main__":
    main()
