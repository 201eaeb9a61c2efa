"""Setting up Small World positions for tests and notebooks (the scenario API).

>>> from tablerules.smallworld.scenario import new_game, give, put, begin
>>> g = new_game(3, row=[("Ratmen", "Commando"), ("Skeletons", "Merchant")])
>>> g.state.row_races[:2], g.is_chance()
(['Ratmen', 'Skeletons'], False)
"""

from __future__ import annotations

from collections.abc import Sequence

from .game import SmallWorld
from .rules import turns
from .state import NOBODY, Declined

#: the default row of a scenario (six combos, no chance step pending)
DEFAULT_ROW = (("Ratmen", "Commando"), ("Humans", "Alchemist"), ("Skeletons", "Merchant"), ("Orcs", "Hill"),
               ("Elves", "Forest"), ("Dwarves", "Swamp"))


def new_game(players: int = 3, row: Sequence[tuple[str, str]] = DEFAULT_ROW, seed: int = 0,
             lost_tribes: bool = True) -> SmallWorld:
    """A game at player 0's first pick with the combo row given (filled up from ``DEFAULT_ROW``)."""
    g = SmallWorld({"players": players}, seed=seed)
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
    raise ValueError(f"{race} is already in play")


def _take_badge(g: SmallWorld, power: str) -> None:
    s = g.state
    if power in s.power_pool:
        s.power_pool.remove(power)
    elif power in s.row_powers:
        i = s.row_powers.index(power)
        s.row_powers[i] = s.power_pool.pop(0)
    else:
        raise ValueError(f"{power} is already in play")


def give(g: SmallWorld, player: int, race: str, power: str, hand: int = 0) -> SmallWorld:
    """Make ``race`` + ``power`` the active combo of ``player`` with ``hand`` tokens in hand (from the box)."""
    s = g.state
    _take_banner(g, race)
    _take_badge(g, power)
    seat = s.seats[player]
    seat.race, seat.power, seat.hand = race, power, hand
    seat.encampments = 5 if power == "Bivouacking" else 0
    s.box[race] -= hand
    g.refresh()
    return g


def decline_race(g: SmallWorld, player: int, race: str, power: str = "Commando") -> SmallWorld:
    """Give ``player`` a race in decline (place its tokens with :func:`put` and ``decline=True``)."""
    _take_banner(g, race)
    g.state.seats[player].declined.append(Declined(race, power))
    if power in g.state.power_pool:
        g.state.power_pool.remove(power)
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
