"""How the table words a hint's reasons: the first few facts (``ai.reasons``), each a sentence
of ``hint.why``, strongest first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from catgames.ui import i18n

if TYPE_CHECKING:
    from catgames.ai.reasons import Claim

SHOWN = 2  #: sentences the status line has room for beside the move's name


def reasons_text(claims: Sequence[Claim]) -> str:
    """The sentences of the first ``SHOWN`` claims that have words ("": none)."""
    said = [i18n.t(c.string_key, **c.args) for c in claims if i18n.has(c.string_key)]
    return i18n.t("hint.between").join(said[:SHOWN])
