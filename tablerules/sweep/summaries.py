"""What one finished (or stopped) game tells a balance sweep, seat by seat.

Every game gives each seat a ``score`` (what its own result ranks: Munchkin and Quest levels, Small World
coins, Kragmortha's negated penalty cards, Baldur's Gate hand value + 8 a hero, crawl rooms explored),
readable mid-game too, so the MCTS agent can judge a position it stopped rolling out. Games with races
and classes (Munchkin, Munchkin Quest: the card held at the end, ``human`` / ``none`` without one; Small
World: the active race and power, ``""`` in decline) add them. Other games fall back to the result's scores.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.protocol import Game

SeatFields = dict[str, list[Any]]


def _munchkin_like(heroes: list[Any], game: Any) -> SeatFields:
    return {"score": [float(h.level) for h in heroes],
            "level": [int(h.level) for h in heroes],
            "race": [game.card(h.race).race if h.race else "human" for h in heroes],
            "class": [game.card(h.cls).cls if h.cls else "none" for h in heroes]}


def _munchkin(game: Any) -> SeatFields:
    return _munchkin_like(game.state.players, game)


def _quest(game: Any) -> SeatFields:
    return _munchkin_like(game.state.heroes, game)


def _smallworld(game: Any) -> SeatFields:
    seats = game.state.seats
    return {"score": [float(s.coins) for s in seats], "race": [s.race for s in seats],
            "class": [s.power for s in seats]}


def _kragmortha(game: Any) -> SeatFields:
    return {"score": [-float(len(s.penalties)) for s in game.state.seats]}


def _baldur(game: Any) -> SeatFields:
    return {"score": [float(v) for _, v in sorted(game.scores().items())]}


def _crawl(game: Any) -> SeatFields:
    return {"score": [float(n) for n in game.state.explored]}


#: game name -> seat fields reader; games not listed use their result's scores (0 mid-game)
SEAT_FIELDS: dict[str, Callable[[Any], SeatFields]] = {
    "munchkin": _munchkin, "quest": _quest, "smallworld": _smallworld, "kragmortha": _kragmortha,
    "baldursgate": _baldur, "quest-crawl": _crawl,
}


def seat_fields(game: Game) -> SeatFields:
    """Per-seat lists (``score`` always; ``level``, ``race``, ``class`` where the game has them)."""
    reader = SEAT_FIELDS.get(game.name)
    if reader is not None:
        return reader(game)
    result = game.result()
    n = game.num_players()
    scores = result.scores if result is not None else {}
    return {"score": [float(scores.get(p, 0)) for p in range(n)]}


def seat_scores(game: Game) -> list[float]:
    return seat_fields(game)["score"]


def _smallworld_position(game: Any) -> list[float]:
    """Coins, plus what each seat's regions bring at its next turn's end (a conquest shows at once)."""
    from ..smallworld.rules.scoring import score_breakdown

    return [s.coins + sum(v for _, v in score_breakdown(game, p)) for p, s in enumerate(game.state.seats)]


#: game name -> the seats' scores for judging a position mid-game, where it differs from ``seat_fields``
POSITION_SCORES: dict[str, Callable[[Any], list[float]]] = {"smallworld": _smallworld_position}


def evaluate(game: Game, player: int) -> float:
    """How well ``player`` stands now, by the game's own standing: the seats' ``score`` (:func:`seat_scores`:
    levels, coins, penalty cards, hand value...; Small World's coins count the regions' next income too),
    as ``(seats behind - seats ahead) / (seats - 1)``: 1 when alone in the lead, -1 when alone last, 0 when
    every seat is level. A search agent's value of a position it stops at before the end."""
    reader = POSITION_SCORES.get(game.name)
    scores = reader(game) if reader is not None else seat_scores(game)
    n = len(scores)
    if n < 2:
        return 0.0
    mine = scores[player]
    return (sum(s < mine for s in scores) - sum(s > mine for s in scores)) / (n - 1)
