"""Who took the first turn, and where a seat sits in the turn order.

In Baldur's Gate, Kragmortha, Munchkin and both Munchkin Quests the first player is chosen by chance, so a
seat's number is only a label and a first-player edge shows only counted by *turn position* (0 = the
first player, 1 = the next, ...). Small World always starts with seat 0 (its log names nobody).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..core.protocol import Game

# "player 2 starts", "player 0 rolls highest and starts", "blue (player 1) rolls highest and starts",
# "player 3 wins rock-paper-scissors and starts"
_STARTS = re.compile(r"player (\d+)\)? (?:wins rock-paper-scissors and |rolls highest and )?starts")


def first_player_from_log(lines: Iterable[str]) -> int:
    """The seat the log says took the first turn; seat 0 when it names nobody (Small World)."""
    for line in lines:
        found = _STARTS.search(line)
        if found:
            return int(found.group(1))
    return 0


def first_player(game: Game) -> int:
    """Who took the first turn of ``game``, read from its own log."""
    return first_player_from_log(game.log)


def position(seat: int, first: int, players: int) -> int:
    """``seat``'s place in the turn order: 0 for the first player, 1 for the next, ..."""
    return (seat - first) % players
