"""Kragmortha analysis: the exact chance to reach the desk within n turns, and simulations by player count.

:func:`desk_chance` plays one goblin alone on the board (no other goblins, the dark lord off the board,
a teleport square just ends the move): each turn it plays the card and path that maximise the chance,
then draws one card from the deck (the 58 cards minus its hand, the discards reshuffled in). The result
is an exact :class:`~fractions.Fraction` over the draws.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from statistics import mean
from typing import Any

from ..core.agents import RandomAgent, play_game
from .data import Board, load_board, load_movement
from .rules.movement import paths


def _deck(hand: tuple[str, ...]) -> list[tuple[str, Fraction]]:
    movement = load_movement()
    held = Counter(hand)
    counts = {c.id: c.copies - held[c.id] for c in movement.values()}
    total = sum(counts.values())
    return [(c, Fraction(n, total)) for c, n in sorted(counts.items()) if n > 0]


@cache
def _chance(board: Board, square: int, hand: tuple[str, ...], turns: int) -> Fraction:
    if turns <= 0:
        return Fraction(0)
    movement = load_movement()
    best = Fraction(0)
    for card in sorted(set(hand)):
        rest = list(hand)
        rest.remove(card)
        ends: set[int] = set()
        if movement[card].piece == "goblin":
            for steps in paths(board, (square,), -1, 0, movement[card], []).values():
                if steps[-1].end == "desk":
                    return Fraction(1)
                ends.add(steps[-1].goblins[0])
        ends.add(square)  # a dark lord card (or staying put): the goblin does not move
        if turns == 1:
            continue
        for end in ends:
            value = sum((p * _chance(board, end, tuple(sorted([*rest, draw])), turns - 1)
                         for draw, p in _deck(tuple(sorted(rest)))), Fraction(0))
            best = max(best, value)
    return best


def desk_chance(square: int | str, hand: list[str], turns: int, players: int = 4) -> Fraction:
    """The chance that a goblin on ``square`` (number or label such as ``"d10"``) holding ``hand`` reaches
    the desk within ``turns`` turns, playing as well as possible (exact over the draws)."""
    board = load_board(players)
    if isinstance(square, str):
        col, row = ord(square[0]) - ord("a"), int(square[1:]) - 1
        square = board.square(row, col)
    return _chance(board, square, tuple(sorted(hand)), turns)


def simulate(players: int, games: int = 50, agent: str = "random", seed: int = 0) -> dict[str, Any]:
    """Game length (turns), penalty cards per player and winners by seat over ``games`` games."""
    from .agents import GreedyAgent
    from .game import Kragmortha

    lengths, penalties = [], []
    wins: Counter[int] = Counter()
    reasons: Counter[str] = Counter()
    for i in range(games):
        agents = [GreedyAgent() if agent == "greedy" else RandomAgent(f"{seed}/{i}/{p}") for p in range(players)]
        g = play_game(Kragmortha({"players": players}, seed=seed + i), agents)
        lengths.append(g.turn_number())
        penalties.append(mean(len(x.penalties) for x in g.state.seats))
        reasons["4 penalty cards" if g.state.loser >= 0 else "last tome"] += 1
        for w in g.result().winners:
            wins[w] += 1
    return {"players": players, "agent": agent, "games": games, "mean_turns": mean(lengths),
            "mean_penalties": mean(penalties), "wins_by_seat": [wins[p] for p in range(players)],
            "end": dict(reasons)}
