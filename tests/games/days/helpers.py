"""Building positions from the spec's notation (section 5): ``Mon[Lab] Tue — Wed[Nrv,Grp]``."""

from __future__ import annotations

import re
from typing import Any

from catgames.games.days.game import GAME
from catgames.games.days.rules import DaysState

ABBREV = {
    "Lab": "wd_labrador", "Mix": "wd_mixed_breed", "GSh": "wd_german_shepherd",
    "FBul": "wd_french_bulldog", "Dal": "wd_dalmatian", "Col": "wd_collie",
    "Aus": "wd_australian_shepherd", "Corgi": "wd_corgi", "Shiba": "wd_shiba",
    "GDane": "wd_great_dane", "Staf": "wd_staffie", "Dach": "wd_dachshund",
    "StB": "wd_st_bernard", "Chi": "wd_chihuahua",
    "Grooming": "wd_grooming", "Treats": "wd_freds_treats", "Lead": "wd_lead",
    "Cushion": "wd_comfy_cushion", "Stuffed": "wd_stuffed_toys", "Zoomies": "wd_zoomies",
    "Muddy": "wd_muddy_paws", "Blanket": "wd_comfort_blanket",
    "Grp": "cd_grumpy_cat", "Cur": "cd_curious_cat", "Flf": "cd_fluffy_cat",
    "Chr": "cd_cheerful_cat", "Zen": "cd_zen_cat", "Ply": "cd_playful_cat",
    "Lazy": "cd_lazy_cat", "Pnc": "cd_pouncing_cat", "Flp": "cd_floppy_cat",
    "Res": "cd_rescued_cat", "Fus": "cd_fussy_cat", "Fer": "cd_feral_cat",
    "Nrv": "cd_nervous_cat", "T": "cd_cat_tree", "Tree": "cd_cat_tree",
    "Box": "cd_cardboard_box", "Toys": "cd_cat_toys", "Catnip": "cd_catnip",
    "Laser": "cd_laser_pointer",
}
_DAY = re.compile(r"(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s*(?:\[([^\]]*)\]|—)")


def ids(text: str) -> list[str]:
    return [ABBREV[t.strip()] for t in text.split(",") if t.strip()]


def week(text: str) -> dict[str, list[str]]:
    """``Mon[Lab] Tue — Wed[T,Nrv]`` -> the position file's mapping of a week."""
    return {day: ids(cards or "") for day, cards in _DAY.findall(text)}


def position(weeks: dict[str, str], hands: dict[str, str] | None = None, decks: str = "woof",
             turn: str = "P1", **extra: Any) -> DaysState:
    doc = {"game": "days", "options": {"decks": decks}, "turn": turn,
           "weeks": {seat: week(text) for seat, text in weeks.items()},
           "hands": {seat: ids(text) for seat, text in (hands or {}).items()}}
    doc.update(extra)
    return GAME.state_from_dict(doc)


def play(state: DaysState, *moves: str) -> list:
    events = []
    for text in moves:
        events += state.apply(GAME.parse_move(state, text))
    return events


def targets(state: DaysState, abbrev: str, seat: int | None = None) -> set[str]:
    return set(state.targets(ABBREV[abbrev], seat))


def scores(state: DaysState) -> list[int]:
    return list(state.standing().scores)
