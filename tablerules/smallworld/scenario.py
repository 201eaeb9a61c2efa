"""Setting up Small World positions for tests and notebooks (the scenario API).

>>> from tablerules.smallworld.scenario import new_game, give, put, begin
>>> g = new_game(3, row=[("Ratmen", "Commando"), ("Skeletons", "Merchant")])
>>> g.state.row_races[:2], g.is_chance()
(['Ratmen', 'Skeletons'], False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from ..core.errors import ScenarioError
from .game import SmallWorld
from .maps import load_board
from .rules import turns
from .rules.decline import KEPT_POWERS
from .state import (
    COIN_TOKENS,
    LOST_TRIBES,
    MAX_ENCAMPMENTS,
    MAX_FORTRESSES,
    MAX_HEROES,
    MAX_HOLES,
    MAX_LAIRS,
    NOBODY,
    Declined,
)

#: the default row of a scenario (six combos, no chance step pending)
DEFAULT_ROW = (("Ratmen", "Commando"), ("Humans", "Alchemist"), ("Skeletons", "Merchant"), ("Orcs", "Hill"),
               ("Elves", "Forest"), ("Dwarves", "Swamp"))


def new_game(players: int = 3, row: Sequence[tuple[str, str]] = DEFAULT_ROW, seed: int = 0,
             lost_tribes: bool = True, board: int | None = None) -> SmallWorld:
    """A game at player 0's first pick with the combo row given (filled up from ``DEFAULT_ROW``), on the map
    for ``board`` players (2 to 5; the map for ``players`` unless asked: "3 players on the 4-player map").
    A game on another map is a scenario: a save of it replays on the map of its player count."""
    g = SmallWorld({"players": players}, seed=seed)
    if board is not None and board != players:
        _use_board(g, board)
    s = g.state
    combos = list(row) + [c for c in DEFAULT_ROW if c[0] not in {r for r, _ in row} and c[1] not in {p for _, p in row}]
    for race, power in combos[:6]:
        s.race_pool.remove(race)
        s.power_pool.remove(power)
        s.row_races.append(race)
        s.row_powers.append(power)
        s.row_coins.append(0)
    while len(s.row_races) < 6:  # fill up from the stacks (in name order: no chance step pending)
        s.row_races.append(s.race_pool.pop(0))
        s.row_powers.append(s.power_pool.pop(0))
        s.row_coins.append(0)
    if not lost_tribes:
        for i, on in enumerate(s.lost_tribe):
            if on:
                s.lost_tribe[i] = False
                s.lost_tribes_box += 1
    g.refresh()
    return g


def _take_banner(g: SmallWorld, race: str) -> None:
    s = g.state
    for pile in (s.race_pool, s.race_bottom):
        if race in pile:
            pile.remove(race)
            return
    if race in s.row_races:
        i = s.row_races.index(race)
        power = s.row_powers.pop(i)
        s.row_races.pop(i)
        s.row_coins.pop(i)
        s.power_pool.append(power)
        s.power_pool.sort()
        # keep the row full without chance: put another banner from the pool in
        if s.race_pool:
            s.row_races.append(s.race_pool.pop(0))
            s.row_powers.append(s.power_pool.pop(0))
            s.row_coins.append(0)
        return
    raise _refuse("race", f"{race} is already in play")


def _take_badge(g: SmallWorld, power: str) -> None:
    s = g.state
    if power in s.power_pool:
        s.power_pool.remove(power)
    elif power in s.row_powers:
        i = s.row_powers.index(power)
        s.row_powers[i] = s.power_pool.pop(0)
    else:
        raise _refuse("power", f"{power} is already in play")


def give(g: SmallWorld, player: int, race: str, power: str, hand: int = 0) -> SmallWorld:
    """Make ``race`` + ``power`` the active combo of ``player`` with ``hand`` tokens in hand (from the box)."""
    s = g.state
    if power not in s.power_pool and power not in s.row_powers:
        raise _refuse("power", f"{power} is already in play")
    _take_banner(g, race)
    _take_badge(g, power)
    seat = s.seats[player]
    seat.race, seat.power, seat.hand = race, power, hand
    seat.encampments = 5 if power == "Bivouacking" else 0
    s.box[race] -= hand
    g.refresh()
    return g


def decline_race(g: SmallWorld, player: int, race: str, power: str = "Commando") -> SmallWorld:
    """Give ``player`` a race in decline (place its tokens with :func:`put` and ``decline=True``). Its badge
    comes from the pool or the row and is discarded, as in a decline (种族退场: "将代表特殊能力的徽记弃掉"),
    unless it is one kept with the banner (Spirit, Seafaring)."""
    s = g.state
    if power not in s.power_pool and power not in s.row_powers:
        raise _refuse("power", f"{power} is already in play")
    _take_banner(g, race)
    _take_badge(g, power)
    s.seats[player].declined.append(Declined(race, power))
    if power not in KEPT_POWERS:
        s.power_discard.append(power)
    g.refresh()
    return g


def put(g: SmallWorld, region: int, player: int, tokens: int = 1, decline: bool = False,
        race: str | None = None) -> SmallWorld:
    """Put ``tokens`` of ``player``'s active race (or ``race``) in ``region`` from the box."""
    s = g.state
    race = race or s.seats[player].race
    if s.owner[region] != NOBODY:
        s.box[s.race[region]] += s.tokens[region]
    if s.lost_tribe[region]:
        s.lost_tribe[region] = False
        s.lost_tribes_box += 1
    s.owner[region], s.race[region], s.tokens[region], s.decline[region] = player, race, tokens, decline
    s.box[race] -= tokens
    g.refresh()
    return g


def begin(g: SmallWorld, player: int, stage: str | None = None) -> SmallWorld:
    """Start ``player``'s turn now (ready troops, ghouls first) as the turn flow would."""
    s = g.state
    s.current = player
    turns.start_turn(g)
    if stage:
        s.stage = stage
    g.refresh()
    return g


def ready_all(g: SmallWorld) -> SmallWorld:
    """Play the ``Ready`` of the player to act, if there are troops to ready (seed 003, 预备部队)."""
    from .actions import Ready

    ready = [a for a in g.legal_actions() if isinstance(a, Ready)]
    if ready:
        g.apply(ready[0])
    return g


def region_where(g: SmallWorld, **wanted) -> int:
    """The first region whose static facts match, e.g. ``region_where(g, terrain="hill", border=True)``."""
    for r in g.board.regions:
        if all((f in r.features) == v if f in ("mine", "magic", "cavern") else getattr(r, f) == v
               for f, v in wanted.items()):
            return r.id
    raise LookupError(f"no region with {wanted}")


# ----- the whole position: the round, coins, lost tribes, markers (each refuses what the rules cannot hold) -----
def _refuse(field: str, reason: str) -> ScenarioError:
    return ScenarioError("smallworld", field, reason)


def _use_board(g: SmallWorld, players: int) -> None:
    """Play on the map for ``players`` (before anything is placed): the region lists are made anew."""
    if not 2 <= players <= 5:
        raise _refuse("board", f"there is no map for {players} players (2 to 5)")
    g.board = load_board(players)
    s, n, regions = g.state, len(g.board), g.board.regions
    s.owner, s.race, s.tokens, s.decline = [NOBODY] * n, [""] * n, [0] * n, [False] * n
    s.lost_tribe = [r.lost_tribe for r in regions]
    s.lost_tribes_box = LOST_TRIBES - sum(s.lost_tribe)
    s.lair, s.fortress, s.encampment, s.hole, s.hero = [False] * n, [False] * n, [0] * n, [False] * n, [False] * n
    g.refresh()


def _region(g: SmallWorld, field: str, region: int) -> int:
    if not 0 <= region < len(g.board):
        raise _refuse(field, f"there is no region {region} on this map (0 to {len(g.board) - 1})")
    return region


def _player(g: SmallWorld, field: str, player: int) -> int:
    if not 0 <= player < len(g.state.seats):
        raise _refuse(field, f"there is no player {player} ({len(g.state.seats)} players)")
    return player


def set_round(g: SmallWorld, round_: int) -> SmallWorld:
    """Move the game turn marker to ``round_`` (1 to the map's last round)."""
    if not 1 <= round_ <= g.board.rounds:
        raise _refuse("round", f"the turn track of this map runs from 1 to {g.board.rounds}, not {round_}")
    g.state.round = round_
    g.refresh()
    return g


#: every coin token's value together (seed 003: 10 x30, 5 x24, 3 x20, 1 x35)
COINS_IN_BOX = sum(value * count for value, count in COIN_TOKENS.items())


def set_coins(g: SmallWorld, player: int, coins: int) -> SmallWorld:
    """Give ``player`` exactly ``coins`` victory coins."""
    field = f"coins[{_player(g, 'coins', player)}]"
    if coins < 0:
        raise _refuse(field, f"a player cannot hold {coins} coins")
    others = sum(seat.coins for q, seat in enumerate(g.state.seats) if q != player)
    if others + coins > COINS_IN_BOX:
        raise _refuse(field, f"the coin tokens add up to {COINS_IN_BOX}; the others already hold {others}")
    g.state.seats[player].coins = coins
    g.refresh()
    return g


def set_lost_tribes(g: SmallWorld, regions: Iterable[int]) -> SmallWorld:
    """Exactly these regions hold a lost tribe (one each; the others go back to the box). A lost tribe starts on
    a region with the lost-tribe circle and never moves: only such empty regions may hold one."""
    s = g.state
    wanted = sorted(set(regions))
    for i in wanted:
        field = f"lost_tribes[{_region(g, 'lost_tribes', i)}]"
        region = g.board.regions[i]
        if region.water:
            raise _refuse(field, f"region {i} is a {region.terrain}; {region.terrain}s hold no lost tribe")
        if not region.lost_tribe:
            raise _refuse(field, f"region {i} has no lost-tribe circle: a lost tribe is only set up there")
        if s.owner[i] != NOBODY:
            raise _refuse(field, f"player {s.owner[i]}'s {s.race[i]} hold region {i}; a conquest removes the tribe")
    for i in range(len(s.lost_tribe)):
        s.lost_tribe[i] = i in wanted
    s.lost_tribes_box = LOST_TRIBES - len(wanted)
    g.refresh()
    return g


def _held(g: SmallWorld, field: str, region: int, what: str, *, race: str | None = None,
          power: str | None = None, active: bool = True) -> int:
    """The owner of ``region``, which must hold ``race`` (or a race with ``power``), active unless ``active``
    is False (then in decline too)."""
    s = g.state
    _region(g, field, region)
    o = s.owner[region]
    if o == NOBODY:
        raise _refuse(field, f"region {region} is empty; {what}")
    if active and s.decline[region]:
        raise _refuse(field, f"region {region} holds {s.race[region]} in decline; {what}")
    if race is not None and s.race[region] != race:
        raise _refuse(field, f"region {region} holds {s.race[region]}; {what}")
    if power is not None:
        seat = s.seats[o]
        powers = [seat.power] if not s.decline[region] else [d.power for d in seat.declined
                                                             if d.race == s.race[region]]
        if power not in powers:
            raise _refuse(field, f"region {region} holds {s.race[region]} without {power}; {what}")
    return o


def _set_flags(g: SmallWorld, name: str, flags: list[bool], regions: Iterable[int], most: int,
               check: Callable[[str, int], int]) -> set[int]:
    """Set one marker's flags to exactly ``regions`` after ``check`` (field, region) passed for each; returns
    the owners of the regions."""
    wanted = sorted(set(regions))
    if len(wanted) > most:
        raise _refuse(name, f"the box holds {most}, not {len(wanted)}")
    owners = {check(f"{name}[{i}]", i) for i in wanted}
    for i in range(len(flags)):
        flags[i] = i in wanted
    return owners


def set_lairs(g: SmallWorld, regions: Iterable[int]) -> SmallWorld:
    """Troll lairs on exactly these regions (held by Trolls, active or in decline: the lairs stay)."""
    _set_flags(g, "lairs", g.state.lair, regions, MAX_LAIRS, lambda f, i: _held(
        g, f, i, "a troll lair stands only in a Troll region", race="Trolls", active=False))
    g.refresh()
    return g


def set_fortresses(g: SmallWorld, regions: Iterable[int]) -> SmallWorld:
    """Fortresses on exactly these regions (held by a Fortified race, active or in decline)."""
    _set_flags(g, "fortresses", g.state.fortress, regions, MAX_FORTRESSES, lambda f, i: _held(
        g, f, i, "a fortress stands only in a region of a Fortified race", power="Fortified", active=False))
    g.refresh()
    return g


def set_holes(g: SmallWorld, regions: Iterable[int]) -> SmallWorld:
    """Holes-in-the-Ground on exactly these regions (held by active Halflings; they count as placed)."""
    holes = set(regions)
    for p in _set_flags(g, "holes", g.state.hole, holes, MAX_HOLES, lambda f, i: _held(
            g, f, i, "holes lie only in active Halfling regions", race="Halflings")):
        seat = g.state.seats[p]
        seat.holes_placed = max(seat.holes_placed, len(holes))
    g.refresh()
    return g


def set_heroes(g: SmallWorld, regions: Iterable[int]) -> SmallWorld:
    """Heroes on exactly these regions (held by an active Heroic race)."""
    _set_flags(g, "heroes", g.state.hero, regions, MAX_HEROES, lambda f, i: _held(
        g, f, i, "a hero stands only in a region of an active Heroic race", power="Heroic"))
    g.refresh()
    return g


def set_dragon(g: SmallWorld, region: int | None) -> SmallWorld:
    """The dragon on ``region`` (held by an active Dragon Master race), or off the map (``None``)."""
    if region is not None:
        _held(g, f"dragon[{region}]", region, "the dragon stands only in a region of an active Dragon Master",
              power="Dragon Master")
    g.state.dragon = NOBODY if region is None else region
    g.refresh()
    return g


def set_encampments(g: SmallWorld, camps: Mapping[int, int]) -> SmallWorld:
    """Encampments by region (``{region: how many}``; the others none), held by an active Bivouacking race,
    whose supply keeps the rest of the 5."""
    total = sum(camps.values())
    if total > MAX_ENCAMPMENTS:
        raise _refuse("encampments", f"the box holds {MAX_ENCAMPMENTS}, not {total}")
    for i, n in camps.items():
        field = f"encampments[{i}]"
        if n < 0:
            raise _refuse(field, f"a region cannot hold {n} encampments")
        if n:
            _held(g, field, i, "encampments stand only in regions of an active Bivouacking race",
                  power="Bivouacking")
    s = g.state
    for i in range(len(s.encampment)):
        s.encampment[i] = camps.get(i, 0)
    for seat in s.seats:
        if seat.power == "Bivouacking":
            seat.encampments = MAX_ENCAMPMENTS - total
    g.refresh()
    return g


# ----- the row's coins, a hand, this turn, the badge stack, the end (issue 24: tests set no engine field) -----
def set_row_coins(g: SmallWorld, coins: Mapping[int, int]) -> SmallWorld:
    """Coins lying on the row's combos by position (``{3: 2}``: two coins on the fourth combo; the others
    none): the coins players paid to skip a combo stay on it for whoever picks it (seed 003)."""
    s = g.state
    for i, n in coins.items():
        field = f"row_coins[{i}]"
        if not 0 <= i < len(s.row_coins):
            raise _refuse(field, f"the row has {len(s.row_coins)} combos (0 to {len(s.row_coins) - 1})")
        if n < 0:
            raise _refuse(field, f"a combo cannot hold {n} coins")
    held = sum(seat.coins for seat in s.seats)
    if held + sum(coins.values()) > COINS_IN_BOX:
        raise _refuse("row_coins", f"the coin tokens add up to {COINS_IN_BOX}; the players already hold {held}")
    for i in range(len(s.row_coins)):
        s.row_coins[i] = coins.get(i, 0)
    g.refresh()
    return g


def set_hand(g: SmallWorld, player: int, tokens: int) -> SmallWorld:
    """``player`` holds exactly ``tokens`` of the active race in hand (the difference goes to or comes from the
    box)."""
    field = f"hand[{_player(g, 'hand', player)}]"
    s = g.state
    seat = s.seats[player]
    if not seat.race:
        raise _refuse(field, f"player {player} has no race in play to hold tokens of")
    if tokens < 0:
        raise _refuse(field, f"a hand cannot hold {tokens} tokens")
    if tokens - seat.hand > s.box[seat.race]:
        raise _refuse(field, f"the box holds {s.box[seat.race]} more {seat.race}, not {tokens - seat.hand}")
    s.box[seat.race] -= tokens - seat.hand
    seat.hand = tokens
    g.refresh()
    return g


def set_fresh(g: SmallWorld, player: int, fresh: bool = True) -> SmallWorld:
    """Whether ``player``'s active race was picked this turn (``give`` leaves it picked in an earlier turn): a
    fresh race cannot go into decline, and Wealthy pays on it."""
    field = f"fresh[{_player(g, 'fresh', player)}]"
    if fresh and not g.state.seats[player].race:
        raise _refuse(field, f"player {player} has no race in play to have picked this turn")
    g.state.seats[player].fresh = fresh
    g.refresh()
    return g


def set_conquests(g: SmallWorld, regions: Sequence[int], nonempty: int = 0) -> SmallWorld:
    """The player to act conquered ``regions`` this turn, ``nonempty`` of them held by someone or a lost tribe
    (Orcs, Pillaging and Skeletons count those). Each region must be held by that player's active race."""
    s = g.state
    p = s.current
    for i in regions:
        _held(g, f"conquered[{i}]", i, f"player {p} conquered it this turn", race=s.seats[p].race or None)
        if s.owner[i] != p:
            raise _refuse(f"conquered[{i}]", f"player {s.owner[i]} holds region {i}, not player {p}")
    if not 0 <= nonempty <= len(regions):
        raise _refuse("conquered_nonempty", f"{nonempty} of {len(regions)} conquests cannot have been non-empty")
    s.conquered = list(regions)
    s.conquered_nonempty = nonempty
    g.refresh()
    return g


def set_badge_stack(g: SmallWorld, stack: Iterable[str]) -> SmallWorld:
    """The face-down stack of special power badges holds exactly ``stack``; every other badge not in the row or
    held by a player lies in the discard (seed 003: used badges are reshuffled when the stack runs out)."""
    s = g.state
    wanted = sorted(set(stack))
    free = set(s.power_pool) | set(s.power_discard)
    for power in wanted:
        if power not in free:
            where = "in the row" if power in s.row_powers else "in play" if power in g.powers else "no badge"
            raise _refuse(f"power_pool[{power}]", f"{power} is {where}")
    s.power_pool = wanted
    s.power_discard = sorted(free - set(wanted))
    g.refresh()
    return g


def end_game(g: SmallWorld) -> SmallWorld:
    """The last round is over: the coins are shown and the result stands (seed 003: the game ends after the
    round on the last space of the turn track)."""
    if g.state.round != g.board.rounds:
        raise _refuse("over", f"the game ends after round {g.board.rounds}, not in round {g.state.round}")
    g.state.over = True
    g.state.stage = "over"
    g.refresh()
    return g
