"""The shipped fonts draw every character of every language: DejaVu Sans for what it covers
(Latin and Cyrillic look as before), the Noto Sans CJK TC subset for Chinese, on one baseline and
one line height.  ``packaging/subset_fonts.py`` cuts that subset from the strings."""

from __future__ import annotations

import pygame
import pytest

from catgames.core.data import load_yaml
from catgames.paths import DATA_DIR
from catgames.ui import fonts
from tests.test_packaging import load_script

subset_fonts = load_script("subset_fonts")
BOTH = (False, True)
CJK_START = 0x2E80  #: the first CJK block (radicals); below it, Latin, Cyrillic and symbols


@pytest.fixture(autouse=True)
def font_module():
    pygame.font.init()
    yield
    fonts.close()
    pygame.quit()


def test_every_line_of_every_language_has_a_glyph_in_the_face_chosen_for_it():
    lines = sorted(set(subset_fonts.shown_texts()))
    assert len(lines) > 500  # every language's strings and rules summaries, not a sample
    missing = {(line, bold, char)
               for line in lines for bold in BOTH
               for piece, path in fonts.runs(line, bold)
               for char in piece if not fonts.has_glyph(path, char)}
    assert not missing, sorted(missing)[:20]


def test_the_subset_has_every_collected_character_dejavu_lacks():
    chars = subset_fonts.characters(subset_fonts.shown_texts())
    assert {"「", "。", "，"} <= chars  # the Chinese punctuation is always collected
    for bold in BOTH:
        only_noto = {c for c in chars if not fonts.has_glyph(fonts.LATIN[bold], c)}
        stale = sorted(c for c in only_noto if not fonts.has_glyph(fonts.CJK[bold], c))
        assert not stale, f"run python3 packaging/subset_fonts.py: the subset lacks {stale}"


def test_the_script_collects_every_string_and_the_basic_characters():
    tagline = load_yaml(DATA_DIR / "strings" / "en.yaml").value["title"]["tagline"]
    assert tagline in subset_fonts.shown_texts()
    chars = subset_fonts.characters(["暖桌\n坐墊\t"])
    assert {"暖", "墊", "0", "A", "«", "、"} <= chars and not {"\n", "\t"} & chars


@pytest.mark.parametrize("text", ["Menu (Esc)", "Arbre à chats « Berger allemand » — 3 × ✓",
                                  "Если влезет", "Якщо влізе: ґ, є, ї", "✗ ★ ● ♥"])
def test_latin_and_cyrillic_stay_in_dejavu(text):
    for bold in BOTH:
        assert fonts.runs(text, bold) == ((text, fonts.LATIN[bold]),)
        assert fonts.size(text, 20, bold) == fonts.font(20, bold).size(text)


def test_every_line_without_chinese_is_drawn_by_dejavu_alone():
    """French, Russian and Ukrainian (and English) never fall back to Noto for a character."""
    lines = [line for line in subset_fonts.shown_texts() if all(ord(c) < CJK_START for c in line)]
    assert len(lines) > 500
    faces = {path for line in lines for bold in BOTH for _, path in fonts.runs(line, bold)}
    assert faces == set(fonts.LATIN)


def test_chinese_is_drawn_by_noto_whole_with_its_latin():
    assert not fonts.has_glyph(fonts.LATIN[False], "中") and fonts.has_glyph(fonts.CJK[False], "中")
    for bold in BOTH:
        assert fonts.runs("繁體中文 3×2", bold) == (("繁體中文 3×2", fonts.CJK[bold]),)


def test_a_mark_noto_lacks_is_drawn_by_dejavu_on_the_same_baseline():
    assert not fonts.has_glyph(fonts.CJK[False], "✗")
    text, px = "✗ 繁體中文", 24
    assert fonts.runs(text) == (("✗", fonts.LATIN[False]), (" 繁體中文", fonts.CJK[False]))
    mixed = fonts.render(text, px, (255, 255, 255))
    mark = fonts.render("✗", px, (255, 255, 255))
    assert mixed.get_size() == fonts.size(text, px)
    assert mixed.get_width() == mark.get_width() + fonts.size(" 繁體中文", px)[0]
    left = mixed.subsurface((0, 0), mark.get_size())
    assert pygame.image.tobytes(left, "RGBA") == pygame.image.tobytes(mark, "RGBA")


@pytest.mark.parametrize("px", [13, 16, 20, 27, 36, 48, 72])
def test_chinese_lines_are_as_tall_as_latin_ones(px):
    for bold in BOTH:
        latin = fonts.font(px, bold)
        assert fonts.size("繁體中文「貓」，好。", px, bold)[1] == latin.get_height()
        assert fonts.size("✗ 繁體中文", px, bold)[1] == latin.get_height()


def test_close_forgets_the_fonts_of_a_quit_font_module_and_keeps_what_it_measured():
    before = fonts.font(20)
    measured = fonts.size("✗ 繁體中文", 20), fonts.runs("✗ 繁體中文")
    fonts.close()
    pygame.font.quit()
    pygame.font.init()
    assert fonts.font(20) is not before
    assert fonts.runs.cache_info().currsize > 0
    assert (fonts.size("✗ 繁體中文", 20), fonts.runs("✗ 繁體中文")) == measured
    assert fonts.render("✗ 繁體中文", 20, (0, 0, 0)).get_size() == measured[0]  # with the fonts opened again


@pytest.mark.parametrize("name", ["王小明", "測試貓", "陳美玲", "李大華"])
def test_a_chinese_name_a_player_types_has_its_glyphs(name):
    """Names are free text: the subset carries the common Traditional characters as well as
    those of our strings (Big5 level 1), so a player's name never turns into empty boxes."""
    assert set(name) <= set(subset_fonts.common_hanzi())
    for bold in BOTH:
        assert all(fonts.has_glyph(path, char) for piece, path in fonts.runs(name, bold)
                   for char in piece)
