"""Numbers and tables the rule modules share (seed 001)."""

from __future__ import annotations

from ...core.protocol import Chance
from ..actions import (
    AnswerCurse,
    AnswerHelp,
    AskHelp,
    ChooseLoss,
    D10Power,
    Deal,
    DiscardCard,
    Drop,
    Enhance,
    FightAnyway,
    Flee,
    GiveCard,
    GiveGold,
    GiveItem,
    GiveUp,
    Heal,
    LoadDie,
    OneShot,
    Pack,
    Pass,
    PickUp,
    PlayCard,
    PlayCheat,
    PlayCurse,
    Power,
    Ready,
    Roll,
    RollToRun,
    RunTo,
    Suicide,
    SummonWall,
    Wandering,
)
from ..exploration import Decline, DrawMonster, EndTurn, PickBase

START_CARDS, REVIVE_CARDS = 3, 2
BOSS_LEVEL = 20
RUN_NEED = 5
LEVEL_PRICE = 1000
MAX_POWER_DISCARDS = 3
#: action type -> the rule (family) that refuses it, and the gist of that rule (seed 001 pages)
RULES: dict[type, tuple[str, str]] = {
    Ready: ("character creation", "each player in turn gets ready once, before the first turn (p. 5)"),
    PlayCard: ("items", "an item goes into play when it fits (slots, hands, restrictions) or into the backpack "
                        "(2), on your own turn outside fights; a treasure just won at any time (p. 5, 16)"),
    PickUp: ("items", "picking up costs 1 move, with something dropped here and no monster (p. 7)"),
    Drop: ("items", "drop items on your own turn, outside fights (p. 5, 7)"),
    GiveItem: ("items", "give to a living munchkin in the same or an adjacent room, outside fights (p. 16)"),
    Pack: ("items", "the backpack holds 2 items; out of it only what fits (p. 16)"),
    PlayCheat: ("items", "Cheat! puts an item that does not fit into play (p. 17)"),
    Heal: ("healing", "-1 level for +3 health, from level 2, when wounded, outside fights (p. 15)"),
    Suicide: ("death", "only in your own turn (p. 8)"),
    PlayCurse: ("curses", "a curse from your hand on a living munchkin, outside fights or in a fight's window "
                          "(p. 5, 17)"),
    AnswerCurse: ("curses", "only the curse's target answers it: take it, a Wishing Ring, or a cleric's d10"),
    GiveUp: ("races and classes", "you can only give up a race or class you have (p. 15)"),
    SummonWall: ("summon wall", "a wall on a non-entrance link of your room, from your hand (p. 17)"),
    OneShot: ("combat", "one-shots are played in a fight: by its munchkins, or thrown from the same or an "
                        "adjacent room in the window (p. 9-10)"),
    Enhance: ("combat", "enhancers go on a monster of the fight (p. 10, 17)"),
    Wandering: ("combat", "a Wandering Monster joins a fight from the window (p. 10)"),
    Roll: ("combat", "the fighter says \"I'm rolling\" in their fight (p. 9)"),
    Pass: ("combat", "pass only in a fight's response window (p. 9)"),
    LoadDie: ("combat", "a Loaded Die turns one rolled die, after the roll (p. 17)"),
    FightAnyway: ("combat", "pick a fight only with monsters here that ignore you (p. 8)"),
    Power: ("class powers", "berserk, turning, flight and backstab discard up to 3 cards a fight (p. 15)"),
    D10Power: ("class powers", "a class's d10 power, once a turn (fury once a fight), when it has a target (p. 15)"),
    AskHelp: ("help", "the fighter asks one helper, before the roll (p. 10)"),
    AnswerHelp: ("help", "only the munchkin asked answers (p. 10)"),
    Flee: ("running away", "a Flight Potion before the roll, to an explored adjacent room, not from the boss"),
    RunTo: ("running away", "a runner chooses an explored room next to the fight through a passable link (p. 9)"),
    RollToRun: ("running away", "one d6 per monster chasing you, in the order you choose (p. 9)"),
    ChooseLoss: ("bad stuff", "the victim chooses what bad stuff takes (p. 10)"),
    GiveCard: ("charity", "over the hand limit at the end of the turn: to the lowest level (p. 7)"),
    DiscardCard: ("charity", "over the hand limit and lowest level yourself: discard (p. 7)"),
    Deal: ("rooms", "a room's deal: no monster there, its moves and gold paid, some once a turn (p. 7)"),
    GiveGold: ("gold", "give gold to a munchkin nearby, outside fights (p. 16)"),
    EndTurn: ("turn", "the player whose turn it is ends it, with nothing left to resolve (p. 5)"),
    DrawMonster: ("wandering monsters", "once every room is explored, entering an empty room (p. 6)"),
    Decline: ("wandering monsters", "once every room is explored, entering an empty room (p. 6)"),
    PickBase: ("monster bases", "choose a base colour when the rolled one is used up (p. 6)"),
}
_DRAWS: dict[str, dict[str, Chance]] = {}  # deck -> copy -> its draw outcome (immutable, shared)
IDENTITY_KINDS = ("race", "class", "half_breed", "super_munchkin")
DECK_NAMES = {"dxm": "DxM", "treasure": "Treasure"}
POWER_CLASS = {"berserk": "warrior", "turning": "cleric", "flight": "wizard", "backstab": "thief"}


