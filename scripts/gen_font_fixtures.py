#!/usr/bin/env python3
"""Writes Tests/Fixtures/fonts/reference.json: what FreeType and HarfBuzz say about open fonts that Debian
packages, for NavFontTests to hold navd's own OpenType reader (Sources/NavFont) to.

The fonts are not copied into the repository: the tests read them where their packages install them
(`make test-deps` installs the packages when they are missing). The fixture records each package's version
and each file's size and head checksum, so a test that meets another version says so instead of failing
on changed numbers. No outline, no font program: only numbers.

For each face, and each weight of a variable face:
- `advances`: FreeType 2's advance of every character of U+0020...U+00FF (and a few more) the face maps, in
  font units (`FT_Get_Advance` with `FT_LOAD_NO_SCALE`, after `FT_Set_Var_Design_Coordinates` for a weight).
  For a weight, fontTools' instancer (`instantiateVariableFont`) must give the same advances, and so must
  FreeType with the HVAR table hidden (its tag renamed, so that gvar's phantom points vary the advances), or
  this script stops.
- `strings`: HarfBuzz's width of each string in font units with its `kern` feature on and the features that
  substitute glyphs off (liga, clig, calt, dlig, ccmp, locl), at the weight; the script stops if HarfBuzz
  drew any other glyph than the character map's, so the width is advances plus pair kerning.
- `kernTable`: for a face with a `kern` table, FreeType's unscaled kerning (`FT_Get_Kerning`, which reads
  only that table) of pairs of characters; `kernTableStrings`: HarfBuzz's widths of the strings with the
  face's GPOS table hidden (its tag renamed `XPOS` in the table directory), so that the `kern` table kerns.

    scripts/gen_font_fixtures.py [--check]

Needs freetype-py, uharfbuzz and fonttools (`make font-fixtures` installs them in .venv).
"""

import argparse
import io
import json
import os
import subprocess
import sys

import freetype
import uharfbuzz as hb
from fontTools.ttLib import TTCollection, TTFont
from fontTools.varLib import instancer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "Fixtures", "fonts", "reference.json")

FONTS = [
    {"package": "fonts-dejavu-core", "file": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "face": 0},
    {"package": "fonts-inter-variable", "file": "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf", "face": 0,
     "weights": [400, 600]},
    {"package": "fonts-wqy-microhei", "file": "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", "face": 1},
    {"package": "fonts-cantarell", "file": "/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf", "face": 0},
]

STRINGS = [
    "Back", "Settings", "General", "Passionfruit", "A Story About a Fish", "Root View Controller", "Log in",
    "Posts", "Demo", "Home", "Cancel", "Done", "AVATAR", "Typography", "Yo-yo", "We Try", "LTA P.", "Wave",
    "Café au lait", "Über", "Vowel", "Tokyo", "7 Favourites", "数据统计", "照片",
]

KERN_PAIRS = ["AV", "AT", "Ty", "Yo", "LT", "P.", "To", "Va", "We", "ff", "ab", "L'", "r.", "y,"]

EXTRA = [0x2014, 0x2019, 0x201C, 0x2026, 0x20AC, 0x6570, 0x636E, 0x7EDF, 0x8BA1, 0x7167, 0x7247]

SHAPING_OFF = {f: False for f in ["liga", "clig", "calt", "dlig", "ccmp", "locl", "rlig", "case"]}


def package_version(package):
    out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{package} is not installed (apt-get install {package})")
    return out.stdout


def head_checksum(tt):
    return format(tt["head"].checkSumAdjustment, "x")


def freetype_advances(face, cmap_keys):
    advances = {}
    for code in sorted(cmap_keys):
        glyph = face.get_char_index(code)
        if glyph:
            advances[code] = face.get_advance(glyph, freetype.FT_LOAD_NO_SCALE)
    return advances


def harfbuzz_width(font, cmap, text, variations):
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    features = dict(SHAPING_OFF)
    features["kern"] = True
    hb.shape(font, buf, features)
    glyphs = [i.codepoint for i in buf.glyph_infos]
    if len(glyphs) != len(text) or any(cmap.get(ord(c)) is None for c in text):
        return None
    names = [cmap[ord(c)] for c in text]
    return glyphs, names, sum(p.x_advance for p in buf.glyph_positions)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed fixture differs")
    args = parser.parse_args()

    entries = []
    for spec in FONTS:
        path, index = spec["file"], spec["face"]
        if not os.path.exists(path):
            sys.exit(f"{path} is missing (apt-get install {spec['package']})")
        is_collection = path.endswith(".ttc")
        tt = TTCollection(path).fonts[index] if is_collection else TTFont(path)
        glyph_order = tt.getGlyphOrder()
        cmap = tt.getBestCmap()
        wanted = [c for c in list(range(0x20, 0x100)) + EXTRA if c in cmap]
        face = freetype.Face(path, index=index)
        blob = hb.Blob.from_file_path(path)
        hb_face = hb.Face(blob, index)
        weights = spec.get("weights", [None])
        for weight in weights:
            if weight is not None:
                face.set_var_design_coords((weight,))
            advances = freetype_advances(face, wanted)
            if weight is not None:
                # The same advances through gvar's phantom points: FreeType on the bytes with HVAR's tag renamed
                # (NavFontTests reads them the same way).
                data = bytearray(open(path, "rb").read())
                at = data.find(b"HVAR", 12, 12 + 16 * len(tt.reader.tables))
                data[at:at + 4] = b"XVAR"
                bare = freetype.Face(io.BytesIO(bytes(data)), index=index)
                bare.set_var_design_coords((weight,))
                if freetype_advances(bare, wanted) != advances:
                    sys.exit(f"{path} wght {weight}: FreeType's advances differ without HVAR")
                instance = instancer.instantiateVariableFont(TTFont(path), {"wght": weight})
                hmtx = instance["hmtx"]
                for code, advance in advances.items():
                    theirs = hmtx[cmap[code]][0]
                    if theirs != advance:
                        sys.exit(f"{path} wght {weight}: U+{code:04X} FreeType {advance}, fontTools {theirs}")
            font = hb.Font(hb_face)
            if weight is not None:
                font.set_variations({"wght": weight})
            strings = []
            for text in STRINGS:
                shaped = harfbuzz_width(font, cmap, text, weight)
                if shaped is None:
                    continue
                glyphs, names, width = shaped
                if [glyph_order[g] for g in glyphs] != names:
                    sys.exit(f"{path}: HarfBuzz substituted glyphs in {text!r}; pick another string")
                strings.append({"text": text, "width": width})
            entry = {
                "package": spec["package"],
                "version": package_version(spec["package"]),
                "file": path,
                "size": os.path.getsize(path),
                "checksum": head_checksum(tt),
                "face": index,
                "fullName": tt["name"].getDebugName(4),
                "unitsPerEm": tt["head"].unitsPerEm,
                "advances": {f"{code:04X}": advance for code, advance in advances.items()},
                "strings": strings,
            }
            if weight is not None:
                entry["wght"] = weight
            if "kern" in tt and weight is None:
                pairs = {}
                for pair in KERN_PAIRS:
                    # freetype-py's get_kerning takes characters and maps them itself.
                    pairs[pair] = face.get_kerning(pair[0], pair[1], freetype.FT_KERNING_UNSCALED).x
                entry["kernTable"] = pairs
                # The `kern` table as the only kerning: the same bytes with the GPOS table's tag renamed in the
                # table directory (NavFontTests renames it the same way), shaped by HarfBuzz.
                data = bytearray(open(path, "rb").read())
                at = data.find(b"GPOS", 12, 12 + 16 * len(tt.reader.tables))
                data[at:at + 4] = b"XPOS"
                bare = hb.Font(hb.Face(hb.Blob(bytes(data)), index))
                entry["kernTableStrings"] = [
                    {"text": t, "width": harfbuzz_width(bare, cmap, t, None)[2]}
                    for t in STRINGS if harfbuzz_width(bare, cmap, t, None) is not None]
            entries.append(entry)

    document = {
        "generator": "scripts/gen_font_fixtures.py",
        "tools": {
            "freetype": ".".join(map(str, freetype.version())),
            "harfbuzz": hb.version_string(),
            "fonttools": __import__("fontTools").version,
        },
        "faces": entries,
    }
    text = json.dumps(document, indent=1, ensure_ascii=False) + "\n"
    if args.check:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                sys.exit(f"{OUT} differs from what the installed fonts give")
        return
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {OUT}: {len(entries)} faces")


if __name__ == "__main__":
    main()
