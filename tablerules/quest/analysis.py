"""Exact odds of what is pending in a Munchkin Quest game, computed by :mod:`tablerules.odds` from the
engine's own numbers: the fight (strengths and dice of both sides), running away (one modifier per
monster still chasing) and a search (the room's dice and modifier on the search table)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .. import odds
from .game import QuestGame
from .rules.common import ASKING, COMBAT, INTERFERENCE, MOVING


@dataclass(frozen=True)
class PendingOdds:
    """One line of plain words and the exact probability behind it."""

    what: str
    probability: Fraction

    def __str__(self) -> str:
        return f"{self.what}: {self.probability} ≈ {float(self.probability):.1%}"


def pending_odds(game: QuestGame) -> list[PendingOdds]:
    """The odds that matter now: winning the fight before the roll, escaping every monster still
    chasing the runner, and a search's chance of a monster; empty when nothing is pending."""
    out: list[PendingOdds] = []
    f = game.fight
    room = game.room_of(game.current)
    if f is not None and f.monsters and game.stage() in (COMBAT, INTERFERENCE, ASKING):
        ties = "warrior" in game.side_tags()
        result = odds.combat([(game.munchkin_strength(), game.munchkin_dice())],
                             [(game.monster_strength(), game.monster_dice())], ties_win=ties)
        out.append(PendingOdds(f"the munchkins win ({game.munchkin_strength()} + {game.munchkin_dice()}d6 against "
                               f"{game.monster_strength()} + {game.monster_dice()}d6"
                               f"{', ties win' if ties else ''})", result.win))
    if f is not None and f.runners and f.chasing and not f.boss:
        runner = f.runners[0]
        modifiers = [6 if game.heroes[runner].level <= game.monster_card(m).no_pursuit_up_to
                     else game.run_modifier(runner, m) for m in f.chasing]
        out.append(PendingOdds(f"player {runner} escapes all {len(modifiers)} monster(s) still chasing",
                               odds.flee(modifiers).escape_all))
    if f is None and game.stage() == MOVING and room.search is not None:
        result = odds.search(game.dice_count(game.current, room), room.search)
        out.append(PendingOdds(f"a search in {room.name} ({game.dice_count(game.current, room)}d6 "
                               f"{room.search:+d}) brings a monster", result.monster()))
    return out
