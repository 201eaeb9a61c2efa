"""The combo row: six race/power combos, their coin costs, and drawing banners and badges to refill it.

Seed 003, 游戏设置阶段 2: "将种族旗帜和特殊能力徽记洗好，随机各抽出 5 个 ... 余下的种族旗帜和特殊能力徽记正面朝上放在
第五个组合下面". 选择一个种族与特殊能力的组合: "每个玩家可以从场上可见的六个种族 /能力的组合中选择一个 ... 选择时需要
在这一组合上方每一个种族/职业组合上放上一个胜利点数 ... 标物物总量等于种族旗帜与特殊能力徽记上的数值之和（例：骷髅+商人
的组合可以拿取 8 个标志物）". Coins lying on the chosen combo go to its picker (shared/reference).
"在某些特殊情况中，特殊能力徽记会不够用。这时将用过的特殊能力徽记重新洗过，放置到最后一个徽记下面。"
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ...core.protocol import Chance, ChanceStep
from ...core.words import counted
from ..state import ROW

if TYPE_CHECKING:
    from ..game import SmallWorld

RACE_DRAW = "race banner"
POWER_DRAW = "power badge"


def draw_step(g: SmallWorld) -> ChanceStep | None:
    """The pending draw refilling the row, if any: a banner first, then the badge under it. Each is a
    :meth:`ChanceStep.draw` (every name once, equally likely, outcomes listed only when asked for)."""
    s = g.state
    races = s.row_races
    if len(s.row_powers) < len(races):
        pool = s.power_pool or s.power_discard  # the discard is reshuffled when the stack runs out
        return ChanceStep.draw(POWER_DRAW, "draw a special power badge for the row", pool)
    if len(races) < ROW:
        if s.race_pool:
            return ChanceStep.draw(RACE_DRAW, "draw a race banner for the row", s.race_pool)
        if s.race_bottom:
            return ChanceStep(RACE_DRAW, "the banner at the bottom of the stack comes up",
                              ((Chance(RACE_DRAW, s.race_bottom[0]), Fraction(1)),))
    return None


def apply_draw(g: SmallWorld, action: Chance) -> None:
    s = g.state
    name = str(action.outcome)
    if action.event == POWER_DRAW:
        if not s.power_pool:
            s.power_pool, s.power_discard = sorted(s.power_discard), []
        s.power_pool.remove(name)
        s.row_powers.append(name)
        s.row_coins.append(0)
        g.event(f"the row gets {name} {s.row_races[-1]} at position {len(s.row_powers)}")
    else:
        if name in s.race_pool:
            s.race_pool.remove(name)
        else:
            s.race_bottom.remove(name)
        s.row_races.append(name)


def pick_options(g: SmallWorld, player: int) -> list[tuple[int, str, str]]:
    s = g.state
    coins = s.seats[player].coins
    return [(i, s.row_races[i], s.row_powers[i]) for i in range(min(len(s.row_powers), coins + 1))]


def combo_tokens(g: SmallWorld, race: str, power: str) -> int:
    return g.races[race].tokens + g.powers[power].tokens


def pick(g: SmallWorld, player: int, index: int) -> None:
    s = g.state
    seat = s.seats[player]
    for i in range(index):
        s.row_coins[i] += 1
    gained = s.row_coins[index]
    seat.coins += gained - index
    race, power = s.row_races.pop(index), s.row_powers.pop(index)
    s.row_coins.pop(index)
    seat.race, seat.power, seat.fresh, seat.turns_active = race, power, True, 0
    seat.holes_placed = 0
    seat.encampments = 5 if power == "Bivouacking" else 0
    want = combo_tokens(g, race, power)
    if race == "Amazons":
        want += 4
    got = min(want, s.box[race])
    s.box[race] -= got
    seat.hand += got
    g.event(f"player {player} picks {power} {race} for {counted(index, 'coin')}, takes {counted(gained, 'coin')} "
            "from it and "
            f"{got} tokens ({g.races[race].tokens} + {g.powers[power].tokens}"
            f"{' + 4 Amazons for conquest' if race == 'Amazons' else ''})")
