#!/usr/bin/env python3
"""Writes fuzz/corpus/font: small fonts made here with fontTools' FontBuilder (no glyph of any published
font), one per shape the reader takes: GPOS pair kerning (pairs and classes, inside an extension lookup),
the `kern` table alone, a collection of two faces, and a variable face whose advances vary through `gvar`'s
phantom points (a `wght` axis, no HVAR). The `font` fuzz target (Sources/NavFuzz) starts from
them.

    scripts/gen_font_seeds.py

Needs fontTools (`make font-fixtures` installs it in .venv).
"""

import os

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, newTable
from fontTools.ttLib.tables._k_e_r_n import KernTable_format_0
from fontTools.ttLib.tables.TupleVariation import TupleVariation

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fuzz", "corpus", "font")
GLYPHS = [".notdef", "space", "A", "T", "V", "a", "o"]
ADVANCES = {".notdef": 500, "space": 250, "A": 640, "T": 600, "V": 620, "a": 540, "o": 560}


def box():
    pen = TTGlyphPen(None)
    pen.moveTo((50, 0))
    pen.lineTo((50, 600))
    pen.lineTo((450, 600))
    pen.lineTo((450, 0))
    pen.closePath()
    return pen.glyph()


def font(family):
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(GLYPHS)
    fb.setupCharacterMap({0x20: "space", 0x41: "A", 0x54: "T", 0x56: "V", 0x61: "a", 0x6F: "o"})
    fb.setupGlyf({g: box() for g in GLYPHS})
    fb.setupHorizontalMetrics({g: (ADVANCES[g], 50) for g in GLYPHS})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    return fb


def main():
    os.makedirs(OUT, exist_ok=True)
    fb = font("Seed Sans")
    addOpenTypeFeaturesFromString(
        fb.font,
        "@LEFT = [T V]; @RIGHT = [a o];\n"
        "lookup pairs useExtension { pos A V -80; pos A T -60; pos @LEFT @RIGHT -40; } pairs;\n"
        "feature kern { lookup pairs; } kern;\n")
    fb.save(os.path.join(OUT, "gpos.ttf"))

    fb = font("Seed Kern")
    kern = newTable("kern")
    kern.version = 0
    sub = KernTable_format_0()
    sub.version, sub.coverage, sub.format = 0, 1, 0
    sub.kernTable = {("A", "V"): -80, ("T", "o"): -50}
    kern.kernTables = [sub]
    fb.font["kern"] = kern
    fb.save(os.path.join(OUT, "kern.ttf"))

    fb = font("Seed Variable")
    fb.setupFvar([("wght", 100, 400, 900, "Weight")], [])
    # Each box glyph: 4 outline points, then the 4 phantom points; the second phantom point moves right.
    heavier = {g: [TupleVariation({"wght": (0, 1, 1)}, [(10, 0)] * 4 + [(0, 0), (ADVANCES[g] // 10, 0), (0, 0), (0, 0)])]
               for g in GLYPHS}
    fb.setupGvar(heavier)
    fb.save(os.path.join(OUT, "gvar.ttf"))

    collection = TTCollection()
    collection.fonts = [font("Seed One").font, font("Seed Two").font]
    collection.save(os.path.join(OUT, "pair.ttc"))
    print(f"wrote {OUT}: gpos.ttf, kern.ttf, gvar.ttf, pair.ttc")


if __name__ == "__main__":
    main()
