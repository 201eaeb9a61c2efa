"""The state of a Small World game: everything that changes, nothing static (the board, races and powers are
data in :mod:`tablerules.smallworld.maps`). Regions are parallel lists indexed by region id, so a copy is a
handful of list copies."""

from __future__ import annotations

import typing
from dataclasses import dataclass, field, fields

from ..core.state import clone

NOBODY = -1
LOST_TRIBES = 18  #: seed 003: "18 个“失落的部族”标志" (the list says x18)
MAX_LAIRS, MAX_FORTRESSES, MAX_ENCAMPMENTS, MAX_HEROES, MAX_HOLES = 10, 6, 5, 2, 2
#: seed 003: "109 个胜利点数（VP）代币； 10VPx30，5VPx24，3VPx20，1VPx35". Coins are kept as a number: the seed
#: gives no rule that depends on the denominations (no exchange rule, totals hidden anyway); see
#: docs/rules/smallworld.md.
COIN_TOKENS = {10: 30, 5: 24, 3: 20, 1: 35}
START_COINS = 5  #: seed 003, 游戏设置阶段 5: "每位玩家发放 5 枚 1 点的胜利点数代币"
ROW = 6  #: six visible combos (five laid out + the top of the stacks)


@dataclass
class Declined:
    """A race of a player in decline (its power kept for Spirit, Seafaring; else only remembered)."""

    race: str
    power: str


@dataclass
class Seat:
    coins: int = START_COINS
    race: str = ""  #: the active race ("" before picking and after going into decline)
    power: str = ""
    hand: int = 0  #: active race tokens in hand
    fresh: bool = False  #: the race was picked this turn
    turns_active: int = 0  #: how many of this player's turns the active race has finished
    declined: list[Declined] = field(default_factory=list)
    pending: dict[str, int] = field(default_factory=dict)  #: race -> tokens to redeploy after losses
    ghoul_hand: int = 0  #: Ghouls in decline: tokens in hand during their conquest
    holes_placed: int = 0  #: Halflings: holes placed by this race (first 2 regions)
    encampments: int = 0  #: Bivouacking: encampments in supply
    peace_with: int = NOBODY  #: Diplomat: this player may not attack our active race until our next turn


@dataclass
class SmallWorldState:
    seats: list[Seat] = field(default_factory=list)
    round: int = 1
    current: int = 0
    stage: str = "pick"  #: pick, ghouls, ghouls redeploy, conquer, redeploy, diplomacy, losses, over
    # combo row and stacks
    row_races: list[str] = field(default_factory=list)
    row_powers: list[str] = field(default_factory=list)
    row_coins: list[int] = field(default_factory=list)
    race_pool: list[str] = field(default_factory=list)  #: face-down part of the banner stack (sorted)
    race_bottom: list[str] = field(default_factory=list)  #: banners put under the stack, in order
    power_pool: list[str] = field(default_factory=list)
    power_discard: list[str] = field(default_factory=list)
    box: dict[str, int] = field(default_factory=dict)  #: race -> tokens in the box
    lost_tribes_box: int = 0
    # regions
    owner: list[int] = field(default_factory=list)
    race: list[str] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)
    decline: list[bool] = field(default_factory=list)
    lost_tribe: list[bool] = field(default_factory=list)
    lair: list[bool] = field(default_factory=list)
    fortress: list[bool] = field(default_factory=list)
    encampment: list[int] = field(default_factory=list)
    hole: list[bool] = field(default_factory=list)
    hero: list[bool] = field(default_factory=list)
    dragon: int = NOBODY
    # this turn
    conquered: list[int] = field(default_factory=list)
    conquered_nonempty: int = 0
    attacked: list[int] = field(default_factory=list)
    sorcery_on: list[int] = field(default_factory=list)
    dragon_used: bool = False
    fortress_placed: bool = False
    acted: bool = False  #: a Ready, conquest or abandon happened this turn (no decline any more)
    berserk_die: int = NOBODY
    attempt: int = NOBODY  #: the region of a final attempt waiting for its die
    amazons_owed: int = 0
    loser: int = NOBODY  #: the player redeploying after losses
    turns: int = 0
    over: bool = False

    def regions_of(self, player: int, race: str | None = None, decline: bool | None = None) -> list[int]:
        """The regions ``player`` holds (of ``race``, in decline or not), in id order."""
        if race is None:
            out = indices(self.owner, player)
        else:  # a banner is held by one player at a time: scan for the race (in C), then check the few found
            owner = self.owner
            out = [i for i in indices(self.race, race) if owner[i] == player]
        if decline is not None:
            declines = self.decline
            out = [i for i in out if declines[i] == decline]
        return out

    def tokens_on_map(self, player: int) -> int:
        return sum(t for o, t in zip(self.owner, self.tokens, strict=True) if o == player)


def indices(values: list, wanted: object) -> list[int]:
    """Positions of ``wanted`` in ``values``, in order: counted first, then found by ``list.index`` (both scan in
    C; faster than a comprehension, and no ValueError to raise and catch at the end)."""
    n = values.count(wanted)
    if not n:
        return []
    index = values.index
    i = index(wanted)
    out = [i]
    for _ in range(n - 1):
        i = index(wanted, i + 1)
        out.append(i)
    return out


_SCALARS = (int, str, bool)


def _copy_plan() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The fields of :class:`SmallWorldState` by how to copy them, from their type hints (so none is
    forgotten): plain values shared, lists and dicts of plain values sliced, the rest cloned."""
    hints = typing.get_type_hints(SmallWorldState)
    plain, flat_lists, flat_dicts, other = [], [], [], []
    for f in fields(SmallWorldState):
        hint = hints[f.name]
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if hint in _SCALARS:
            plain.append(f.name)
        elif origin is list and args[0] in _SCALARS:
            flat_lists.append(f.name)
        elif origin is dict and all(a in _SCALARS for a in args):
            flat_dicts.append(f.name)
        else:
            other.append(f.name)
    return tuple(plain), tuple(flat_lists), tuple(flat_dicts), tuple(other)


_PLAN = _copy_plan()


def clone_state(s: SmallWorldState) -> SmallWorldState:
    """:func:`tablerules.core.state.clone` for this state, several times faster: the region lists (a dozen lists
    of plain values) are sliced instead of copied element by element."""
    plain, flat_lists, flat_dicts, other = _PLAN
    new = object.__new__(SmallWorldState)
    out, old = new.__dict__, s.__dict__
    for name in plain:
        out[name] = old[name]
    for name in flat_lists:
        out[name] = old[name][:]
    for name in flat_dicts:
        out[name] = dict(old[name])
    for name in other:
        out[name] = clone(old[name])
    return new
