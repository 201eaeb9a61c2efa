"""Which actions are legal now, and why one is not: the rule each refusal names (seed 003 passages in the rule
modules this one asks)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from ...core.protocol import Action, Chance
from .. import actions as A
from ..state import MAX_FORTRESSES, MAX_HEROES, NOBODY, indices
from . import combos, conquest, redeploy, turns

if TYPE_CHECKING:
    from ..game import SmallWorld


#: distinct actions of one type kept (an lru_cache bound: the combinations of a long run keep growing)
INTERNED = 1 << 14


def _interned(kind: type) -> Callable[..., Action]:
    """Actions are immutable: one object per distinct action, made once (a frozen dataclass is slow to build)."""
    return lru_cache(maxsize=INTERNED)(kind)


_PickCombo = _interned(A.PickCombo)
_EndTurn = _interned(A.EndTurn)
_Place = _interned(A.Place)
_MakePeace = _interned(A.MakePeace)
_Abandon = _interned(A.Abandon)
_Ready = _interned(A.Ready)
_PlaceEncampment = _interned(A.PlaceEncampment)
_PlaceFortress = _interned(A.PlaceFortress)
_PlaceHero = _interned(A.PlaceHero)
_Decline = _interned(A.Decline)
_RollBerserk = _interned(A.RollBerserk)
_Conquer = _interned(A.Conquer)
_FinalAttempt = _interned(A.FinalAttempt)
_DragonAttack = _interned(A.DragonAttack)
_Enchant = _interned(A.Enchant)
_EndConquest = _interned(A.EndConquest)


def player_actions(g: SmallWorld) -> list[Action]:
    """The legal player actions now (the game's ``player_actions`` hook)."""
    s = g.state
    stage = s.stage
    p = s.current
    out: list[Action] = []
    if stage == "pick":
        out = [_PickCombo(p, i, race, power) for i, race, power in combos.pick_options(g, p)]
        return out or [_EndTurn(p)]
    if stage in ("conquer", "ghouls"):
        return conquest_actions(g, p)
    if stage == "redeploy":
        return redeploy_actions(g, p)
    if stage in ("ghouls redeploy", "losses"):
        q = s.loser if stage == "losses" else p
        seat = s.seats[q]
        for i in redeploy.redeploy_places(g, q):
            n = seat.pending.get(s.race[i], 0) if stage == "losses" else seat.ghoul_hand
            out.append(_Place(q, i, 1))
            if n > 1:
                out.append(_Place(q, i, n))
        return out
    if stage == "diplomacy":
        return [_MakePeace(p, q) for q in turns.peace_options(g, p)] + [_MakePeace(p, -1)]
    return out

def redeploy_actions(g: SmallWorld, p: int) -> list[Action]:
    s = g.state
    seat = s.seats[p]
    owner, declines = s.owner, s.decline
    regions = [i for i in indices(s.race, seat.race) if owner[i] == p and not declines[i]]  # s.regions_of, inlined
    if s.amazons_owed:
        return [_Abandon(p, i) for i in regions]
    out: list[Action] = []
    hand = seat.hand
    if hand:
        place = _Place
        if hand > 1:
            for i in regions:
                out += (place(p, i, 1), place(p, i, hand))
        else:
            out += [place(p, i, 1) for i in regions]
    power = seat.power
    if power == "Bivouacking" and seat.encampments:
        out += [_PlaceEncampment(p, i) for i in regions]
    elif power == "Fortified" and not s.fortress_placed and sum(s.fortress) < MAX_FORTRESSES:
        out += [_PlaceFortress(p, i) for i in regions if not s.fortress[i]]
    elif power == "Heroic" and sum(s.hero) < MAX_HEROES:
        heroes = [_PlaceHero(p, i) for i in regions if not s.hero[i]]
        if heroes:  # both heroes must be placed (in two regions) before the turn ends
            return out + heroes
    if not hand or not regions:
        out.append(_EndTurn(p))
        if power == "Stout":
            out.append(_EndTurn(p, True))
    return out

def conquest_actions(g: SmallWorld, p: int) -> list[Action]:
    s = g.state
    seat = s.seats[p]
    ghouls = s.stage == "ghouls"
    if ghouls:
        race, hand, power = "Ghouls", seat.ghoul_hand, ""
    else:
        race, hand, power = seat.race, seat.hand, seat.power
    held: list[int] = []
    if race:
        owner, declines = s.owner, s.decline
        held = [i for i in indices(s.race, race) if owner[i] == p and declines[i] == ghouls]
    out: list[Action] = []
    if not ghouls and not s.acted and race and not seat.fresh:
        out.append(_Decline(p))
    berserk_die = s.berserk_die
    if not s.conquered and berserk_die == NOBODY:
        tokens = s.tokens
        for i in held:
            if tokens[i] > 1:
                out.append(_Ready(p))
                break
        if not ghouls:
            out += [_Abandon(p, i) for i in held]
    if hand >= 1:
        if power == "Berserk" and berserk_die == NOBODY:
            if conquest.targets(g, p, "active", held):
                out.append(_RollBerserk(p))
        else:
            _conquests(g, p, ghouls, race, power, held, hand, out)
    if not ghouls:
        if power == "Dragon Master":
            out += [_DragonAttack(p, r) for r in conquest.dragon_targets(g, p)]
        if race == "Sorcerers":
            out += [_Enchant(p, r) for r in conquest.enchant_targets(g, p)]
    out.append(_EndConquest(p))
    return out


def _conquests(g: SmallWorld, p: int, ghouls: bool, race: str, power: str, held: list[int], hand: int,
               out: list[Action]) -> None:
    """The Conquer and FinalAttempt actions, in region order: :func:`conquest.targets` and
    :func:`conquest.costs` in one pass (the same regions and costs, without the intermediate lists)."""
    s = g.state
    board = g.board
    sea = power == "Seafaring"  # else seas and the lake are never targets: the land-only tables leave them out
    if not held:  # first conquest (seed 003, 第一场征服)
        if power == "Flying" or (not ghouls and race == "Halflings"):
            candidates = board.all_ids if sea else board.land_ids
        else:
            candidates = board.entry if sea else board.land_entry
    elif power == "Flying":
        candidates = board.all_ids if sea else board.land_ids
    else:
        adjacency = board.adjacency if sea else board.land_adjacency
        if len(held) == 1:
            found = adjacency[held[0]]
        else:
            found = set()
            for h in held:
                found |= adjacency[h]
        if power == "Underworld" and not board.caverns.isdisjoint(held):
            found = found | (board.caverns - board.water)
        candidates = sorted(found)
    owner, declines, seats = s.owner, s.decline, s.seats
    hole, hero, dragon = s.hole, s.hero, s.dragon
    tokens, tribe, fortress, lair, camp = s.tokens, s.lost_tribe, s.fortress, s.lair, s.encampment
    giants = None
    if ghouls:
        base, clamp = board.static_defence, False
    elif race == "Giants":
        giants = conquest.conquest_cost
    else:
        base, clamp = board.base_costs(race, power)
    die = s.berserk_die if power == "Berserk" else 0
    short = 3 if power != "Berserk" else 0  # Berserk makes no final attempt
    conquer, attempt = _Conquer, _FinalAttempt
    for i in candidates:
        if hole[i] or hero[i] or i == dragon:
            continue
        o = owner[i]
        if o == p:
            if ghouls or not declines[i]:
                continue  # own regions (the active race may attack its own race in decline)
        elif o >= 0 and not declines[i] and seats[o].peace_with == p:
            continue  # a Diplomat's peace
        if giants is not None:
            cost = giants(g, p, i, "active")
        else:
            cost = base[i] + (tokens[i] if o != p else 0) + tribe[i] + fortress[i] + lair[i] + camp[i]
            if clamp and cost < 1:
                cost = 1
        if die:
            cost = cost - die if cost - die > 1 else 1
        if cost <= hand:
            out.append(conquer(p, i, cost))
        elif cost - hand <= short:
            out.append(attempt(p, i, cost))


def illegal_reason(g: SmallWorld, action: Action) -> tuple[str, str]:
    """``(rule, why)`` for an action that is not legal now, naming the rule it breaks."""
    s = g.state
    if isinstance(action, Chance):
        return "chance", "no die is being rolled and no banner drawn now"
    if g.chance_step() is not None:
        return "chance", "a die or a draw must be resolved first"
    if action.actor not in g.current_players():
        return "turn order", f"it is player {g.current_players()[0]}'s {s.stage} now"
    p = action.actor
    seat = s.seats[p]
    if isinstance(action, A.PickCombo):
        if s.stage != "pick":
            return "picking a combo", "only a player without an active race picks, at the start of the turn"
        if action.index > seat.coins:
            return "picking a combo", (f"position {action.index + 1} costs {action.index} coins, "
                                       f"you have {seat.coins}")
        return "picking a combo", "that combo is not at that position of the row"
    if isinstance(action, A.Decline):
        if seat.fresh:
            return "going into decline", "a race picked this turn cannot go into decline this turn"
        return "going into decline", "decline is a whole turn: only before any conquest or abandon"
    if isinstance(action, A.Conquer | A.FinalAttempt):
        if s.stage not in ("conquer", "ghouls"):
            return "conquest", "conquests only happen in the conquest phase"
        region = action.region
        if region not in conquest.targets(g, p, g.force()):
            if g.board.regions[region].water:
                return "seas and lakes", "seas and the lake cannot be conquered (only Seafaring)"
            if conquest.immune(g, p, region):
                return "immune regions", "a hole, a hero, the dragon or a Diplomat's peace protects it"
            return "first conquest / adjacency", "the region is not reachable (border first, then adjacent)"
        cost = conquest.conquest_cost(g, p, region, g.force())
        if isinstance(action, A.FinalAttempt):
            return "final attempt", f"a final attempt needs 1-3 tokens short with tokens in hand (cost {cost})"
        return "conquest cost", f"region {region} costs {cost} tokens, not {action.cost} (hand {seat.hand})"
    if isinstance(action, A.RollBerserk):
        return "Berserk", "only Berserk rolls before a conquest, once per conquest"
    if isinstance(action, A.DragonAttack):
        return "Dragon Master", "once per turn, with a token in hand, on a reachable region"
    if isinstance(action, A.Enchant):
        return "Sorcerers", "a lone active enemy token next to you, once per opponent per turn"
    if isinstance(action, A.Ready):
        return "ready troops", "troops are readied at the start of the turn (before conquering), from regions of 2+"
    if isinstance(action, A.Abandon):
        return "abandoning regions", "only your active race's regions, before your first conquest"
    if isinstance(action, A.Place | A.PlaceEncampment | A.PlaceFortress | A.PlaceHero):
        return "redeployment", "only on your own regions, with tokens or markers left to place"
    if isinstance(action, A.EndTurn):
        return "redeployment", "place every token in hand (and Heroic: both heroes) before ending the turn"
    if isinstance(action, A.EndConquest):
        return "conquest", "not in the conquest phase"
    if isinstance(action, A.MakePeace):
        return "Diplomat", "peace only with an opponent you did not attack this turn, at the turn end"
    return "actions", f"{action.describe()} is not possible now"
