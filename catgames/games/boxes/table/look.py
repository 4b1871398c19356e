"""What the If It Fits table shows at one moment, for the pictures drawn over it, its move
animations and its hover reference: the view of the table and the position the private seat
may see (hands it may not see are ``UNKNOWN`` there), with the seats' names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from catgames.games.boxes.components import Kind
from catgames.games.boxes.rules import BoxesState
from catgames.games.boxes.scoring import BoxesScore
from catgames.games.boxes.table.view import Camera
from catgames.games.boxes.table.words import SeatLabel


@dataclass(frozen=True)
class Look:
    """Built by the scene when asked, so what it holds is never stale."""

    camera: Camera               #: the view of the table (pan and zoom)
    seen: BoxesState             #: the private seat's observation
    private: int | None          #: whose hand may be shown (``None``: nobody's)
    viewer: int                  #: whose cats the tray counts
    hand: list[int]              #: the card kinds in the private seat's hand (none if nobody's)
    names: Sequence[str]         #: the seats' names
    label: SeatLabel             #: a seat with its symbol (``● P1``), never by colour alone
    score: BoxesScore            #: the table scored as it stands

    def kind(self, index: int) -> Kind:
        return self.seen.data.kinds[index]
