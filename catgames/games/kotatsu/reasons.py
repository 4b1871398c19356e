"""Kotatsu Cats' facts for a hint: a kotatsu the move puts the mover first at or plays a card
to, and the cats and coins it adds to the mover's collection."""

from __future__ import annotations

from catgames.ai.reasons import Claim, Facts, counted

RIVALS_SEEN = False  #: the others' face-down cushions count in their scores


def claims(before: Facts, after: Facts) -> list[Claim]:
    first = [Claim("kotatsu.first", {"number": k + 1})
             for k, (was, now) in enumerate(zip(before.detail["kotatsu"], after.detail["kotatsu"]))
             if now["order"][0] == after.me and was["order"][0] != after.me
             and now["seats"][after.me]["cards"] > 0]
    played = [Claim("kotatsu.cards", {"number": k + 1, "old": was["seats"][after.me]["cards"],
                                      "new": now["seats"][after.me]["cards"]})
              for k, (was, now) in enumerate(zip(before.detail["kotatsu"], after.detail["kotatsu"]))
              if now["seats"][after.me]["cards"] > was["seats"][after.me]["cards"]]
    return first[:1] + played[:1] + counted(before, after, [
        ("kotatsu.cats", lambda f: int(f.detail["seats"][f.me]["cats"]), 1),
        ("kotatsu.coins", lambda f: int(f.detail["seats"][f.me]["coins"]), 1)])
