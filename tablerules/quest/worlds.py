"""What Munchkin Quest hides from a seat, for :func:`tablerules.core.worlds.sample_world`.

Hidden from seat ``p`` (see ``QuestViews.observe``): the other hands and the DxM and Treasure decks (order
and contents). The room tiles and the monster cards still to come are hidden too, but nothing a seat has
not seen can be among them (every tile and monster card out of them is face up), so the same ones are in
every world. The Treasures just won by another seat (``won``) go with their slots in its hand. The dungeon
crawl (``quest-crawl``) hides nothing: its sampled world is a marked copy.
"""

from __future__ import annotations

from ..core.worlds import HandsAndDecks


class QuestWorlds(HandsAndDecks):
    seats = "heroes"
    decks = ("dxm_deck", "treasure_deck")
    marks = ("won",)
    decks_by_event = frozenset({"dxm", "treasure"})


MODEL = QuestWorlds()
MODELS = {"quest": MODEL}
