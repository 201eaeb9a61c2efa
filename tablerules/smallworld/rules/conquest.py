"""Conquest: targets, costs, enemy losses, the final attempt, abandoning, and the powers that change them.

Seed 003, 征服一个区域: "要征服一个区域，玩家至少要在这个区域放置两个种族标志。该区域每有一个定居点、要塞、山峰
或巨魔巢穴，就需要多放一个种族标志；该区域每有一个其他玩家的种族标志或失落的部族标志，需要再多放一个种族标志。海洋与
湖泊无法被征服。... 重要提示：不管有什么样的种族/能力的加成，征服一个区域时至少需要一枚种族标志。"
第一场征服: "首次在地图上放置种族标志时，必须放置在边境区域上（也就是说靠近地图边界的区域或是靠海的区域）".
后续的征服行动: "新征服的区域必须与已经被他的种族标志占据的区域相邻，除非他的种族/特殊能力有其他规定".
敌人的损失与撤退: "征服成功后对方需要立即把所有标志都收回手中，然后：·将其中一个种族标志放回盒子里；·将其他种族标志
保留在手中，然后在当前玩家的回合结束后将标志放在场上已经占据了的区域".
最后一次征服的尝试: "他可以选择一个需要的标志数量比自己的标志多不超过 3 个的区域，然后投一次援军骰 ... 无论尝试是否
成功，当前玩家的征服阶段马上结束".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.words import counted
from ..state import NOBODY
from .decline import check_extinct

if TYPE_CHECKING:
    from ..game import SmallWorld

GHOULS = "ghouls"  #: the force conquering: the active race, or Ghouls in decline


def active_power(g: SmallWorld, player: int) -> str:
    return g.state.seats[player].power


def sea_holder(g: SmallWorld, player: int, force: str) -> bool:
    """Whether this force may hold seas and the lake (Seafaring, not for Ghouls in decline)."""
    return force != GHOULS and g.state.seats[player].power == "Seafaring"


def defence(g: SmallWorld, region: int) -> int:
    """Tokens and markers defending ``region`` (the cost is 2 + this)."""
    s = g.state
    r = g.board.regions[region]
    return (s.tokens[region] + s.lost_tribe[region] + r.mountain_marker + s.fortress[region] + s.lair[region]
            + s.encampment[region])


def defenders(g: SmallWorld, player: int, region: int) -> int:
    """The tokens that raise the cost of ``region`` for ``player``: another player's race tokens only (seed 003,
    征服一个区域: "该区域每有一个其他玩家的种族标志或失落的部族标志，需要再多放一个种族标志"). The player's own race
    in decline there costs nothing extra (docs/rules/smallworld.md, "Own decline regions")."""
    s = g.state
    return s.tokens[region] if s.owner[region] != player else 0


def cost_breakdown(g: SmallWorld, player: int, region: int, force: str = "active") -> list[tuple[str, int]]:
    """Why this number: the terms of the conquest cost (seed 003, 征服一个区域), discounts last."""
    s = g.state
    r = g.board.regions[region]
    terms = [("base", 2)]
    for name, n in (("defending tokens", defenders(g, player, region)), ("lost tribe", int(s.lost_tribe[region])),
                    ("mountain", int(r.mountain_marker)), ("fortress", int(s.fortress[region])),
                    ("troll lair", int(s.lair[region])), ("encampments", s.encampment[region])):
        if n:
            terms.append((name, n))
    if force == GHOULS:
        return terms
    seat = s.seats[player]
    race, power = seat.race, seat.power
    if power == "Commando":
        terms.append(("Commando", -1))
    if power == "Mounted" and r.terrain in ("hill", "farmland"):
        terms.append(("Mounted", -1))
    if power == "Underworld" and r.has("cavern"):
        terms.append(("Underworld", -1))
    if race == "Tritons" and region in g.board.coastal:
        terms.append(("Tritons", -1))
    if race == "Giants":
        regions = g.board.regions
        if any(s.owner[n] == player and s.race[n] == "Giants" and not s.decline[n] and regions[n].terrain == "mountain"
               for n in r.adjacent):
            terms.append(("Giants", -1))
    return terms


def conquest_cost(g: SmallWorld, player: int, region: int, force: str = "active") -> int:
    """The tokens needed to conquer ``region``: every discount keeps a minimum of 1 (the sum of
    :func:`cost_breakdown`, computed without building it)."""
    s = g.state
    r = g.board.regions[region]
    cost = (2 + defenders(g, player, region) + s.lost_tribe[region] + r.mountain_marker + s.fortress[region]
            + s.lair[region] + s.encampment[region])
    if force == GHOULS:
        return cost
    seat = s.seats[player]
    power = seat.power
    if power == "Commando" or (power == "Mounted" and r.terrain in ("hill", "farmland")) or (
            power == "Underworld" and region in g.board.caverns):
        cost -= 1
    race = seat.race
    if race == "Tritons" and region in g.board.coastal:
        cost -= 1
    elif race == "Giants":
        regions = g.board.regions
        if any(s.owner[n] == player and s.race[n] == "Giants" and not s.decline[n] and regions[n].terrain == "mountain"
               for n in r.adjacent):
            cost -= 1
    return cost if cost > 1 else 1


def costs(g: SmallWorld, player: int, regions: list[int], force: str = "active") -> list[int]:
    """:func:`conquest_cost` of many regions at once (the legal-action generator's fast path)."""
    s = g.state
    board = g.board
    static = board.static_defence
    tokens, owner, tribe, fortress, lair, camp = s.tokens, s.owner, s.lost_tribe, s.fortress, s.lair, s.encampment
    if force != GHOULS:
        seat = s.seats[player]
        if seat.race == "Giants":
            return [conquest_cost(g, player, i, force) for i in regions]
        discount = board.discounts(seat.race, seat.power)
        if discount is not None:
            out = [static[i] + (tokens[i] if owner[i] != player else 0) + tribe[i] + fortress[i] + lair[i] + camp[i]
                   - discount[i] for i in regions]
            return [c if c > 1 else 1 for c in out]
    return [static[i] + (tokens[i] if owner[i] != player else 0) + tribe[i] + fortress[i] + lair[i] + camp[i]
            for i in regions]


def immune(g: SmallWorld, attacker: int, region: int, force: str = "active") -> bool:
    """Holes-in-the-Ground, heroes and the dragon make a region immune; a Diplomat's peace protects his active
    race from the player he chose."""
    s = g.state
    if s.hole[region] or s.hero[region] or s.dragon == region:
        return True
    owner = s.owner[region]
    return owner >= 0 and owner != attacker and not s.decline[region] and s.seats[owner].peace_with == attacker


def force_regions(g: SmallWorld, player: int, force: str) -> list[int]:
    s = g.state
    if force == GHOULS:
        return s.regions_of(player, "Ghouls", True)
    return s.regions_of(player, s.seats[player].race, False) if s.seats[player].race else []


def neighbours(g: SmallWorld, player: int, region: int, force: str) -> tuple[int, ...] | frozenset[int]:
    adjacent = g.board.regions[region].adjacent
    if force != GHOULS and g.state.seats[player].power == "Underworld" and region in g.board.caverns:
        return frozenset(adjacent) | g.board.caverns
    return adjacent


def targets(g: SmallWorld, player: int, force: str = "active", held: list[int] | None = None) -> list[int]:
    """The regions this force may attack now (reachability, water, immunity, own regions), in id order.
    ``held``: the force's regions, when the caller has them already."""
    s = g.state
    board = g.board
    owner, races, declines = s.owner, s.race, s.decline
    seat = s.seats[player]
    ghouls = force == GHOULS
    own_race = "Ghouls" if ghouls else seat.race
    if held is None:
        held = [i for i, o in enumerate(owner) if o == player and races[i] == own_race and declines[i] == ghouls]
    power = "" if ghouls else seat.power
    if not held:  # first conquest (seed 003, 第一场征服)
        candidates = board.all_ids if (power == "Flying" or (not ghouls and seat.race == "Halflings")) else board.entry
    elif power == "Flying":
        candidates = board.all_ids
    else:
        found: set[int] = set()
        adjacency = board.adjacency
        for h in held:
            found |= adjacency[h]
        if power == "Underworld" and not board.caverns.isdisjoint(held):
            found |= board.caverns
        candidates = sorted(found)
    water = board.water if power != "Seafaring" else frozenset()
    hole, hero, dragon, seats = s.hole, s.hero, s.dragon, s.seats
    out = []
    for i in candidates:
        if i in water or hole[i] or hero[i] or i == dragon:
            continue
        o = owner[i]
        if o == player:
            if ghouls or not declines[i]:
                continue  # own regions (the active race may attack its own race in decline)
        elif o >= 0 and not declines[i] and seats[o].peace_with == player:
            continue  # a Diplomat's peace
        out.append(i)
    return out


def take_region(g: SmallWorld, player: int, region: int, tokens: int, force: str = "active") -> None:
    """Put ``tokens`` of the force into ``region`` after removing its defenders (enemy losses)."""
    s = g.state
    nonempty = s.lost_tribe[region] or s.owner[region] != NOBODY
    if s.lost_tribe[region]:
        s.lost_tribe[region] = False
        s.lost_tribes_box += 1
        g.event(f"the lost tribe of region {region} is wiped out")
    defender = s.owner[region]
    if defender != NOBODY:
        race, n, declined = s.race[region], s.tokens[region], s.decline[region]
        if defender == player:
            s.box[race] += n
            g.event(f"player {player} overruns their own {race} in decline in region {region}")
        else:
            lost = 0 if (race == "Elves" and not declined) else 1
            s.box[race] += lost
            if n - lost:
                pending = s.seats[defender].pending
                pending[race] = pending.get(race, 0) + n - lost
            g.event(f"player {defender} loses region {region}: {counted(lost, race + ' token')} to the box, "
                    f"{n - lost} to redeploy")
            if defender not in s.attacked:
                s.attacked.append(defender)
        if s.encampment[region]:
            s.seats[defender].encampments += s.encampment[region]
        clear_region(g, region)
        check_extinct(g, defender, race)
    s.owner[region] = player
    seat = s.seats[player]
    if force == GHOULS:
        s.race[region] = "Ghouls"
        s.decline[region] = True
        seat.ghoul_hand -= tokens
    else:
        s.race[region] = seat.race
        s.decline[region] = False
        seat.hand -= tokens
        if seat.race == "Trolls":
            s.lair[region] = True
        if seat.race == "Halflings" and seat.holes_placed < 2:
            s.hole[region] = True
            seat.holes_placed += 1
        s.conquered.append(region)
        s.conquered_nonempty += nonempty
    s.tokens[region] = tokens
    s.acted = True


def clear_region(g: SmallWorld, region: int) -> None:
    """Empty a region of its holder and the holder's markers (lair, fortress, hole, hero, dragon, encampments)."""
    s = g.state
    s.owner[region] = NOBODY
    s.race[region] = ""
    s.tokens[region] = 0
    s.decline[region] = False
    s.lair[region] = s.fortress[region] = s.hole[region] = s.hero[region] = False
    s.encampment[region] = 0
    if s.dragon == region:
        s.dragon = NOBODY


def conquer(g: SmallWorld, player: int, region: int, force: str = "active", cost: int | None = None) -> None:
    """Take ``region`` paying its cost (``cost``: as the legal Conquer action listed it, Berserk's die already off)."""
    s = g.state
    if cost is None:
        cost = conquest_cost(g, player, region, force)
        if force != GHOULS and s.berserk_die != NOBODY:
            cost = max(1, cost - s.berserk_die)
    if force != GHOULS and s.berserk_die != NOBODY:
        s.berserk_die = NOBODY
    terrain = g.board.regions[region].terrain
    g.event(f"player {player} conquers region {region} ({terrain}) with {counted(cost, 'token')}")
    take_region(g, player, region, cost, force)


def abandon(g: SmallWorld, player: int, region: int) -> None:
    """Seed 003, 放弃区域: the tokens go back to the hand; the region scores nothing."""
    s = g.state
    seat = s.seats[player]
    seat.hand += s.tokens[region]
    seat.encampments += s.encampment[region]
    clear_region(g, region)
    s.acted = True
    g.event(f"player {player} abandons region {region}")


def final_attempt_targets(g: SmallWorld, player: int, force: str = "active") -> list[tuple[int, int]]:
    """(region, cost) that are short by 1-3 tokens with at least 1 token in hand."""
    seat = g.state.seats[player]
    hand = seat.ghoul_hand if force == GHOULS else seat.hand
    if hand < 1:
        return []
    out = []
    for r in targets(g, player, force):
        cost = conquest_cost(g, player, r, force)
        if 1 <= cost - hand <= 3:
            out.append((r, cost))
    return out


def resolve_attempt(g: SmallWorld, player: int, face: int, force: str = "active") -> bool:
    """The reinforcement die of a final attempt: success if tokens in hand + die >= cost; all go in."""
    s = g.state
    region = s.attempt
    s.attempt = NOBODY
    seat = s.seats[player]
    hand = seat.ghoul_hand if force == GHOULS else seat.hand
    cost = conquest_cost(g, player, region, force)
    if hand + face >= cost:
        g.event(f"the reinforcement die shows {face}: {hand} + {face} >= {cost}, player {player} takes region {region}")
        take_region(g, player, region, hand, force)
        return True
    g.event(f"the reinforcement die shows {face}: {hand} + {face} < {cost}, the final attempt on region {region} fails")
    return False


def dragon_targets(g: SmallWorld, player: int) -> list[int]:
    s = g.state
    seat = s.seats[player]
    if seat.power != "Dragon Master" or s.dragon_used or seat.hand < 1 or s.berserk_die != NOBODY:
        return []
    return targets(g, player)


def dragon_attack(g: SmallWorld, player: int, region: int) -> None:
    """Dragon Master: conquer with 1 token whatever the defence; the dragon makes the region immune."""
    s = g.state
    g.event(f"player {player}'s dragon attacks region {region}")
    take_region(g, player, region, 1)
    s.dragon = region
    s.dragon_used = True


def enchant_targets(g: SmallWorld, player: int) -> list[int]:
    """Sorcerers: a lone active enemy token next to a Sorcerer region, once per opponent per turn."""
    s = g.state
    seat = s.seats[player]
    if seat.race != "Sorcerers" or s.box.get("Sorcerers", 0) < 1:
        return []
    held = s.regions_of(player, "Sorcerers", False)
    near: set[int] = set()
    for h in held:
        near.update(g.board.regions[h].adjacent)
    out = []
    for i in sorted(near):
        o = s.owner[i]
        if (o not in (NOBODY, player) and not s.decline[i] and s.tokens[i] == 1 and o not in s.sorcery_on
                and not immune(g, player, i) and (not g.board.regions[i].water or seat.power == "Seafaring")):
            out.append(i)
    return out


def enchant(g: SmallWorld, player: int, region: int) -> None:
    s = g.state
    victim, race = s.owner[region], s.race[region]
    s.box[race] += 1
    s.seats[victim].encampments += s.encampment[region]
    clear_region(g, region)
    s.sorcery_on.append(victim)
    if victim not in s.attacked:
        s.attacked.append(victim)
    s.box["Sorcerers"] -= 1
    s.owner[region], s.race[region], s.tokens[region] = player, "Sorcerers", 1
    s.conquered.append(region)
    s.conquered_nonempty += 1
    s.acted = True
    g.event(f"player {player}'s sorcerers replace player {victim}'s lone {race} token in region {region}")
    check_extinct(g, victim, race)
