"""Colours and seat styles.  Okabe-Ito by default, so colour-blind players can tell sides apart.

Colour is never the only cue: each seat also has a pattern and a symbol, and legal/illegal
previews carry a tick or a cross.  Call ``palette()`` at draw time so a settings change shows at once.
"""

from __future__ import annotations

from dataclasses import dataclass

Color = tuple[int, int, int]

# The Okabe-Ito colours (Okabe & Ito 2008), named as in their paper.
ORANGE = (0xE6, 0x9F, 0x00)
SKY_BLUE = (0x56, 0xB4, 0xE9)
BLUISH_GREEN = (0x00, 0x9E, 0x73)
YELLOW = (0xF0, 0xE4, 0x42)
BLUE = (0x00, 0x72, 0xB2)
VERMILLION = (0xD5, 0x5E, 0x00)
REDDISH_PURPLE = (0xCC, 0x79, 0xA7)


@dataclass(frozen=True)
class SeatStyle:
    """How one seat is shown: a main and a light colour, a fill pattern and a symbol."""

    color: Color
    light: Color
    pattern: str  #: "plain", "stripes", "dots", "cross" or "grid" (see ``Canvas.pattern``)
    symbol: str   #: a short glyph drawn on the seat's pieces and labels


@dataclass(frozen=True)
class Palette:
    """All colours a scene needs; scenes never hard-code colours."""

    name: str
    background: Color
    table: Color
    panel: Color
    panel_edge: Color
    text: Color
    text_dim: Color
    text_on_accent: Color
    accent: Color
    accent_hover: Color
    focus: Color
    disabled: Color
    ok: Color
    bad: Color
    shade: tuple[int, int, int, int]  #: RGBA laid over the scene below an overlay
    seats: tuple[SeatStyle, ...]

    def seat(self, seat: int) -> SeatStyle:
        return self.seats[seat % len(self.seats)]


_SEAT_SHAPES = (("plain", "●"), ("stripes", "■"), ("dots", "▲"), ("cross", "◆"), ("grid", "★"))

OKABE_ITO = Palette(
    name="okabe-ito",
    background=(0x2B, 0x2A, 0x33),
    table=(0x3C, 0x3A, 0x47),
    panel=(0x4A, 0x47, 0x57),
    panel_edge=(0x6C, 0x68, 0x80),
    text=(0xF4, 0xF1, 0xEA),
    text_dim=(0xC2, 0xBD, 0xCC),
    text_on_accent=(0x1A, 0x1A, 0x1A),
    accent=SKY_BLUE,
    accent_hover=(0x8A, 0xCD, 0xF2),
    focus=YELLOW,
    disabled=(0x74, 0x71, 0x7E),
    ok=BLUISH_GREEN,
    bad=VERMILLION,
    shade=(10, 10, 16, 170),
    seats=tuple(SeatStyle(c, l, p, s) for (c, l), (p, s) in zip(
        ((ORANGE, (0xF6, 0xD3, 0x85)), (BLUE, SKY_BLUE), (BLUISH_GREEN, (0x7F, 0xD4, 0xBC)),
         (REDDISH_PURPLE, (0xE8, 0xBC, 0xD5)), (YELLOW, (0xF8, 0xF2, 0xA6))), _SEAT_SHAPES)),
)

HIGH_CONTRAST = Palette(
    name="high-contrast",
    background=(0, 0, 0),
    table=(0x12, 0x12, 0x12),
    panel=(0x1E, 0x1E, 0x1E),
    panel_edge=(0xFF, 0xFF, 0xFF),
    text=(0xFF, 0xFF, 0xFF),
    text_dim=(0xE0, 0xE0, 0xE0),
    text_on_accent=(0, 0, 0),
    accent=YELLOW,
    accent_hover=(0xFF, 0xFF, 0x9E),
    focus=(0x00, 0xFF, 0xFF),
    disabled=(0x80, 0x80, 0x80),
    ok=(0x33, 0xDD, 0xAA),
    bad=(0xFF, 0x66, 0x33),
    shade=(0, 0, 0, 210),
    seats=tuple(SeatStyle(c, l, p, s) for (c, l), (p, s) in zip(
        (((0xFF, 0xB0, 0x00), (0xFF, 0xDD, 0x88)), ((0x33, 0x99, 0xFF), (0xAA, 0xDD, 0xFF)),
         ((0x00, 0xE0, 0xA0), (0xAA, 0xFF, 0xE0)), ((0xFF, 0x88, 0xCC), (0xFF, 0xCC, 0xEE)),
         ((0xFF, 0xFF, 0x33), (0xFF, 0xFF, 0xAA))), _SEAT_SHAPES)),
)

PALETTES: dict[str, Palette] = {p.name: p for p in (OKABE_ITO, HIGH_CONTRAST)}
_current = OKABE_ITO


def palette() -> Palette:
    return _current


def use_palette(name: str) -> Palette:
    """Switch palettes (unknown names fall back to Okabe-Ito)."""
    global _current
    _current = PALETTES.get(name, OKABE_ITO)
    return _current
