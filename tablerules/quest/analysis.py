"""Exact odds of what is pending in a Munchkin Quest game, computed by :mod:`tablerules.odds` from the
engine's own numbers: the fight (strengths and dice of both sides, also while the dice land), running away
(one modifier per monster still chasing) and a search (the room's dice and modifier on the search table).
The panel (tablerules/widgets/quest_panel.py) and the terminal (tablerules/explain.py) read the same lines."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .. import odds
from .game import QuestGame
from .rules.common import AFTER_ROLL, ASKING, COMBAT, INTERFERENCE, MOVING, ROLLING


@dataclass(frozen=True)
class PendingOdds:
    """One line of plain words and the exact probability behind it."""

    what: str
    probability: Fraction

    def __str__(self) -> str:
        return f"{self.what}: {self.probability} ≈ {float(self.probability):.1%}"


#: the stages of the dice themselves (QuestGame.stage() while a die is pending)
COMBAT_DICE, RUN_DIE, SEARCH_DICE = "rolling the combat dice", "rolling to run away", "rolling the search dice"


def fight_odds(game: QuestGame) -> PendingOdds | None:
    """The munchkins' chance to win the fight now: before the roll from both sides' strengths and dice;
    while the combat dice land (one at a time) from the dice rolled so far and those still to roll; after
    the roll, as the dice lie (certain or impossible, until a Loaded Die turns one)."""
    f = game.fight
    stage = game.stage()
    if f is None or not f.monsters or stage not in (COMBAT, INTERFERENCE, ASKING, COMBAT_DICE, ROLLING, AFTER_ROLL):
        return None
    ties = "warrior" in game.side_tags()
    mine, theirs = game.munchkin_strength(), game.monster_strength()
    tie_words = ", ties win" if ties else ""
    if stage in (COMBAT, INTERFERENCE, ASKING) or (stage != AFTER_ROLL and all(d[2] is None for d in f.dice)):
        result = odds.combat([(mine, game.munchkin_dice())], [(theirs, game.monster_dice())], ties_win=ties)
        return PendingOdds(f"the munchkins win ({mine} + {game.munchkin_dice()}d6 against {theirs} + "
                           f"{game.monster_dice()}d6{tie_words})", result.win)
    left_mine = sum(1 for d in f.dice if d[0] == "munchkins" and d[2] is None)
    left_theirs = sum(1 for d in f.dice if d[0] == "monsters" and d[2] is None)
    got_mine, got_theirs = game.rolled("munchkins"), game.rolled("monsters")
    if not left_mine and not left_theirs:
        return PendingOdds(f"the munchkins win as the dice lie ({mine} + {got_mine} against {theirs} + "
                           f"{got_theirs}{tie_words})", Fraction(int(game.winning())))
    result = odds.combat([(mine + got_mine, left_mine)], [(theirs + got_theirs, left_theirs)], ties_win=ties)
    return PendingOdds(f"the munchkins win ({mine} + {game.munchkin_dice()}d6 against {theirs} + "
                       f"{game.monster_dice()}d6{tie_words}; rolled so far {got_mine} against {got_theirs}, "
                       f"{left_mine + left_theirs} dice to go)", result.win)


def pending_odds(game: QuestGame) -> list[PendingOdds]:
    """The odds that matter now, kept through the dice: winning the fight (before, during and after the
    roll: :func:`fight_odds`), escaping every monster still chasing the runner (choosing where to run, each
    run die), and a search's chance of a monster (while moving and while the search dice roll); empty when
    nothing is pending."""
    out: list[PendingOdds] = []
    f = game.fight
    fight = fight_odds(game)
    if fight is not None:
        out.append(fight)
    if f is not None and f.runners and f.chasing and not f.boss:
        runner = f.runners[0]
        modifiers = [6 if game.heroes[runner].level <= game.monster_card(m).no_pursuit_up_to
                     else game.run_modifier(runner, m) for m in f.chasing]
        chasing = "the monster still chasing" if len(modifiers) == 1 else f"all {len(modifiers)} monsters still chasing"
        out.append(PendingOdds(f"player {runner} escapes {chasing}",
                               odds.flee(modifiers).escape_all))
    room = game.room_of(game.current)
    if f is None and game.stage() in (MOVING, SEARCH_DICE) and room.search is not None:
        dice = game.dice_count(game.current, room)
        result = odds.search(dice, room.search)
        out.append(PendingOdds(f"a search in {room.name} ({dice}d6 {room.search:+d}) brings a monster",
                               result.monster()))
    return out
