"""Kragmortha analysis: the exact chance to reach the desk within n turns, and simulations by player count.

:func:`desk_chance` is exact only inside a model (:data:`DESK_MODEL`, the same words every screen shows
beside the number): one goblin alone on the board (no other goblins to push or be pushed by, no dark lord,
no tomes), a teleport square just ends the move (no teleport card is drawn), and after each card played
one card is drawn from the 58 movement cards minus the hand (the discards shuffled back in). Each turn the
goblin plays the card and path that maximise the chance; as in the game, a goblin card with a legal step
must move the goblin (a card is played without moving only when it has no legal step at all), and a dark
lord card leaves the goblin where it is. The result is an exact :class:`~fractions.Fraction` over the draws.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from statistics import mean
from typing import Any

from ..core.agents import RandomAgent, play_game
from .data import Board, load_board, load_movement
from .rules.movement import paths

#: the model :func:`desk_chance` assumes, in plain words (shown wherever the number is)
DESK_MODEL = ("model: your goblin alone on the board (no other goblins, no dark lord, no tomes); a teleport "
              "square just ends the move; each turn you play the card that gives the best chance, and a goblin "
              "card must move your goblin if it can (a dark lord card leaves it where it is); then you draw one "
              "card from the 58 movement cards minus your hand (the discards shuffled back in)")


def _deck(hand: tuple[str, ...]) -> list[tuple[str, Fraction]]:
    movement = load_movement()
    held = Counter(hand)
    counts = {c.id: c.copies - held[c.id] for c in movement.values()}
    total = sum(counts.values())
    return [(c, Fraction(n, total)) for c, n in sorted(counts.items()) if n > 0]


@lru_cache(maxsize=1 << 15)
def _chance(board: Board, square: int, hand: tuple[str, ...], turns: int) -> Fraction:
    if turns <= 0:
        return Fraction(0)
    movement = load_movement()
    best = Fraction(0)
    for card in sorted(set(hand)):
        rest = list(hand)
        rest.remove(card)
        ends: set[int] = set()
        if movement[card].piece == "goblin":  # a card with a legal step must move the goblin (as in the game)
            for steps in paths(board, (square,), -1, 0, movement[card], []).values():
                if steps[-1].end == "desk":
                    return Fraction(1)
                ends.add(steps[-1].goblins[0])
        if not ends:  # a dark lord card, or a goblin card with no legal step: the goblin stays
            ends.add(square)
        if turns == 1:
            continue
        for end in ends:
            value = sum((p * _chance(board, end, tuple(sorted([*rest, draw])), turns - 1)
                         for draw, p in _deck(tuple(sorted(rest)))), Fraction(0))
            best = max(best, value)
    return best


def desk_chance(square: int | str, hand: list[str], turns: int, players: int = 4) -> Fraction:
    """The chance that a goblin on ``square`` (number or label such as ``"d10"``) holding ``hand`` reaches
    the desk within ``turns`` turns, playing as well as possible: exact over the draws inside the model of
    :data:`DESK_MODEL` (one goblin alone, no dark lord, no teleport cards, no tomes, the discards back in
    the deck; a card with a legal step must move the goblin), not in a real game with other pieces."""
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
