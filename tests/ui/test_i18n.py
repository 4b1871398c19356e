"""Languages: CLDR plurals, numbers and lists per language, and every shipped language's strings
and rules summaries against English (same keys, plural categories, placeholders)."""

from __future__ import annotations

import re

import pytest

from catgames.core.data import load_yaml
from catgames.core.storage import LANGUAGES
from catgames.games import available_ids
from catgames.ui import i18n
from catgames.ui.rules_summary import load_rules, rules_path

EN = i18n.DEFAULT_LANGUAGE
PLACEHOLDER = re.compile(r"\{(\w+)[^}]*\}")


@pytest.fixture
def fresh_tables(monkeypatch):
    """Strings a test adds stay in this test; the language in use is English again after it."""
    monkeypatch.setattr(i18n, "_tables", {})
    yield
    i18n.set_language(EN)


def placeholders(entry: i18n.Entry) -> list[set[str]]:
    """The placeholders of a sentence, or of each sentence of a plural group."""
    texts = entry.values() if isinstance(entry, dict) else [entry]
    return [set(PLACEHOLDER.findall(text)) for text in texts]


# -- plural rules ---------------------------------------------------------------------------
@pytest.mark.parametrize("code, counts, categories", [
    ("ru", (1, 2, 5, 11, 21, 22, 25, 12, 14, 111, 0), "one few many many one few many many many many many"),
    ("uk", (1, 2, 5, 11, 21, 22, 25, 104), "one few many many one few many few"),
    ("fr", (0, 1, 2, 10), "one one other other"),
    ("zh-TW", (1, 5), "other other"),
    ("en", (0, 1, 2, 21), "other one other other"),
])
def test_plural_rules_pick_the_cldr_category(code, counts, categories):
    assert [i18n.PLURAL_RULES[code](n) for n in counts] == categories.split()


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_language_needs_exactly_the_categories_its_rule_picks(code):
    assert {i18n.PLURAL_RULES[code](n) for n in range(300)} == set(i18n.PLURAL_CATEGORIES[code])


def test_plural_fills_n_and_falls_back_to_other_then_english(fresh_tables):
    i18n.add_strings("ru", {"test": {"toys": {"one": "{n} игрушка", "few": "{n} игрушки",
                                              "many": "{n} игрушек"},
                                     "left": {"other": "{n} осталось у {seat}"}}})
    i18n.add_strings(EN, {"test": {"cats": {"one": "1 cat", "other": "{n} cats"}}})
    i18n.set_language("ru")
    assert [i18n.plural("test.toys", n) for n in (1, 3, 5, 21)] == [
        "1 игрушка", "3 игрушки", "5 игрушек", "21 игрушка"]
    assert i18n.plural("test.left", 2, seat="P1") == "2 осталось у P1"  # no few: other
    assert i18n.plural("test.cats", 1) == "1 cat"       # no Russian group: English, English rule
    assert i18n.plural("test.none", 1) == "test.none"   # nowhere: the key, no crash


def test_a_plural_group_is_one_entry_and_t_of_it_is_the_key(fresh_tables):
    entry = i18n.strings(EN)["boxes.count.toys"]
    assert entry == {"one": "1 toy", "other": "{n} toys"}
    assert i18n.has("boxes.count.toys") and i18n.t("boxes.count.toys") == "boxes.count.toys"
    assert i18n.plural("boxes.count.toys", 1234) == "1,234 toys"


# -- numbers, percentages, lists --------------------------------------------------------------
@pytest.mark.parametrize("code, decimal, grouped, percent", [
    ("en", "1.5", "12,345", "75%"),
    ("zh-TW", "1.5", "12,345", "75%"),
    ("fr", "1,5", "12\u00a0345", "75\u00a0%"),
    ("ru", "1,5", "12\u00a0345", "75\u00a0%"),
    ("uk", "1,5", "12\u00a0345", "75%"),
])
def test_numbers_and_percentages_follow_the_language(fresh_tables, code, decimal, grouped, percent):
    i18n.set_language(code)
    assert i18n.number(1.5, 1) == decimal and i18n.number(12345) == grouped
    assert i18n.percent(0.75) == percent


def test_lists_join_with_the_language_words(fresh_tables):
    i18n.add_strings("zh-TW", {"list": {"comma": "、", "and": "和"}})
    assert i18n.listed(["P1", "P2", "P3"]) == "P1, P2 and P3"
    assert i18n.listed(["P1"]) == "P1" and i18n.joined(["a", "b"]) == "a, b"
    i18n.set_language("zh-TW")
    assert i18n.listed(["甲", "乙", "丙"]) == "甲、乙和丙"


# -- every shipped language against English ---------------------------------------------------
def test_the_languages_we_ship():
    """All five, in the Settings order, each with its own strings and rules summaries."""
    assert LANGUAGES == ("en", "zh-TW", "fr", "ru", "uk")
    assert i18n.available_languages() == list(LANGUAGES)


@pytest.mark.parametrize("code", i18n.available_languages())
def test_a_language_has_exactly_the_english_keys_and_placeholders(code):
    """Checked in full for each language whose files exist (``available_languages``)."""
    for path in i18n.language_files(code):
        load_yaml(path)  # a file that does not parse fails here, naming itself
    english, table = i18n.read_strings(EN), i18n.read_strings(code)
    assert sorted(set(english) - set(table)) == [], "missing"
    assert sorted(set(table) - set(english)) == [], "not in English"
    # Its own categories, and English's too: the shipped-languages check reads every English
    # key in every language (Chinese writes ``one`` though its rule never picks it).
    needed = set(i18n.PLURAL_CATEGORIES[code]) | set(i18n.PLURAL_CATEGORIES[EN])
    problems = []
    for key, entry in table.items():
        if isinstance(entry, dict) != isinstance(english[key], dict):
            problems.append(f"{key}: a plural group in one language only")
            continue
        if isinstance(entry, dict) and set(entry) != needed:
            problems.append(f"{key}: categories {sorted(entry)}, {code} needs {sorted(needed)}")
        wanted = set().union(*placeholders(english[key]))
        allowed = wanted | ({"n"} if isinstance(entry, dict) else set())
        for found in placeholders(entry):
            if code != EN and not wanted <= found:
                problems.append(f"{key}: lacks {sorted(wanted - found)}")
            if not found <= allowed:
                problems.append(f"{key}: {sorted(found - allowed)} are never filled in")
    assert problems == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_game_has_a_rules_summary_in_every_language(code):
    """Its own where the language has one (as many sections as English), else English's."""
    for game_id in available_ids():
        english = load_rules(rules_path(game_id, EN))
        summary = load_rules(rules_path(game_id, code))
        assert len(summary.sections) == len(english.sections), game_id


def test_a_rules_summary_in_the_language_in_use_wins(fresh_tables, tmp_path, monkeypatch):
    from catgames.core import data
    (tmp_path / "rules" / "en").mkdir(parents=True)
    (tmp_path / "rules" / "fr").mkdir()
    (tmp_path / "rules" / "en" / "toy.yaml").write_text("title: Toy\n")
    (tmp_path / "rules" / "fr" / "toy.yaml").write_text("title: Jouet\n")
    monkeypatch.setattr(data, "DATA_DIR", tmp_path)
    assert rules_path("toy") == tmp_path / "rules" / "en" / "toy.yaml"
    i18n.set_language("fr")
    assert rules_path("toy") == tmp_path / "rules" / "fr" / "toy.yaml"
    assert rules_path("toy", "ru") == tmp_path / "rules" / "en" / "toy.yaml"


def test_each_language_names_itself():
    names = {code: i18n.t_in(code, f"language.{code}") for code in LANGUAGES}
    assert names == {"en": "English", "zh-TW": "繁體中文", "fr": "Français", "ru": "Русский",
                     "uk": "Українська"}


def _keys(value, path=()):
    """Every key of a nested mapping with its path (YAML reads a bare off/on/yes/no as a boolean)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key, path + (key,)
            yield from _keys(inner, path + (key,))


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_string_key_is_text(code):
    for path in i18n.language_files(code):
        bad = [p for key, p in _keys(load_yaml(path).value) if not isinstance(key, str)]
        assert bad == [], f"{path}: quote these keys: {bad}"


def test_ukrainian_writes_one_apostrophe():
    """Ukrainian's apostrophe is the typographic ’ throughout ("комп'ютер" stood beside
    "комп’ютера" on one screen)."""
    ascii_between_letters = re.compile(r"[А-Яа-яІіЇїЄєҐґ]'[А-Яа-яІіЇїЄєҐґ]")
    found = [path.name + ": " + m.group() for path in i18n.language_files("uk")
             for m in ascii_between_letters.finditer(path.read_text(encoding="utf-8"))]
    assert found == []
