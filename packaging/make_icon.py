"""Draw the app icon (a cat's head in the house style: flat Okabe-Ito fills, dark outlines) and
write it as PNGs of every size in ``catgames.paths.ICON_SIZES``, a Windows ``.ico`` and a macOS
``.icns``, into ``art/icon/`` (or the folder given).

    python3 packaging/make_icon.py [OUT_DIR]

Only pygame is needed: each size is drawn at 1024 px and scaled down smoothly (that is the
anti-aliasing), and the ``.ico``/``.icns`` containers are written by hand around the PNG data,
which both formats accept.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from catgames.paths import ICON_DIR, ICON_SIZES
from catgames.ui.theme import BLUISH_GREEN, OKABE_ITO, ORANGE, REDDISH_PURPLE

MASTER = 1024
INK = OKABE_ITO.background
TILE = OKABE_ITO.table
EDGE = OKABE_ITO.panel_edge
WHISKER = OKABE_ITO.text
INNER_EAR = OKABE_ITO.seat(3).light  # the light reddish purple
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  #: what Windows asks an .ico for
#: .icns entry types and the PNG size each holds (the ``@2x`` types reuse a larger PNG)
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
              (b"ic09", 512), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512))


def _at(u: float, v: float) -> tuple[int, int]:
    """A point given in units of the master canvas (0..1 each way)."""
    return round(u * MASTER), round(v * MASTER)


def _polygon(surface: pygame.Surface, fill: tuple[int, ...], points: list[tuple[float, float]],
             outline: int = 0) -> None:
    """A filled polygon with an ink outline ``outline`` pixels wide (none if 0)."""
    pts = [_at(u, v) for u, v in points]
    pygame.draw.polygon(surface, fill, pts)
    if outline:
        pygame.draw.polygon(surface, INK, pts, outline)


def draw_master() -> pygame.Surface:
    """The icon at ``MASTER`` pixels: a rounded table tile with an orange cat's face on it."""
    surface = pygame.Surface((MASTER, MASTER), pygame.SRCALPHA)
    line = MASTER // 40
    tile = pygame.Rect(_at(0.03, 0.03), _at(0.94, 0.94))
    pygame.draw.rect(surface, TILE, tile, border_radius=MASTER // 5)
    pygame.draw.rect(surface, EDGE, tile, width=line, border_radius=MASTER // 5)
    for side in (-1, 1):  # ears first, so the head's outline covers their bases
        _polygon(surface, ORANGE, [(0.5 + side * 0.33, 0.46), (0.5 + side * 0.30, 0.12),
                                   (0.5 + side * 0.07, 0.30)], line)
        _polygon(surface, INNER_EAR, [(0.5 + side * 0.28, 0.38), (0.5 + side * 0.27, 0.21),
                                      (0.5 + side * 0.15, 0.31)])
    face = pygame.Rect(_at(0.15, 0.24), _at(0.70, 0.62))
    pygame.draw.ellipse(surface, ORANGE, face)
    pygame.draw.ellipse(surface, INK, face, line)
    for side in (-1, 1):
        eye = pygame.Rect(0, 0, *_at(0.13, 0.15))
        eye.center = _at(0.5 + side * 0.15, 0.50)
        pygame.draw.ellipse(surface, BLUISH_GREEN, eye)
        pygame.draw.ellipse(surface, INK, eye, line // 2)
        pupil = pygame.Rect(0, 0, *_at(0.035, 0.12))
        pupil.center = eye.center
        pygame.draw.ellipse(surface, INK, pupil)
        for dy in (-0.03, 0.03):  # whiskers
            start = _at(0.5 + side * 0.20, 0.66 + dy / 2)
            end = _at(0.5 + side * 0.44, 0.64 + dy * 2.2)
            pygame.draw.line(surface, WHISKER, start, end, line // 2)
    _polygon(surface, REDDISH_PURPLE, [(0.45, 0.615), (0.55, 0.615), (0.5, 0.675)], line // 2)
    for side in (-1, 1):  # the mouth: two small arcs under the nose
        arc = pygame.Rect(0, 0, *_at(0.10, 0.08))
        arc.midtop = _at(0.5 + side * 0.05, 0.63)
        pygame.draw.arc(surface, INK, arc, 3.3, 6.1, line // 2)
    return surface


def draw(size: int, master: pygame.Surface | None = None) -> pygame.Surface:
    """The icon at ``size`` pixels."""
    return pygame.transform.smoothscale(master or draw_master(), (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows icon holding one PNG per size (PNG entries are valid since Windows Vista)."""
    sizes = [s for s in ICO_SIZES if s in pngs]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, images = b"", b""
    for size in sizes:
        data = pngs[size]
        side = size if size < 256 else 0  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        images += data
        offset += len(data)
    return header + entries + images


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS icon family: each element is a four-letter type, a length and PNG data."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
                    for kind, size in ICNS_TYPES if size in pngs)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_all(out_dir: Path) -> list[Path]:
    """Every icon file into ``out_dir``; returns the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    master = draw_master()
    pngs = {size: png_bytes(draw(size, master)) for size in ICON_SIZES}
    written = []
    for size, data in pngs.items():
        written.append(out_dir / f"catgames-{size}.png")
        written[-1].write_bytes(data)
    for name, data in (("catgames.ico", ico_bytes(pngs)), ("catgames.icns", icns_bytes(pngs))):
        written.append(out_dir / name)
        written[-1].write_bytes(data)
    return written


if __name__ == "__main__":
    for path in write_all(Path(sys.argv[1]) if len(sys.argv) > 1 else ICON_DIR):
        print(path)
