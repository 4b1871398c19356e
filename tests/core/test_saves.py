"""One autosave per game: slots never overwrite another game's, a game back at its start or over
leaves its slot, the old single autosave is moved in, bad files are set aside, names are kept."""

from __future__ import annotations

import os
import random

import yaml

from catgames.core import saves, storage
from catgames.core.session import Match


def played(game_id: str, moves: int, seed: int = 4, **kwargs) -> Match:
    match = Match.new(game_id, 2, ["human", "human"], None, seed, **kwargs)
    rng = random.Random(seed)
    for _ in range(moves):
        match.play(rng.choice(match.state.legal_moves()))
    return match


def write_old_autosave(match: Match, mtime: float | None = None) -> None:
    storage.write_yaml(storage.autosave_path(), match.to_dict())
    if mtime is not None:
        os.utime(storage.autosave_path(), (mtime, mtime))


def test_two_games_of_different_kinds_keep_their_own_slots(catgames_home):
    bed, kotatsu = played("bed", 3), played("kotatsu", 2)
    saves.autosave(bed)
    saves.autosave(kotatsu)
    bed.play(bed.state.legal_moves()[0])
    saves.autosave(bed)                       # a move in one game leaves the other's save alone
    listed, problems = saves.Shelf().refresh()
    assert problems == []
    assert {e.game_id: e.match.moves for e in listed} == {"bed": bed.moves, "kotatsu": kotatsu.moves}
    assert {e.game_id: e.moves for e in listed} == {"bed": 4, "kotatsu": 2}


def test_a_game_back_at_its_start_or_over_has_no_save(catgames_home):
    match = played("bed", 2)
    saves.autosave(match)
    assert storage.save_exists("bed")
    while match.undo_last_human_turn():
        pass
    assert saves.moves_played(match) == 0
    saves.autosave(match)
    assert not storage.save_exists("bed")     # never offered as "0 moves played"
    saves.autosave(played("bed", 1))
    over = played("bed", 0)
    rng = random.Random(1)
    while not over.state.is_over():
        over.play(rng.choice(over.state.legal_moves()))
    saves.autosave(over)
    assert not storage.save_exists("bed")


def test_a_corrupt_save_is_set_aside_and_the_others_still_listed(catgames_home):
    saves.autosave(played("bed", 3))
    bad = storage.save_path("kotatsu")
    bad.write_text("format: catgames-save\nversion: 1\nmoves: [unclosed")
    listed, problems = saves.Shelf().refresh()
    assert [e.game_id for e in listed] == ["bed"]
    assert [p.code for p in problems] == ["not_yaml"] and problems[0].moved
    assert (bad.parent / "kotatsu.yaml.bad").read_text().endswith("[unclosed")
    again, problems = saves.Shelf().refresh()
    assert [e.game_id for e in again] == ["bed"] and problems == []  # the bad file is aside now


def test_a_save_in_another_games_slot_is_set_aside(catgames_home):
    storage.write_save("days", played("bed", 2).to_dict())
    listed, problems = saves.Shelf().refresh()
    assert listed == [] and [p.code for p in problems] == ["misplaced"]


def test_the_old_single_autosave_moves_into_its_games_slot(catgames_home):
    match = played("kotatsu", 3)
    write_old_autosave(match, mtime=1_700_000_000)
    listed, problems = saves.Shelf().refresh()
    assert problems == [] and not storage.autosave_path().exists()
    assert [(e.game_id, e.match.moves, e.saved_at) for e in listed] == [
        ("kotatsu", match.moves, 1_700_000_000)]


def test_an_old_autosave_older_than_its_games_slot_is_set_aside_not_lost(catgames_home):
    newer = played("bed", 4)
    saves.autosave(newer)
    write_old_autosave(played("bed", 2, seed=9), mtime=1_600_000_000)
    listed, problems = saves.Shelf().refresh()
    assert [e.match.moves for e in listed] == [newer.moves]
    assert [p.code for p in problems] == ["superseded"]
    assert (catgames_home / "autosave.yaml.bad").exists()


def test_an_unchanged_save_is_replayed_once(catgames_home):
    saves.autosave(played("bed", 3))
    built = []

    def build(data):
        built.append(data["game"])
        return Match.from_dict(data)

    shelf = saves.Shelf(build)
    first, _ = shelf.refresh()
    again, _ = shelf.refresh()
    assert built == ["bed"] and again[0] is first[0]


def test_names_round_trip_through_a_save_and_old_saves_get_defaults(catgames_home):
    match = played("bed", 2, names=["Мурка", ""])
    path = storage.write_save("bed", match.to_dict())
    assert storage.load_checked(path, Match.from_dict).value.names == ["Мурка", ""]
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    del data["names"]                         # a save from before names
    assert Match.from_dict(data).names == ["", ""]
    data["names"] = [7, "x" * 99]             # a bad name costs only itself
    assert Match.from_dict(data).names == ["", "x" * 20]
