"""What Munchkin hides from a seat, for :func:`tablerules.core.worlds.sample_world`.

Hidden from seat ``p`` (see :meth:`MunchkinGame.observe`): the other hands and the two decks (order and
contents). Everything else is face up: levels, races, classes, items in play, curses, the fight, the body,
and the discard piles (every discard is played face up, so a seat that saw them go knows them all, even if
the table shows only the top card). A card's kind is its back (Door or Treasure): the Door cards in a hand
are known by their backs, so they are exchanged only with Door cards. Cards drawn face up into a hand stay
there. Which cards of another hand were got outside its owner's turn (``got_now``) goes with the slot.
"""

from __future__ import annotations

from ..core.worlds import HandsAndDecks


class MunchkinWorlds(HandsAndDecks):
    seats = "players"
    decks = ("door_deck", "treasure_deck")
    decks_by_event = frozenset({"door", "treasure"})

    def rename(self, game, player, renamed):
        s = game.state
        mine = set(s.players[player].hand)
        s.got_now = {c if c in mine else renamed.get(c, c) for c in s.got_now}


MODEL = MunchkinWorlds()
