"""A heuristic Munchkin player: equips everything, fights what it can beat, plays one-shots and class
powers only when they turn a fight, runs otherwise, and interferes only to stop a win.

It decides from what its seat may see (:meth:`MunchkinGame.observe`): its own hand, and of the others
only what is on the table (levels, races, classes, items in play, the fight); never another hand or
the order or contents of a deck. Equally good choices (two helpers as strong, two cards worth the same)
are broken at random by the agent's own seeded stream (:meth:`~tablerules.core.agents.Agent.tie_break`),
never by seat number or by the order the actions are listed in."""

from __future__ import annotations

from ..core.agents import Agent
from ..core.protocol import Action, Game
from .game import (
    AnswerHelp,
    AnswerTrade,
    AskHelp,
    ClassPower,
    DiscardCard,
    EndTurn,
    Fight,
    GiveCard,
    KickDoor,
    LookForTrouble,
    LootBody,
    LootRoom,
    MunchkinGame,
    Pass,
    PlayCard,
    PlayEnhancer,
    PlayOneShot,
    Ready,
    RollToRun,
    RunAway,
    SellItem,
)


class HeuristicAgent(Agent):
    name = "heuristic"

    def choose(self, game: Game, player: int) -> Action:
        assert isinstance(game, MunchkinGame)
        actions = game.legal_actions(player)
        kinds = {type(a) for a in actions}
        value = lambda a: game.card(a.card).value + 100 * game.card(a.card).bonus  # noqa: E731
        plays = [a for a in actions if isinstance(a, PlayCard)]
        if plays and game.stage() != "combat":  # the first card it can play (of its ways to play it, any)
            return self.pick(game, player, [a for a in plays if a.card == plays[0].card])
        if game.stage() == "bad stuff: choose an item to lose":
            return self.worst(game, player, actions, value)
        if LootBody in kinds:
            return self.best(game, player, actions, value)
        if GiveCard in kinds or DiscardCard in kinds:  # charity: the cheapest card, to any of the seats it may go to
            return self.worst(game, player, actions, value)
        if Ready in kinds:
            return next(a for a in actions if isinstance(a, Ready))
        if game.stage() == "combat":
            return self._fight(game, player, actions)
        if game.stage() == "asking for help":
            fighter = game.combat.fighter
            wins_the_game = game.players[fighter].level + sum(game.foe(m).levels for m in game.combat.monsters) >= 10
            paid = game.combat.offer > 0 or "elf" in game.tags(player)
            return AnswerHelp(player, paid and not wins_the_game)
        if game.stage() == "interference":
            return self._interfere(game, player, actions)
        if game.stage() == "trade offer":  # a swap is good when the item got is worth more in a fight
            offer = game.trade
            return AnswerTrade(player, game.card(offer.give).bonus > game.card(offer.get).bonus)
        if RollToRun in kinds:
            flight = [a for a in actions if isinstance(a, ClassPower)]
            rolls = [a for a in actions if isinstance(a, RollToRun)]  # the easiest escape first
            return flight[0] if flight else self.best(game, player, rolls,
                                                      lambda a: game.run_modifier(player, a.monster))
        me = game.players[player]
        if LookForTrouble in kinds:
            beatable = [a for a in actions if isinstance(a, LookForTrouble)
                        and game.card(a.card).level < game.strength(player)]
            return beatable[0] if beatable else next(a for a in actions if isinstance(a, LootRoom))
        sales = [a for a in actions if isinstance(a, SellItem) and a.card in me.hand
                 and game.card(a.card).kind == "item"]
        if sales and sum(game.card(a.card).value for a in sales) + game.sold >= 1000:
            return sales[0]
        for kind in (KickDoor, LootRoom, EndTurn):
            if kind in kinds:
                return next(a for a in actions if isinstance(a, kind))
        return actions[0]

    def _fight(self, game: MunchkinGame, player: int, actions: tuple[Action, ...]) -> Action:
        if game.winning():
            return next(a for a in actions if isinstance(a, Fight))
        gap = game.monster_strength() - game.fighter_strength()
        boosts = [a for a in actions if isinstance(a, PlayOneShot | ClassPower)]
        helps = sum(game.card(a.card).bonus for a in actions if isinstance(a, PlayOneShot))
        helps += sum(1 if a.power == "berserk" else 3 for a in actions if isinstance(a, ClassPower))
        if boosts and helps >= gap:
            return boosts[0]
        asks = [a for a in actions if isinstance(a, AskHelp) and game.strength(a.helper) + helps >= gap
                and a.treasures == (game.treasure_count() + 1) // 2 and not a.item and not a.fighter_first]
        if asks:  # the strongest helper; of helpers as strong, any (not the lowest seat)
            return self.best(game, player, asks, lambda a: game.strength(a.helper))
        return next(a for a in actions if isinstance(a, RunAway))

    def _interfere(self, game: MunchkinGame, player: int, actions: tuple[Action, ...]) -> Action:
        fighter = game.combat.fighter
        levels = sum(game.foe(m).levels for m in game.combat.monsters)
        if game.winning() and game.players[fighter].level + levels >= 10:
            against = [a for a in actions if isinstance(a, PlayEnhancer)
                       or (isinstance(a, PlayOneShot) and a.side == "monster")]
            if against:
                return against[0]
        return next(a for a in actions if isinstance(a, Pass) and a.player == player)
