#!/usr/bin/env python3
"""Writes Sources/NavModel/Title/TextMetrics+Tables.swift, the advance widths of the text width model.

The widths come from the AFM files of Nimbus Sans Regular and Bold, URW++'s Helvetica-compatible design,
as Debian's fonts-urw-base35 package installs them (`apt-get install fonts-urw-base35`). Only advance
widths of the 95 printable ASCII characters are read, by glyph name; no outline, no font program and no
AFM file is copied into the repository. The licence of the source files is AGPL-3 with a font exception
(/usr/share/doc/fonts-urw-base35/copyright); the numbers are Helvetica's metrics, the same as Adobe's
freely distributed Core 14 Helvetica AFM advances.

Six tables (docs/semantics.md, "Text widths"): first the regular and semibold of each `TextMetrics.Family`, then
the bold of each family (the large title's weight, GEO-13):

- sanFrancisco regular: Nimbus Sans Regular, as is.
- sanFrancisco semibold: the mean of Regular and Bold, rounded up.
- helveticaNeue regular: Regular plus 10 thousandths of an em per character.
- helveticaNeue medium (the title): the semibold mean plus 1 thousandth per character.
- sanFrancisco bold: Nimbus Sans Bold, as is ('Settings' at 34 pt measures 134.1 against the 135 of a published
  Appium page source of iOS's Settings).
- helveticaNeue bold: Bold plus 10 thousandths of an em per character, as its regular (iOS 7 and 8 have no large
  titles; the table keeps the families alike).

The two helveticaNeue offsets are fitted to the real iOS 7 and 8 labels in Tests/Fixtures/dumps, whose
frames are whole half points (a label sized to fit rounds up to the pixel of a 2x screen): 'Passionfruit'
(91, regular) needs 8.3 to 10.7, and 'A Story About a Fish' (163) and 'Root View Controller' (162.5, both
medium) need 1.2 to 1.3; the nearest whole numbers are taken. Kerning is not modelled: Nimbus Sans'
kerning pairs move 'Passionfruit' and 'Root View Controller' further from their dumps and 'A Story About a
Fish' by under 0.1 pt.

    scripts/gen_text_metrics.py [--afm-dir DIR] [--check]

--check compares the generated text with the committed file and exits 1 when they differ.
"""

import argparse
import math
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "Sources" / "NavModel" / "Title" / "TextMetrics+Tables.swift"
AFM_DIR = Path("/usr/share/fonts/type1/urw-base35")

# Adobe glyph names of U+0020...U+007E, in order.
ASCII_NAMES = (
    "space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft parenright asterisk "
    "plus comma hyphen period slash zero one two three four five six seven eight nine colon semicolon less "
    "equal greater question at A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash "
    "bracketright asciicircum underscore grave a b c d e f g h i j k l m n o p q r s t u v w x y z braceleft "
    "bar braceright asciitilde"
).split()
assert len(ASCII_NAMES) == 95

# Per-character offsets of the Helvetica Neue era, in thousandths of an em (see the docstring).
HELVETICA_NEUE_REGULAR_TRACKING = 10
HELVETICA_NEUE_MEDIUM_TRACKING = 1


def advances(path):
    """Glyph name -> advance width (WX), from an AFM file's character metrics."""
    widths = {}
    with open(path, encoding="latin-1") as f:
        for line in f:
            if not line.startswith("C "):
                continue
            fields = {}
            for part in line.split(";"):
                words = part.split()
                if words:
                    fields[words[0]] = words[1:]
            widths[fields["N"][0]] = int(fields["WX"][0])
    return widths


def ascii_row(widths, path):
    missing = [n for n in ASCII_NAMES if n not in widths]
    if missing:
        sys.exit(f"{path}: no advance for {', '.join(missing)}")
    return [widths[n] for n in ASCII_NAMES]


def tables(afm_dir):
    regular_path = afm_dir / "NimbusSans-Regular.afm"
    bold_path = afm_dir / "NimbusSans-Bold.afm"
    for p in (regular_path, bold_path):
        if not p.is_file():
            sys.exit(f"{p} not found: install Debian's fonts-urw-base35 (apt-get install fonts-urw-base35)")
    regular = ascii_row(advances(regular_path), regular_path)
    bold = ascii_row(advances(bold_path), bold_path)
    semibold = [math.ceil((r + b) / 2) for r, b in zip(regular, bold)]
    return [
        ("San Francisco, regular: Nimbus Sans Regular", regular),
        ("San Francisco, semibold: the mean of Nimbus Sans Regular and Bold, rounded up", semibold),
        (
            f"Helvetica Neue, regular: Nimbus Sans Regular + {HELVETICA_NEUE_REGULAR_TRACKING}",
            [w + HELVETICA_NEUE_REGULAR_TRACKING for w in regular],
        ),
        (
            f"Helvetica Neue, medium (the semibold slot): the San Francisco semibold + {HELVETICA_NEUE_MEDIUM_TRACKING}",
            [w + HELVETICA_NEUE_MEDIUM_TRACKING for w in semibold],
        ),
        ("San Francisco, bold: Nimbus Sans Bold", bold),
        (
            f"Helvetica Neue, bold: Nimbus Sans Bold + {HELVETICA_NEUE_REGULAR_TRACKING}",
            [w + HELVETICA_NEUE_REGULAR_TRACKING for w in bold],
        ),
    ]


def swift(rows):
    out = [
        "// Generated by scripts/gen_text_metrics.py (make text-metrics) from the advance widths in the AFM files of",
        "// Nimbus Sans Regular and Bold (URW++, Debian's fonts-urw-base35; AGPL-3 with a font exception). Only the",
        "// widths are kept: docs/semantics.md, \"Text widths\", gives their provenance. Do not edit by hand.",
        "",
        "extension TextMetrics {",
        "    /// Advances of U+0020...U+007E in thousandths of an em: six tables of 95, at",
        "    /// `TextMetrics.tableOffset(family:weight:)`.",
        "    static let asciiAdvances: [UInt16] = [",
    ]
    for title, row in rows:
        out.append(f"        // {title}")
        for i in range(0, len(row), 16):
            out.append("        " + ", ".join(str(w) for w in row[i : i + 16]) + ",")
    out += ["    ]", "}", ""]
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--afm-dir", type=Path, default=AFM_DIR)
    parser.add_argument("--check", action="store_true", help="fail when the committed table is out of date")
    args = parser.parse_args()
    text = swift(tables(args.afm_dir))
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"{OUT.relative_to(REPO)} is out of date: run scripts/gen_text_metrics.py", file=sys.stderr)
            return 1
        print(f"{OUT.relative_to(REPO)} is up to date")
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
