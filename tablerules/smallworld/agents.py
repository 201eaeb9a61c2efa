"""A greedy Small World agent: picks the combo with the most tokens for its price, conquers the best value per
token first, tries a final attempt when it is likely, declines when the race has run out of steam, and guards
the borders at redeployment."""

from __future__ import annotations

from fractions import Fraction

from ..core.agents import Agent
from ..core.protocol import Action, Game
from ..odds import conquest as conquest_odds
from . import actions as A
from .rules.conquest import costs, targets
from .rules.scoring import score_breakdown


def region_value(game: Game, player: int, region: int) -> float:
    """Coins a region brings at the end of this turn for the active combo (1 + its bonuses)."""
    s = game.state
    r = game.board.regions[region]
    seat = s.seats[player]
    value = 1.0
    bonus = {"Humans": r.terrain == "farmland", "Wizards": r.has("magic"), "Dwarves": r.has("mine")}
    value += bonus.get(seat.race, False)
    value += {"Forest": r.terrain == "forest", "Hill": r.terrain == "hill", "Swamp": r.terrain == "swamp",
              "Merchant": True}.get(seat.power, False)
    nonempty = s.lost_tribe[region] or s.owner[region] >= 0
    if nonempty and (seat.race == "Orcs" or seat.power == "Pillaging"):
        value += 1
    if s.owner[region] >= 0 and s.owner[region] != player:
        value += 0.5  # hurting an opponent is worth something
    return value


class GreedyAgent(Agent):
    """The heuristic agent of ``tablerules simulate smallworld --agents heuristic``. Ties between regions go
    to the lower region number (regions are not seats); ties between seats are broken at random by the
    agent's own seeded stream (:meth:`~tablerules.core.agents.Agent.tie_break`)."""

    name = "greedy"

    def choose(self, game: Game, player: int) -> Action:
        actions = game.legal_actions(player)
        s = game.state
        seat = s.seats[player]
        by_type: dict[type, list[Action]] = {}
        for a in actions:
            by_type.setdefault(type(a), []).append(a)
        if A.PickCombo in by_type:
            return self.best(game, player, by_type[A.PickCombo], lambda a: game.races[a.race].tokens
                             + game.powers[a.power].tokens + s.row_coins[a.index] - 1.5 * a.index)
        if A.Decline in by_type and self.should_decline(game, player, by_type):
            return by_type[A.Decline][0]
        if A.Ready in by_type:  # take the troops back for conquest (redeployment puts them back anyway)
            return by_type[A.Ready][0]
        for kind in (A.Enchant, A.RollBerserk):
            if kind in by_type:
                return by_type[kind][0]
        if A.DragonAttack in by_type:
            conquers = {a.region: a.cost for a in by_type.get(A.Conquer, [])}
            best = max(by_type[A.DragonAttack], key=lambda a: conquers.get(a.region, 9))
            if conquers.get(best.region, 9) >= 3:
                return best
        if A.Conquer in by_type:
            return max(by_type[A.Conquer], key=lambda a: (region_value(game, player, a.region) / a.cost, -a.region))
        if A.FinalAttempt in by_type:
            best = max(by_type[A.FinalAttempt], key=lambda a: conquest_odds(seat.hand or seat.ghoul_hand, a.cost))
            if conquest_odds(seat.hand or seat.ghoul_hand, best.cost) >= Fraction(1, 3):
                return best
        if A.EndConquest in by_type:
            return by_type[A.EndConquest][0]
        for kind in (A.PlaceFortress, A.PlaceHero, A.PlaceEncampment):
            if kind in by_type:
                return max(by_type[kind], key=lambda a: self.exposure(game, player, a.region))
        if A.Abandon in by_type:  # Amazons short of tokens for the box
            return min(by_type[A.Abandon], key=lambda a: s.tokens[a.region])
        if A.Place in by_type:
            ones = [a for a in by_type[A.Place] if a.count == 1]
            return max(ones, key=lambda a: self.exposure(game, player, a.region) - s.tokens[a.region])
        if A.MakePeace in by_type:
            # peace with the seat with most tokens on the map (of seats as strong, any: not the lowest number)
            return self.best(game, player, by_type[A.MakePeace],
                             lambda a: -1 if a.other < 0 else s.tokens_on_map(a.other))
        if A.EndTurn in by_type:
            return by_type[A.EndTurn][0]
        return actions[0]

    @staticmethod
    def exposure(game: Game, player: int, region: int) -> int:
        """How many neighbouring regions are not the player's (the enemy can come from there)."""
        s = game.state
        r = game.board.regions[region]
        return sum(s.owner[n] != player for n in r.adjacent) + r.border

    @staticmethod
    def should_decline(game: Game, player: int, by_type: dict[type, list[Action]]) -> bool:
        s = game.state
        seat = s.seats[player]
        if s.round >= game.board.rounds:
            return False
        ready = sum(s.tokens[i] - 1 for i in s.regions_of(player, seat.race, False)) if A.Ready in by_type else 0
        hand = seat.hand + ready
        regions = targets(game, player)
        cheap = [c for c in costs(game, player, regions) if c <= min(3, hand)]
        income = sum(v for _, v in score_breakdown(game, player))
        return hand < 4 and len(cheap) < 2 and income <= 4

