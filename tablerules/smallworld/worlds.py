"""What Small World hides from a seat, for :func:`tablerules.core.worlds.sample_world`.

The only face-down things are the stacks of race banners and power badges still to come (shuffled piles)
and the other seats' coins. Nothing a seat has not seen can be in the stacks (every banner and badge out of
them is face up, the ones put under the stack were face up), so every world has the same stacks. The coins
are face down (seed 003: 代币数量在游戏过程中不需要公开), but every coin a seat gets or pays is said
aloud (picking a combo, scoring: the log's public lines), so a seat that kept count knows every total: every
world has the same coins too. A sampled Small World is therefore the real game, marked as sampled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from ..core.worlds import Zone


class SmallWorldWorlds:
    def zones(self, game: Any, player: int) -> list[Zone]:
        s = game.state
        return [Zone("race_pool", tuple(s.race_pool)), Zone("power_pool", tuple(s.power_pool))]

    def universe(self, game: Any) -> Counter[str]:
        return Counter(list(game.races) + list(game.powers))

    def kind(self, game: Any, card: str) -> Hashable:
        return "race" if card in game.races else "power"

    def names(self, game: Any, card: str) -> Sequence[str]:
        return (card,)

    def put(self, game: Any, player: int, zones: dict[Hashable, list[str]], moved: dict[Hashable, list[int]]) -> None:
        for key, cards in zones.items():
            setattr(game.state, key, sorted(cards))

    def chance_hidden(self, game: Any, player: int) -> bool:
        return False


MODEL = SmallWorldWorlds()
