"""Small World (小小世界, seed 003) on the game protocol: the class wires the state, the actions and the rules."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core.protocol import Action, Chance, ChanceStep, Game, GameInfo, Information, Result
from ..core.registry import register
from ..odds import REINFORCEMENT_DIE
from . import actions as A
from .maps import load_board, load_powers, load_races
from .rules import combos, conquest, redeploy, turns
from .rules.conquest import GHOULS
from .state import LOST_TRIBES, MAX_FORTRESSES, MAX_HEROES, NOBODY, Seat, SmallWorldState

DIE = "reinforcement die"


@dataclass(frozen=True)
class SmallWorldParams:
    players: int = 3

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 5:
            raise ValueError("Small World is for 2 to 5 players")


_DIE_OUTCOMES = ChanceStep.uniform(DIE, "", REINFORCEMENT_DIE).outcomes


def die_step(description: str) -> ChanceStep:
    return ChanceStep(DIE, description, _DIE_OUTCOMES)


@register
class SmallWorld(Game):
    name = "smallworld"
    title = "Small World"
    action_types = A.ACTION_TYPES
    Params = SmallWorldParams
    max_length = 20_000
    #: coins are kept face down (seed 003: 代币数量在游戏过程中不需要公开，直到最后计算得分时才公布)
    info = GameInfo(min_players=2, max_players=5, max_length=20_000, information=Information.IMPERFECT)
    shared_attributes = ("board", "races", "powers")

    state: SmallWorldState

    def setup(self) -> None:
        self.board = load_board(self.params.players)
        self.races = load_races()
        self.powers = load_powers()
        n = len(self.board)
        regions = self.board.regions
        self.state = SmallWorldState(
            seats=[Seat() for _ in range(self.params.players)],
            race_pool=sorted(self.races), power_pool=sorted(self.powers),
            box={name: r.box for name, r in self.races.items()},
            lost_tribes_box=LOST_TRIBES - sum(r.lost_tribe for r in regions),
            owner=[NOBODY] * n, race=[""] * n, tokens=[0] * n, decline=[False] * n,
            lost_tribe=[r.lost_tribe for r in regions], lair=[False] * n, fortress=[False] * n,
            encampment=[0] * n, hole=[False] * n, hero=[False] * n)

    # ----- who acts -------------------------------------------------------------------------
    def force(self) -> str:
        return GHOULS if self.state.stage in ("ghouls", "ghouls redeploy") else "active"

    def current_players(self) -> tuple[int, ...]:
        s = self.state
        if s.over:
            return ()
        return (s.loser,) if s.stage == "losses" else (s.current,)

    def pending_chance(self) -> ChanceStep | None:
        s = self.state
        if s.over:
            return None
        step = combos.draw_step(self)
        if step is not None:
            return step
        if s.attempt != NOBODY:
            return die_step(f"player {s.current}'s final attempt on region {s.attempt}")
        if s.berserk_die == turns.BERSERK_ROLLING:
            return die_step(f"player {s.current} rolls for Berserk")
        return None

    def stage(self) -> str:
        return "chance" if self.chance_step() is not None else self.state.stage

    def player_actions(self) -> list[Action]:
        s = self.state
        stage = s.stage
        p = s.current
        out: list[Action] = []
        if stage == "pick":
            out = [A.PickCombo(p, i, race, power) for i, race, power in combos.pick_options(self, p)]
            return out or [A.EndTurn(p)]
        if stage in ("conquer", "ghouls"):
            return self._conquest_actions(p)
        if stage == "redeploy":
            return self._redeploy_actions(p)
        if stage in ("ghouls redeploy", "losses"):
            q = s.loser if stage == "losses" else p
            seat = s.seats[q]
            for i in redeploy.redeploy_places(self, q):
                n = seat.pending.get(s.race[i], 0) if stage == "losses" else seat.ghoul_hand
                out.append(A.Place(q, i, 1))
                if n > 1:
                    out.append(A.Place(q, i, n))
            return out
        if stage == "diplomacy":
            return [A.MakePeace(p, q) for q in turns.peace_options(self, p)] + [A.MakePeace(p, -1)]
        return out

    def _redeploy_actions(self, p: int) -> list[Action]:
        s = self.state
        seat = s.seats[p]
        regions = s.regions_of(p, seat.race, False)
        if s.amazons_owed:
            return [A.Abandon(p, i) for i in regions]
        out: list[Action] = []
        hand = seat.hand
        if hand:
            for i in regions:
                out.append(A.Place(p, i, 1))
                if hand > 1:
                    out.append(A.Place(p, i, hand))
        power = seat.power
        if power == "Bivouacking" and seat.encampments:
            out += [A.PlaceEncampment(p, i) for i in regions]
        elif power == "Fortified" and not s.fortress_placed and sum(s.fortress) < MAX_FORTRESSES:
            out += [A.PlaceFortress(p, i) for i in regions if not s.fortress[i]]
        elif power == "Heroic" and sum(s.hero) < MAX_HEROES:
            out += [A.PlaceHero(p, i) for i in regions if not s.hero[i]]
        if not hand or not regions:
            out.append(A.EndTurn(p))
            if power == "Stout":
                out.append(A.EndTurn(p, True))
        return out

    def _conquest_actions(self, p: int) -> list[Action]:
        s = self.state
        force = self.force()
        seat = s.seats[p]
        ghouls = force == GHOULS
        out: list[Action] = []
        if not ghouls and not s.acted and seat.race and not seat.fresh:
            out.append(A.Decline(p))
        if not ghouls and not s.conquered and s.berserk_die == NOBODY:
            out += [A.Abandon(p, i) for i in s.regions_of(p, seat.race, False)]
        hand = seat.ghoul_hand if ghouls else seat.hand
        berserk = not ghouls and seat.power == "Berserk"
        if hand >= 1:
            regions = conquest.targets(self, p, force)
            if berserk and s.berserk_die == NOBODY:
                if regions:
                    out.append(A.RollBerserk(p))
            elif regions:
                die = s.berserk_die if berserk else 0
                for r, cost in zip(regions, conquest.costs(self, p, regions, force), strict=True):
                    if die:
                        cost = max(1, cost - die)
                    if cost <= hand:
                        out.append(A.Conquer(p, r, cost))
                    elif not berserk and cost - hand <= 3:
                        out.append(A.FinalAttempt(p, r, cost))
        if not ghouls:
            if seat.power == "Dragon Master":
                out += [A.DragonAttack(p, r) for r in conquest.dragon_targets(self, p)]
            if seat.race == "Sorcerers":
                out += [A.Enchant(p, r) for r in conquest.enchant_targets(self, p)]
        out.append(A.EndConquest(p))
        return out

    def illegal_reason(self, action: Action) -> tuple[str, str]:
        s = self.state
        if isinstance(action, Chance):
            return "chance", "no die is being rolled and no banner drawn now"
        if self.chance_step() is not None:
            return "chance", "a die or a draw must be resolved first"
        if action.actor not in self.current_players():
            return "turn order", f"it is player {self.current_players()[0]}'s {s.stage} now"
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
            if region not in conquest.targets(self, p, self.force()):
                if self.board.regions[region].water:
                    return "seas and lakes", "seas and the lake cannot be conquered (only Seafaring)"
                if conquest.immune(self, p, region):
                    return "immune regions", "a hole, a hero, the dragon or a Diplomat's peace protects it"
                return "first conquest / adjacency", "the region is not reachable (border first, then adjacent)"
            cost = conquest.conquest_cost(self, p, region, self.force())
            if isinstance(action, A.FinalAttempt):
                return "final attempt", f"a final attempt needs 1-3 tokens short with tokens in hand (cost {cost})"
            return "conquest cost", f"region {region} costs {cost} tokens, not {action.cost} (hand {seat.hand})"
        if isinstance(action, A.RollBerserk):
            return "Berserk", "only Berserk rolls before a conquest, once per conquest"
        if isinstance(action, A.DragonAttack):
            return "Dragon Master", "once per turn, with a token in hand, on a reachable region"
        if isinstance(action, A.Enchant):
            return "Sorcerers", "a lone active enemy token next to you, once per opponent per turn"
        if isinstance(action, A.Abandon):
            return "abandoning regions", "only your active race's regions, before your first conquest"
        if isinstance(action, A.Place | A.PlaceEncampment | A.PlaceFortress | A.PlaceHero):
            return "redeployment", "only on your own regions, with tokens or markers left to place"
        if isinstance(action, A.EndTurn):
            return "redeployment", "place every token in hand before ending the turn"
        if isinstance(action, A.EndConquest):
            return "conquest", "not in the conquest phase"
        if isinstance(action, A.MakePeace):
            return "Diplomat", "peace only with an opponent you did not attack this turn, at the turn end"
        return "actions", f"{action.describe()} is not possible now"

    def perform(self, action: Action) -> None:
        s = self.state
        if isinstance(action, Chance):
            if action.event == DIE:
                face = int(action.outcome)
                if s.attempt != NOBODY:
                    conquest.resolve_attempt(self, s.current, face, self.force())
                    turns.end_conquest(self)
                else:
                    s.berserk_die = face
                    self.event(f"Berserk: the reinforcement die shows {face}")
            else:
                combos.apply_draw(self, action)
            return
        p = action.actor
        if isinstance(action, A.PickCombo):
            combos.pick(self, p, action.index)
            s.stage = "conquer"
        elif isinstance(action, A.Conquer):
            conquest.conquer(self, p, action.region, self.force())
        elif isinstance(action, A.FinalAttempt):
            s.attempt = action.region
            self.event(f"player {p} tries a final conquest of region {action.region} (needs {action.cost})")
        elif isinstance(action, A.RollBerserk):
            s.berserk_die = turns.BERSERK_ROLLING
        elif isinstance(action, A.DragonAttack):
            conquest.dragon_attack(self, p, action.region)
        elif isinstance(action, A.Enchant):
            conquest.enchant(self, p, action.region)
        elif isinstance(action, A.Abandon):
            if s.stage == "redeploy":
                redeploy.pay_amazons(self, p, action.region)
            else:
                conquest.abandon(self, p, action.region)
        elif isinstance(action, A.Decline):
            turns.decline_turn(self)
        elif isinstance(action, A.EndConquest):
            turns.end_conquest(self)
        elif isinstance(action, A.Place):
            redeploy.place(self, p, action.region, action.count)
            if s.stage == "ghouls redeploy" and not s.seats[p].ghoul_hand:
                turns.begin_active(self)
            elif s.stage == "losses" and not any(s.seats[p].pending.values()):
                s.seats[p].pending.clear()
                turns.next_loser(self)
        elif isinstance(action, A.PlaceEncampment):
            s.seats[p].encampments -= 1
            s.encampment[action.region] += 1
        elif isinstance(action, A.PlaceFortress):
            s.fortress[action.region] = True
            s.fortress_placed = True
            self.event(f"player {p} builds a fortress in region {action.region}")
        elif isinstance(action, A.PlaceHero):
            s.hero[action.region] = True
        elif isinstance(action, A.EndTurn):
            if s.stage == "pick":
                self.event(f"player {p} finds no combo to pick and passes")
                turns.finish_turn(self)
            else:
                turns.end_turn(self, action.decline)
        elif isinstance(action, A.MakePeace):
            turns.make_peace(self, p, action.other)

    # ----- the end ------------------------------------------------------------------------------
    def result(self) -> Result | None:
        return turns.result(self)

    def is_over(self) -> bool:
        return self.state.over

    def turn_number(self) -> int:
        return self.state.turns

    def invariants(self) -> list[str]:
        from .rules.checks import invariants

        return invariants(self)

    def describe_state(self) -> str:
        from .view import describe

        return describe(self)

    def observe(self, player: int | None) -> dict:
        """A seat sees everything but the other seats' coin totals (face down until the end)."""
        data = self.state_dict()
        if player is not None and not self.state.over:
            for q, seat in enumerate(data["seats"]):
                if q != player:
                    seat["coins"] = None
        return data

    def describe_view(self, player: int | None) -> str:
        from .view import describe

        return describe(self, None if self.state.over else player)

    @classmethod
    def heuristic_agent(cls):
        from .agents import GreedyAgent

        return GreedyAgent()


def fraction_die() -> dict[int, Fraction]:
    """The reinforcement die as exact probabilities."""
    return {face: p for face, p in ((int(a.outcome), p) for a, p in die_step("").outcomes)}
