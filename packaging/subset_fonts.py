"""Cut Noto Sans CJK TC down to the characters the app shows, regular and bold:

    python3 packaging/subset_fonts.py [--also FILE ...] [--source DIR]

The full faces are 20 MB collections (Debian's ``fonts-noto-cjk``: ``apt-get install
fonts-noto-cjk``; ``--source`` names another folder holding ``NotoSansCJK-Regular.ttc`` and
``NotoSansCJK-Bold.ttc``).  The characters are those of every string of every language under
``data/strings`` and ``data/rules``, plus Basic Latin, Latin-1 punctuation and the CJK punctuation,
so that a number or a name inside Chinese text renders too, and the ~5,400 common Traditional
characters (Big5 level 1) for the names players type; ``--also`` adds the characters of more
text files.  Run it again after changing any string: ``tests/ui/test_fonts.py`` fails while a
shown character is missing from the subset.  The same input gives the same bytes.

The subset takes DejaVu Sans's vertical metrics (ascent, descent, line gap in proportion to the
em), so a Chinese line is exactly as tall as a Latin one and both share a baseline: layouts do not
change with the language, and mixed text lines up (``catgames/ui/fonts.py``).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import unicodedata
from pathlib import Path
from typing import Any, Iterable, Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from catgames.core.data import DataError, load_yaml
from catgames.paths import DATA_DIR
from catgames.ui.fonts import CJK, LATIN

SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")
SOURCES = ("NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc")  #: by ``bold``, like ``fonts.CJK``
FAMILY = "Noto Sans CJK TC"  #: the face picked from each collection (Traditional Chinese, Taiwan)
TEXT_FOLDERS = ("strings", "rules")  #: under ``data/``: every text a player reads
ALWAYS = "".join(chr(c) for lo, hi in (
    (0x20, 0x7E),      # Basic Latin: digits, letters, ASCII punctuation
    (0xA0, 0xBF),      # Latin-1 punctuation and signs (no-break space, «», °, ·)
    (0xD7, 0xD7), (0xF7, 0xF7),
    (0x2010, 0x2027), (0x202F, 0x202F), (0x2030, 0x203A),  # dashes, quotes, …, narrow no-break space
    (0x3000, 0x3011),  # CJK punctuation: 、。「」『』【】
    (0xFF01, 0xFF1F),  # full-width ！，：；？ and digits
) for c in range(lo, hi + 1))
EXIT_NO_TOOL = 2


def common_hanzi() -> str:
    """The common Traditional characters (Big5 level 1, lead bytes A4-C6, about 5,400): players type
    their names on the new-game screen, and a name must not turn into empty boxes."""
    chars = []
    for lead in range(0xA4, 0xC7):
        for trail in (*range(0x40, 0x7F), *range(0xA1, 0xFF)):
            try:
                chars.append(bytes((lead, trail)).decode("big5"))
            except UnicodeDecodeError:
                continue  # a hole in the table
    return "".join(c for c in chars if unicodedata.category(c) == "Lo")


def _strings(value: Any) -> Iterator[str]:
    """Every scalar of a YAML document, as the app would show it (``i18n`` shows ``str(value)``)."""
    if isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif value is not None:
        yield str(value)


def shown_texts() -> Iterator[str]:
    """Each line of every string of every language (``data/strings``, ``data/rules``)."""
    for folder in TEXT_FOLDERS:
        for path in sorted((DATA_DIR / folder).rglob("*.yaml")):
            for text in _strings(load_yaml(path).value):
                yield from text.split("\n")


def characters(texts: Iterable[str]) -> set[str]:
    """The printable characters of ``texts`` and ``ALWAYS`` (no control characters)."""
    chars = set(ALWAYS).union(common_hanzi(), *texts)
    return {c for c in chars if unicodedata.category(c) != "Cc"}


def _open_face(collection: Path) -> Any:
    """The ``FAMILY`` face of a ``.ttc`` collection (found by name, not by a position that a
    new release could change)."""
    from fontTools.ttLib import TTCollection
    for face in TTCollection(collection, lazy=False).fonts:
        if face["name"].getDebugName(1) == FAMILY:
            return face
    raise ValueError(f"{collection} has no face named {FAMILY!r}")


def _take_metrics(face: Any, bold: bool) -> None:
    """Give ``face`` DejaVu's em and vertical metrics, in every table a renderer may read: at
    any pixel size both faces then round to the same ascent, descent and line height."""
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.scaleUpem import scale_upem
    latin = TTFont(LATIN[bold])
    scale_upem(face, latin["head"].unitsPerEm)
    for table, fields in (("hhea", ("ascent", "descent", "lineGap")),
                          ("OS/2", ("sTypoAscender", "sTypoDescender", "sTypoLineGap",
                                    "usWinAscent", "usWinDescent"))):
        for field in fields:
            setattr(face[table], field, getattr(latin[table], field))


def subset(collection: Path, chars: set[str], out: Path, bold: bool) -> None:
    """Write the ``FAMILY`` face of ``collection`` cut to ``chars`` to ``out``."""
    from fontTools import subset as ftsubset
    options = ftsubset.Options()
    options.name_IDs = ["*"]          # keep the copyright, licence and designer records
    options.notdef_outline = True     # a missing glyph shows as a box, not as nothing
    options.layout_features = ["kern"]  # shaping with the rest ('locl', 'palt' …) costs 12 µs a size
    options.hinting = False           # no hinting pushes a glyph below the shared descent (and smaller)
    options.drop_tables += ["vhea", "vmtx", "VORG"]  # the app never sets text vertically
    face = _open_face(collection)
    subsetter = ftsubset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(c) for c in chars))
    subsetter.subset(face)
    _take_metrics(face, bold)
    face.recalcTimestamp = False      # the same input gives the same bytes
    face.save(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--also", type=Path, action="append", default=[], metavar="FILE",
                        help="a text file whose characters the subset covers too")
    parser.add_argument("--source", type=Path, default=SOURCE_DIR, metavar="DIR",
                        help=f"the folder of {' and '.join(SOURCES)} (default {SOURCE_DIR})")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("fontTools") is None:
        print("packaging/subset_fonts.py: fontTools is missing; install the dev tools first:\n"
              "  python3 -m pip install -r requirements-dev.txt", file=sys.stderr)
        return EXIT_NO_TOOL
    missing = [str(args.source / name) for name in SOURCES if not (args.source / name).is_file()]
    if missing:
        print(f"packaging/subset_fonts.py: no {', '.join(missing)}; install Debian's fonts-noto-cjk "
              "or pass --source DIR", file=sys.stderr)
        return 1
    try:
        extra = [path.read_text(encoding="utf-8") for path in args.also]
        chars = characters([*shown_texts(), *extra])
    except (OSError, UnicodeDecodeError, DataError) as exc:
        print(f"packaging/subset_fonts.py: {exc}", file=sys.stderr)
        return 1
    print(f"{len(chars)} characters ({sum(ord(c) > 0x2FFF for c in chars)} CJK and full-width)")
    for bold, name in enumerate(SOURCES):
        out = CJK[bold]
        subset(args.source / name, chars, out, bool(bold))
        print(f"wrote {out.relative_to(ROOT)} ({out.stat().st_size / 1024:.0f} KB)")
    total = sum(p.stat().st_size for p in CJK)
    print(f"total {total / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
