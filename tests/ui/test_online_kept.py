"""The online tables kept in the user data folder (``net.kept``): they come back as written, a
table kept twice gathers its seats, and a file that cannot be used is told in a sentence and
set aside — whole, or copied when only some entries are bad — while the other tables, the
saves and the settings stay as they were (issue 29)."""

from __future__ import annotations

import json

import pytest

from catgames.core import storage
from catgames.net import kept
from catgames.net.kept import KeptTable
from catgames.net.links import TableLink
from catgames.ui import i18n
from catgames.ui.scenes.online import OnlineScene
from catgames.ui.scenes.title import TitleScene

A, B, C = "a" * 32, "b" * 32, "c" * 32


def link(table: str = "t1", tokens: dict[int, str] | None = None, **more: str) -> TableLink:
    return TableLink("ws://127.0.0.1:9", table, "cathood", tokens or {0: A}, **more)


def toasts(app) -> list[str]:
    return [toast.text for toast in app.toasts.items]


def test_tables_come_back_as_kept(catgames_home):
    tables = [KeptTable(link("t1", {0: A, 2: B}, code="K7M2XQ9P", watch_code="S8K26BJT"), hosted=True),
              KeptTable(TableLink("wss://play.example.org:443/cats", "t2", "bed", {1: C}))]
    kept.save_kept(tables)
    assert kept.load_kept() == kept.KeptList(tables)


def test_a_table_kept_again_gathers_its_seats_and_keeps_its_codes(catgames_home):
    kept.keep(KeptTable(link(tokens={0: A}, code="K7M2XQ9P", watch_code="S8K26BJT"), hosted=True))
    kept.keep(KeptTable(link(tokens={1: B})))  # a seat joined from this computer too
    [table] = kept.load_kept().tables
    assert table.link.tokens == {0: A, 1: B}
    assert (table.link.code, table.link.watch_code, table.hosted) == ("K7M2XQ9P", "S8K26BJT", True)


def test_forget_drops_only_that_table(catgames_home):
    kept.save_kept([KeptTable(link("t1")), KeptTable(link("t2"))])
    kept.forget("ws://127.0.0.1:9", "t1")
    assert [t.link.table for t in kept.load_kept().tables] == ["t2"]


def _other_files() -> dict[str, bytes]:
    """A settings file and a save: what a bad list of tables must leave alone."""
    storage.save_settings(storage.Settings(language="fr"))
    storage.write_save("bed", {"format": "kept-aside test"})
    return {str(p): p.read_bytes() for p in (storage.settings_path(), storage.save_path("bed"))}


@pytest.mark.parametrize("text, code", [("{not json at all", "not_json"),
                                        ('{"format": "catgames-online-tables", "version": 1}', "damaged"),
                                        ('{"format": "catgames-online-tables", "version": 99, "tables": []}',
                                         "newer"),
                                        ("[1, 2, 3]", "damaged")])
def test_an_unusable_file_is_moved_aside_and_nothing_else_is_touched(catgames_home, text, code):
    others = _other_files()
    kept.kept_path().write_text(text, encoding="utf-8")
    found = kept.load_kept()
    assert found.tables == [] and found.problem is not None and found.problem.code == code
    assert found.problem.moved and found.problem.path.read_text(encoding="utf-8") == text
    assert not kept.kept_path().exists()
    assert {p: open(p, "rb").read() for p in others} == others
    kept.keep(KeptTable(link()))  # and tables can be kept again at once
    assert [t.link.table for t in kept.load_kept().tables] == ["t1"]


def test_a_bad_entry_is_left_out_the_others_are_kept_and_the_whole_file_copied(catgames_home):
    good = KeptTable(link("good")).to_json()
    doc = {"format": kept.FORMAT, "version": 1,
           "tables": [good, {**good, "table": "bad", "tokens": {"0": "not a token"}}, "nonsense"]}
    original = json.dumps(doc)
    kept.kept_path().write_text(original, encoding="utf-8")
    found = kept.load_kept()
    assert [t.link.table for t in found.tables] == ["good"]
    assert found.problem is not None and found.problem.code == "some_tables" and found.problem.moved
    assert found.problem.path.read_text(encoding="utf-8") == original  # the bad entries are not lost
    assert kept.kept_path().read_text(encoding="utf-8") == original    # nor rewritten until a change


def test_a_table_kept_while_the_list_was_empty_is_listed(app):
    """The list opened empty, a table joined meanwhile: back on the list, its row is in sight
    (an empty list once left its scroller a row above its first)."""
    listing = app.push(OnlineScene(app))
    app.run_frames(1)
    kept.keep(KeptTable(link()))
    app.push(TitleScene(app))
    app.stack.pop()  # back on the list
    [row] = [w for w in listing.widgets.widgets if hasattr(w, "lines")]
    assert row.shown and listing.rows.view.contains(row.rect)


@pytest.mark.parametrize("language", i18n.available_languages())
def test_the_screens_say_so_in_a_sentence(app, language):
    """The title (at start) and Play online tell a damaged list in the player's language."""
    i18n.set_language(language)
    try:
        kept.kept_path().write_bytes(b"\xff\xfe garbage")
        app.push(TitleScene(app))
        app.run_frames(3)
        [notice] = toasts(app)
        assert notice == i18n.t("online.kept.moved_aside", reason=i18n.t("file_problem.not_text"),
                                path=kept.kept_path().with_name(kept.KEPT_NAME + ".bad"))
        kept.kept_path().write_text("{", encoding="utf-8")
        app.push(OnlineScene(app))
        app.run_frames(1)
        assert toasts(app)[-1] == i18n.t("online.kept.moved_aside", reason=i18n.t("online.file_problem.not_json"),
                                         path=kept.kept_path().with_name(kept.KEPT_NAME + ".bad.1"))
        assert isinstance(app.stack.top, OnlineScene) and app.stack.top.tables == []
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)


def test_a_kept_table_names_its_seats_as_the_table_does(app):
    """"You play: Player 2", not the rules' "P2"; the standing names the other seats the same
    way: a chosen name, else the seat's word, an AI's cat with its level."""
    from catgames.net.lobby import TableStatus
    from catgames.ui.names import cat_names
    from catgames.ui.scenes.online import key_of

    kept.save_kept([KeptTable(link("t1", {1: A})), KeptTable(TableLink("ws://127.0.0.1:9", "t2", "bed", {0: B}))])
    listing = app.push(OnlineScene(app))
    listing.statuses = {}  # not asked yet: the seats read as people's
    first, second = [w for w in listing.widgets.widgets if hasattr(w, "lines")]
    assert first.lines()[1] == "You play: Player 2" and second.lines()[1] == "You play: Cat"
    listing.statuses[key_of(first.table)] = TableStatus(["ai:hard", "human"], ["", ""], 1, False, ["here", "here"])
    assert first.lines()[1:] == ("You play: Player 2", "Your turn (Player 2)")
    listing.statuses[key_of(first.table)] = TableStatus(["ai:hard", "human"], ["", "Tama"], 0, False, ["here", "here"])
    assert first.lines()[1:] == ("You play: Tama", f"Waiting for {cat_names()[0]} (hard)")
