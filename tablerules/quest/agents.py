"""A heuristic Munchkin Quest player: plays what it can, searches and explores, fights when its exact
odds (:func:`tablerules.odds.combat`) are good, asks for help otherwise, turns dice with a Loaded Die
when that wins, buys levels, heals when nearly dead, and at level 10 walks to the entrance for the boss."""

from __future__ import annotations

import networkx as nx

from ..core.agents import Agent
from ..core.protocol import Action, Game
from ..odds import combat
from .actions import (
    AnswerCurse,
    AnswerHelp,
    AskHelp,
    BuyLevel,
    ChooseLoss,
    DiscardCard,
    Enhance,
    GiveCard,
    Heal,
    LoadDie,
    OneShot,
    Pass,
    PlayCard,
    Ready,
    Roll,
    RollToRun,
    RunTo,
    Search,
)
from .exploration import Decline, EndTurn, Explore, Move, PickBase
from .game import QuestGame
from .geometry import Side
from .heroes import WIN_LEVEL
from .rules.common import AFTER_ROLL, ASKING, COMBAT, CREATION, INTERFERENCE, MOVING

GOOD_ODDS = 0.6


class QuestHeuristicAgent(Agent):
    """Equally good choices (which door to explore, which helper of equal strength, which card of equal
    worth) are made at random by the agent's own seeded stream (:meth:`~tablerules.core.agents.Agent.tie_break`),
    never by seat number or by the order the actions are listed in."""

    name = "heuristic"

    def choose(self, game: Game, player: int) -> Action:
        assert isinstance(game, QuestGame)
        actions = game.legal_actions(player)
        kinds = {type(a) for a in actions}
        stage = game.stage()
        value = lambda a: game.card(a.card).value + 100 * game.card(a.card).bonus  # noqa: E731
        if ChooseLoss in kinds or DiscardCard in kinds or GiveCard in kinds:
            return self.worst(game, player, [a for a in actions if isinstance(a, ChooseLoss | DiscardCard | GiveCard)],
                              value)
        if AnswerCurse in kinds:
            return self.best(game, player, actions, lambda a: a.how != "accept")
        if PickBase in kinds:
            return actions[0]
        if Decline in kinds:
            return next(a for a in actions if isinstance(a, Decline))
        if stage == CREATION:
            plays = [a for a in actions if isinstance(a, PlayCard)]
            return plays[0] if plays else next(a for a in actions if isinstance(a, Ready))
        if stage == COMBAT:
            return self._fight(game, player, actions)
        if stage == ASKING:
            accept = AnswerHelp(player, game.fight.offer > 0 or "elf" in game.tags(player))
            return accept if accept in actions else AnswerHelp(player, False)
        if stage == INTERFERENCE:
            return self._interfere(game, player, actions)
        if stage == AFTER_ROLL:
            return self._after_roll(game, player, actions)
        if RunTo in kinds:
            return actions[0]
        if RollToRun in kinds:
            rolls = [a for a in actions if isinstance(a, RollToRun)]
            return self.best(game, player, rolls, lambda a: game.run_modifier(player, a.monster)) if rolls \
                else actions[0]
        if stage == MOVING:
            return self._move(game, player, actions)
        return next((a for a in actions if isinstance(a, Pass | EndTurn)), actions[0])

    def odds(self, game: QuestGame) -> float:
        ties = "warrior" in game.side_tags()
        result = combat([(game.munchkin_strength(), game.munchkin_dice())],
                        [(game.monster_strength(), game.monster_dice())], ties_win=ties)
        return float(result.win)

    def _fight(self, game: QuestGame, player: int, actions: tuple[Action, ...]) -> Action:
        if self.odds(game) >= GOOD_ODDS:
            return Roll(player)
        boosts = [a for a in actions if isinstance(a, OneShot | PlayCard)]
        if boosts:
            return boosts[0]
        asks = [a for a in actions if isinstance(a, AskHelp) and a.treasures == (game.treasure_count() + 1) // 2]
        if asks:  # the strongest helper; of helpers as strong, any (not the lowest seat)
            return self.best(game, player, asks, lambda a: game.strength(a.helper))
        return Roll(player)

    def _interfere(self, game: QuestGame, player: int, actions: tuple[Action, ...]) -> Action:
        f = game.fight
        if player not in f.side and f.boss:  # stop somebody else winning the game
            against = [a for a in actions if isinstance(a, Enhance) or (isinstance(a, OneShot)
                                                                          and a.side == "monsters")]
            if against:
                return against[0]
        return next(a for a in actions if isinstance(a, Pass) and a.player == player)

    def _after_roll(self, game: QuestGame, player: int, actions: tuple[Action, ...]) -> Action:
        if player in game.fight.side and not game.winning():
            loads = [a for a in actions if isinstance(a, LoadDie) and a.player == player]
            winning = [a for a in loads if self._would_win(game, a)]
            if winning:
                return self.pick(game, player, winning)
        return next(a for a in actions if isinstance(a, Pass) and a.player == player)

    @staticmethod
    def _would_win(game: QuestGame, action: LoadDie) -> bool:
        die = game.fight.dice[action.die]
        old = die[2]
        die[2] = action.face
        try:
            return game.winning()
        finally:
            die[2] = old

    def _move(self, game: QuestGame, player: int, actions: tuple[Action, ...]) -> Action:
        h = game.heroes[player]
        plays = [a for a in actions if isinstance(a, PlayCard)]
        if plays:
            return plays[0]
        for kind in (BuyLevel, Search):
            found = [a for a in actions if isinstance(a, kind)]
            if found:
                return found[0]
        if h.health <= 1 and any(isinstance(a, Heal) for a in actions):
            return next(a for a in actions if isinstance(a, Heal))
        moves = [a for a in actions if isinstance(a, Move)]
        if h.level >= WIN_LEVEL and moves:  # to the entrance, for the boss
            graph = game.dungeon.munchkin_graph()
            here, entrance = game.room_of(player).id, game.dungeon.entrance.id
            path = nx.shortest_path(graph, here, entrance, weight="cost") if nx.has_path(graph, here, entrance) \
                else []
            if len(path) > 1:
                for move in moves:
                    room = game.dungeon.room_at(Side(move.side).step(game.dungeon.rooms[here].at))
                    if room is not None and room.id == path[1]:
                        return move
        explores = [a for a in actions if isinstance(a, Explore)]
        if explores and h.health >= 2:  # any way out (the agent's own stream, not the seat number, picks)
            return self.pick(game, player, explores)
        if moves and game.moves_left > 0:
            return self.pick(game, player, moves)
        return next(a for a in actions if isinstance(a, EndTurn))

