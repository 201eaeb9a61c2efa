"""Small World (小小世界, seed 003) on the game protocol: the class wires the state, the actions and the rules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.protocol import Action, Chance, ChanceStep, Game, GameInfo, Information, Result
from ..core.registry import register
from ..odds import REINFORCEMENT_DIE
from . import actions as A
from .maps import load_board, load_powers, load_races
from .rules import combos, conquest, legal, redeploy, turns
from .rules.conquest import GHOULS
from .rules.turns import BERSERK_ROLLING
from .state import LOST_TRIBES, NOBODY, ROW, Seat, SmallWorldState, clone_state

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
        races = s.row_races
        if len(races) < ROW or len(s.row_powers) < len(races):  # the row is being refilled
            step = combos.draw_step(self)
            if step is not None:
                return step
        if s.attempt != NOBODY:
            return die_step(f"player {s.current}'s final attempt on region {s.attempt}")
        if s.berserk_die == BERSERK_ROLLING:
            return die_step(f"player {s.current} rolls for Berserk")
        return None

    def stage(self) -> str:
        return "chance" if self.chance_step() is not None else self.state.stage

    def player_actions(self) -> list[Action]:
        return legal.player_actions(self)

    def illegal_reason(self, action: Action) -> tuple[str, str]:
        return legal.illegal_reason(self, action)

    def perform(self, action: Action) -> None:
        if type(action) is Chance:
            s = self.state
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
        _PERFORM[type(action)](self, action.actor, action)

    def copy(self) -> SmallWorld:
        """:meth:`Game.copy`, with the state copied by :func:`~tablerules.smallworld.state.clone_state`."""
        state, self.state = self.state, None
        try:
            new = super().copy()
        finally:
            self.state = state
        new.state = clone_state(state)
        return new

    # ----- the end    # ----- the end ------------------------------------------------------------------------------
    def result(self) -> Result | None:
        return turns.result(self)

    def is_over(self) -> bool:
        return self.state.over

    def turn_number(self) -> int:
        return self.state.turns

    def chance_faces(self) -> dict[str, Any]:
        return {DIE: REINFORCEMENT_DIE}

    def invariants(self) -> list[str]:
        from .rules.checks import invariants

        return self.impossible_outcomes() + invariants(self)

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


# ----- performing the player actions: one function per action type (a dict lookup, not a chain of isinstance) ----
def _pick(g: SmallWorld, p: int, a: A.PickCombo) -> None:
    combos.pick(g, p, a.index)
    g.state.stage = "conquer"


def _attempt(g: SmallWorld, p: int, a: A.FinalAttempt) -> None:
    g.state.attempt = a.region
    g.event(f"player {p} tries a final conquest of region {a.region} (needs {a.cost})")


def _berserk(g: SmallWorld, p: int, a: A.RollBerserk) -> None:
    g.state.berserk_die = turns.BERSERK_ROLLING


def _abandon(g: SmallWorld, p: int, a: A.Abandon) -> None:
    if g.state.stage == "redeploy":
        redeploy.pay_amazons(g, p, a.region)
    else:
        conquest.abandon(g, p, a.region)


def _place(g: SmallWorld, p: int, a: A.Place) -> None:
    s = g.state
    redeploy.place(g, p, a.region, a.count)
    if s.stage == "ghouls redeploy" and not s.seats[p].ghoul_hand:
        turns.begin_active(g)
    elif s.stage == "losses" and not redeploy.redeploy_places(g, p):
        turns.next_loser(g)  # done, or what is left has no region to go to (next_loser boxes or keeps it)


def _encampment(g: SmallWorld, p: int, a: A.PlaceEncampment) -> None:
    g.state.seats[p].encampments -= 1
    g.state.encampment[a.region] += 1


def _fortress(g: SmallWorld, p: int, a: A.PlaceFortress) -> None:
    g.state.fortress[a.region] = True
    g.state.fortress_placed = True
    g.event(f"player {p} builds a fortress in region {a.region}")


def _hero(g: SmallWorld, p: int, a: A.PlaceHero) -> None:
    g.state.hero[a.region] = True


def _end_turn(g: SmallWorld, p: int, a: A.EndTurn) -> None:
    if g.state.stage == "pick":
        g.event(f"player {p} finds no combo to pick and passes")
        turns.finish_turn(g)
    else:
        turns.end_turn(g, a.decline)


_PERFORM: dict[type, Callable[[SmallWorld, int, Any], None]] = {
    A.PickCombo: _pick,
    A.Conquer: lambda g, p, a: conquest.conquer(g, p, a.region, g.force(), a.cost),  # a listed action: its cost holds
    A.FinalAttempt: _attempt,
    A.RollBerserk: _berserk,
    A.DragonAttack: lambda g, p, a: conquest.dragon_attack(g, p, a.region),
    A.Enchant: lambda g, p, a: conquest.enchant(g, p, a.region),
    A.Ready: lambda g, p, a: redeploy.ready_troops(g, p, g.force() == GHOULS),
    A.Abandon: _abandon,
    A.Decline: lambda g, p, a: turns.decline_turn(g),
    A.EndConquest: lambda g, p, a: turns.end_conquest(g),
    A.Place: _place,
    A.PlaceEncampment: _encampment,
    A.PlaceFortress: _fortress,
    A.PlaceHero: _hero,
    A.EndTurn: _end_turn,
    A.MakePeace: lambda g, p, a: turns.make_peace(g, p, a.other),
}
