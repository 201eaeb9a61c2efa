"""Analysis of Munchkin: the fighter's options in a fight, exact running-away odds, and statistics of
many simulated games (length, win rate by race and class, help, levels over turns)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from .. import odds
from ..core.agents import Agent, play_game
from .game import AnswerHelp, MunchkinGame


@dataclass(frozen=True)
class FightOutlook:
    """What the fighter can do now: win as things stand, win with the fewest one-shots from the hand
    (``plan``), or run with the exact chance of escaping."""

    fighter: int
    monster: int
    wins_now: bool
    plan: tuple[str, ...] | None
    escape: Fraction

    @property
    def can_win(self) -> bool:
        return self.wins_now or self.plan is not None


def one_shot_plan(fighter: int, monster: int, bonuses: dict[str, int], ties_win: bool = False
                  ) -> tuple[str, ...] | None:
    """The fewest one-shots (then the smallest total) that make ``fighter`` beat ``monster``; ``None`` if
    even all of them do not. Enumerates every subset of the hand's one-shots."""
    names = sorted(bonuses)
    for size in range(1, len(names) + 1):
        wins = [c for c in combinations(names, size)
                if fighter + sum(bonuses[n] for n in c) > monster
                or (ties_win and fighter + sum(bonuses[n] for n in c) == monster)]
        if wins:
            return min(wins, key=lambda c: sum(bonuses[n] for n in c))
    return None


def fight_outlook(game: MunchkinGame) -> FightOutlook:
    """The pending fight seen from the fighter's seat, from the engine's own numbers."""
    c = game.combat
    if c is None:
        raise ValueError("no fight is going on")
    mine, theirs = game.fighter_strength(), game.monster_strength()
    ties = "warrior" in game.side_tags()
    hand = game.players[c.fighter].hand
    bonuses = {copy: game.card(copy).bonus for copy in hand if game.card(copy).kind == "one_shot"}
    wins_now = game.winning()
    plan = None if wins_now else one_shot_plan(mine, theirs, bonuses, ties)
    level = game.players[c.fighter].level
    modifiers = [6 if level <= game.foe(m).no_pursuit_up_to else game.run_modifier(c.fighter, m)
                 for m in c.monsters]  # a monster that does not pursue is escaped for certain
    escape = odds.flee(modifiers).escape_all
    return FightOutlook(mine, theirs, wins_now, plan, escape)


@dataclass
class GameRecords:
    """Statistics of simulated games."""

    games: int = 0
    lengths: list[int] = field(default_factory=list)
    winners_race: Counter = field(default_factory=Counter)
    winners_class: Counter = field(default_factory=Counter)
    players_race: Counter = field(default_factory=Counter)
    players_class: Counter = field(default_factory=Counter)
    helped_fights: int = 0
    fights: int = 0
    levels_by_turn: list[list[float]] = field(default_factory=list)  # one list a game: mean level per turn

    def win_rate(self, by: str) -> dict[str, float]:
        """Wins per player who ended the game with that race (or class)."""
        wins, players = ((self.winners_race, self.players_race) if by == "race"
                         else (self.winners_class, self.players_class))
        return {k: wins[k] / players[k] for k in sorted(players) if players[k]}


def record_games(n: int, seed: int = 0, agents: Agent | None = None, players: int = 4) -> GameRecords:
    """Play ``n`` games with ``agents`` (the heuristic agent by default) and record them."""
    agents = agents or MunchkinGame.heuristic_agent()
    records = GameRecords()
    for i in range(n):
        game = MunchkinGame({"players": players}, seed=seed + i)
        levels: list[float] = []
        turn = -1
        while not game.is_over():
            if game.turns != turn:
                turn = game.turns
                levels.append(sum(p.level for p in game.players) / players)
            play_game(game, agents, max_steps=game.num_actions + 1)
        records.games += 1
        records.lengths.append(game.turns)
        records.levels_by_turn.append(levels)
        records.fights += sum(1 for line in game.log if " fights: " in line)
        records.helped_fights += sum(1 for a in game.history if isinstance(a, AnswerHelp) and a.accept)
        for seat, p in enumerate(game.players):
            race = game.card(p.race).race if p.race else "human"
            cls = game.card(p.cls).cls if p.cls else "none"
            records.players_race[race] += 1
            records.players_class[cls] += 1
            if seat in game.result().winners:
                records.winners_race[race] += 1
                records.winners_class[cls] += 1
    return records
