"""A greedy agent for Baldur's Gate: it reads the game only through the protocol."""

from __future__ import annotations

from ..core.agents import Agent
from ..core.protocol import Action, Game
from . import actions as A
from .cards import is_joker, opening_key, value

#: how much a hero action is worth to the greedy player (captures and kills first)
_FUNCTION_WORTH = {10: 9, 3: 8, 9: 6, 4: 5, 2: 2, 8: 1}


class GreedyAgent(Agent):
    """Plays the best-looking action now: capture and kill heroes, tax, recruit with the best pair it has,
    spend jokers (-40 at the end) before anything else, protect heroes with the fewest cards. Equally good
    actions (the same hero action against different seats, say) are chosen among at random, by the agent's
    own seeded stream (:meth:`~tablerules.core.agents.Agent.tie_break`)."""

    name = "greedy"

    def choose(self, game: Game, player: int) -> Action:
        actions = game.legal_actions(player)
        return self.best(game, player, actions, lambda a: self.worth(game, player, a))

    def worth(self, game: Game, player: int, action: Action) -> float:
        if isinstance(action, A.Open):
            return opening_key(action.card)[0] * 10 + opening_key(action.card)[1]
        if isinstance(action, A.Use):
            return _FUNCTION_WORTH.get(action.rank, 0) * 10 + action.level * 3 + action.jokers * 5
        if isinstance(action, A.Recruit):
            hand = game.state.seats[player].hand
            return 20 if len(hand) >= 2 else -1
        if isinstance(action, A.EndTurn):
            return 0
        if isinstance(action, A.Bid):
            return sum(15 if is_joker(k) else int(k.split()[0]) for k in action.cards) + \
                40 * sum(is_joker(k) for k in action.cards)
        if isinstance(action, A.Drop):
            return 5
        if isinstance(action, A.Choose):
            if action.verb == "loses" or (len(action.card) and action.card[:-1] in ("A", "J", "Q", "K")):
                return -value_of_hero(action.card)
            return 100 if is_joker(action.card) else -value(action.card)
        if isinstance(action, A.Protect):
            return 50 - sum(int(n) for n in action.cards)
        if isinstance(action, A.GiveUp):
            return 0
        return 0


def value_of_hero(card: str) -> int:
    return {"K": 4, "A": 3, "Q": 2, "J": 1}.get(card[:-1], 0)
