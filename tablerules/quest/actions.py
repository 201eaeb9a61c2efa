"""The actions of a Munchkin Quest game (seed 001), besides moving and exploring
(:mod:`tablerules.quest.exploration`): typed, immutable, each describing itself in plain words."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import made, outcome_words  # (the rules import made from here too)
from ..core.cards import copy_name
from ..core.protocol import Action
from ..core.words import counted
from ..families.munchkin import actions as family
from .cards import card_of, load_quest_cards
from .tiles import monster_name, room_name


def _cards_for(copy: str) -> dict:
    """The game's cards, or a card pack's (tablerules.quest.packs) for a copy of a pack card."""
    cards = load_quest_cards()
    if copy.split("#", 1)[0] not in cards:
        from .packs import pack_card

        card = pack_card(copy.split("#", 1)[0])
        if card is not None:
            return {card.id: card}
    return cards


def card_name(copy: str) -> str:
    return card_of(_cards_for(copy), copy).name


def _copy_words(copy: object) -> str | None:
    return copy_name(_cards_for(copy), copy) if isinstance(copy, str) else None


outcome_words("dxm", _copy_words)
outcome_words("treasure", _copy_words)

# shared with the other game (shape and words: tablerules.families.munchkin.actions), Quest's card names
Ready = family.Ready


class GiveCard(family.GiveCard):
    card_name = staticmethod(card_name)


class DiscardCard(family.DiscardCard):
    card_name = staticmethod(card_name)


class PlayCheat(family.PlayCheat):
    card_name = staticmethod(card_name)


class PlayCurse(family.PlayCurse):
    card_name = staticmethod(card_name)


@dataclass(frozen=True)
class PlayCard(Action):
    """A race, class or item from the hand into play (an item that does not fit goes to the backpack),
    a one-shot onto the belt, or a Go Up a Level."""

    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} plays {card_name(self.card)}"


@dataclass(frozen=True)
class Search(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} searches the room (1 move)"


@dataclass(frozen=True)
class PickUp(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} picks up what lies in the room (1 move)"


@dataclass(frozen=True)
class Drop(Action):
    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} drops {card_name(self.card)} in the room"


@dataclass(frozen=True)
class DropGold(Action):
    """Gold dropped on the floor of the room (p. 7: 如果你掉落的只有金币的话，直接把金币放进相应房间就好了)."""

    player: int
    amount: int

    def describe(self) -> str:
        return f"player {self.player} drops {self.amount} gold in the room"


@dataclass(frozen=True)
class GiveItem(Action):
    player: int
    card: str
    to: int

    def describe(self) -> str:
        return f"player {self.player} gives {card_name(self.card)} to player {self.to}"


@dataclass(frozen=True)
class Pack(Action):
    """Into the backpack (2 items, no bonus), or back out of it into play."""

    player: int
    card: str
    into: bool

    def describe(self) -> str:
        where = "into" if self.into else "out of"
        return f"player {self.player} puts {card_name(self.card)} {where} the backpack"


@dataclass(frozen=True)
class SpendItem(Action):
    """Pay an item at its value towards a level (1000 gold a level, no change)."""

    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} pays {card_name(self.card)} towards a level"


@dataclass(frozen=True)
class BuyLevel(Action):
    """Make up the rest of 1000 gold with coins and go up a level."""

    player: int

    def describe(self) -> str:
        return f"player {self.player} buys a level"


@dataclass(frozen=True)
class Heal(Action):
    """Lose a level to heal 3 health (outside combat)."""

    player: int

    def describe(self) -> str:
        return f"player {self.player} loses a level to heal 3 health"


@dataclass(frozen=True)
class Suicide(Action):
    player: int

    def describe(self) -> str:
        return (f"player {self.player} dies on purpose (turns every health token black; "
                "back at the Entrance next turn)")


@dataclass(frozen=True)
class AnswerCurse(Action):
    """The cursed player: let it strike, cancel it with a Wishing Ring, or (a cleric) try the d10."""

    player: int
    how: str  # "accept", a Wishing Ring's copy id, or "pray"

    def describe(self) -> str:
        if self.how == "accept":
            return f"player {self.player} takes the curse"
        if self.how == "pray":
            return f"player {self.player} prays (cleric's d10) to stop the curse"
        return f"player {self.player} discards {card_name(self.how)} to cancel the curse"


@dataclass(frozen=True)
class GiveUp(Action):
    """Give up a race or class; with ``instead`` (a race or class card from the hand), play that one in its
    place at the same moment, keeping the Half-Breed or Super Munchkin (p. 17)."""

    player: int
    card: str
    instead: str = ""

    def describe(self) -> str:
        if self.instead:
            return f"player {self.player} gives up being {card_name(self.card)} for {card_name(self.instead)}"
        return f"player {self.player} gives up being {card_name(self.card)}"


@dataclass(frozen=True)
class SummonWall(Action):
    """Summon Wall: the link on one side of your room becomes a wall."""

    player: int
    card: str
    side: str

    def describe(self) -> str:
        return f"player {self.player} summons a wall on the {self.side} side of the room"


@dataclass(frozen=True)
class OneShot(Action):
    """A one-shot (from the hand or the belt) for the munchkins or for the monsters."""

    player: int
    card: str
    side: str

    def describe(self) -> str:
        return f"player {self.player} plays {card_name(self.card)} for the {self.side}"


@dataclass(frozen=True)
class Enhance(Action):
    player: int
    card: str
    monster: str

    def describe(self) -> str:
        return f"player {self.player} plays {card_name(self.card)} on {monster_name(self.monster)}"


@dataclass(frozen=True)
class Wandering(Action):
    """Wandering Monster or Monster Capsule: a monster from the Monster deck joins the fight."""

    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} plays {card_name(self.card)}: a monster joins the fight"


@dataclass(frozen=True)
class Power(Action):
    """Discard a card for a class power: berserk (warrior +1), turning (cleric: a combat die against
    undead; +3 in rules edition 1), flight (wizard +1 to run), backstab (thief -2 to a fighting munchkin)."""

    player: int
    power: str
    card: str

    def describe(self) -> str:
        return f"player {self.player} discards {card_name(self.card)} for {self.power}"


@dataclass(frozen=True)
class AskHelp(Action):
    """Ask one player to help: the bribe is first pick of ``treasures`` of the monsters' treasures, or
    ``gold``, or one ``item`` in play or in the backpack (p. 10, 贿赂)."""

    player: int
    helper: int
    treasures: int
    gold: int = 0
    item: str = ""

    def describe(self) -> str:
        bribe = f"first pick of {counted(self.treasures, 'treasure')}"
        if self.gold:
            bribe = f"{self.gold} gold"
        if self.item:
            bribe = card_name(self.item)
        return f"player {self.player} asks player {self.helper} for help, offering {bribe}"


@dataclass(frozen=True)
class Deal(Action):
    """One of the room's deals (p. 7, 交易): ``rule`` is its index among the room's rules, ``option`` the
    item, card, stake or room it is made with."""

    player: int
    room: str
    rule: int
    option: str = ""

    def describe(self) -> str:
        from .packs import pack_room
        from .tiles import load_rooms

        tile = pack_room(self.room) or load_rooms().tile(self.room)
        what = self.option
        if what and "#" in what:
            what = card_name(what)
        elif what and room_name(what) != what:
            what = room_name(what)
        return f"player {self.player} in {tile.name}: {tile.rules[self.rule].name}" + (f" ({what})" if what else "")


@dataclass(frozen=True)
class FightAnyway(Action):
    """Monsters that ignore you (p. 8, 被怪物无视): fight them all the same."""

    player: int

    def describe(self) -> str:
        return f"player {self.player} picks a fight with the monsters that ignore them"


@dataclass(frozen=True)
class GiveGold(Action):
    player: int
    to: int
    amount: int

    def describe(self) -> str:
        return f"player {self.player} gives {self.amount} gold to player {self.to}"


@dataclass(frozen=True)
class AnswerHelp(Action):
    player: int
    accept: bool

    def describe(self) -> str:
        return f"player {self.player} {'comes to help' if self.accept else 'refuses to help'}"


@dataclass(frozen=True)
class Roll(Action):
    """"I'm rolling": the others get their 2.6 seconds to interfere."""

    player: int

    def describe(self) -> str:
        return f"player {self.player}: I'm rolling!"


@dataclass(frozen=True)
class Pass(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} passes"


@dataclass(frozen=True)
class TakeTreasure(Action):
    """The helper promised first pick takes one of the treasures just drawn (p. 10: 如果你许诺了怪物的宝藏，那就
    得互相协定谁先挑; p. 12: "我先挑...（把矛拿走。）")."""

    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} picks {card_name(self.card)} first"


@dataclass(frozen=True)
class LoadDie(Action):
    """Loaded Die (after the roll): turn one die to the face you like."""

    player: int
    card: str
    die: int
    face: int

    def describe(self) -> str:
        return f"player {self.player} plays {card_name(self.card)}: die {self.die} shows {self.face}"


@dataclass(frozen=True)
class Flee(Action):
    """Flight Potion: escape to an explored adjacent room without rolling."""

    player: int
    card: str
    room: str

    def describe(self) -> str:
        return f"player {self.player} drinks {card_name(self.card)} and flies to the {room_name(self.room)}"


@dataclass(frozen=True)
class RunTo(Action):
    """Choose where to run before rolling: an explored adjacent room."""

    player: int
    room: str

    def describe(self) -> str:
        return f"player {self.player} will run to the {room_name(self.room)}"


@dataclass(frozen=True)
class RollToRun(Action):
    player: int
    monster: str

    def describe(self) -> str:
        return f"player {self.player} rolls to escape {monster_name(self.monster)}"


@dataclass(frozen=True)
class ChooseLoss(Action):
    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} loses {card_name(self.card)}"


@dataclass(frozen=True)
class D10Power(Action):
    """A class's d10 power (p. 15, d10威能): it works when the d10 shows at most your level. Thief: steal a
    small item from a munchkin in your room (a failure costs a level); wizard: teleport to an explored
    room; warrior: fury, one more combat die in this fight."""

    player: int
    power: str
    target: str = ""

    def describe(self) -> str:
        if self.power == "steal":
            what = f"tries to steal {card_name(self.target)}"
        elif self.power == "teleport":
            what = f"tries to teleport to the {room_name(self.target)}"
        else:
            what = "calls up a warrior's fury"
        return f"player {self.player} {what} (d10)"


@dataclass(frozen=True)
class LiftCurse(Action):
    """A curse kept in front of its target (p. 17: until cancelled) cancelled with a Wishing Ring."""

    player: int
    card: str
    curse: str

    def describe(self) -> str:
        return f"player {self.player} discards {card_name(self.card)} to cancel {card_name(self.curse)}"


@dataclass(frozen=True)
class UseCard(Action):
    """A card used for its boons (heal, gold, draws; some only on a d10 roll of at most your level)."""

    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} uses {card_name(self.card)}"


#: (kind, player, values) or (kind, player, firsts, seconds) -> the actions: a listing's runs of actions of one
#: kind (drops, gold, curses on every target) are the same rows over and over
_ROWS: dict[tuple, tuple[Action, ...]] = {}
#: the rows _ROWS holds before it is cleared
ROWS_KEPT = 1 << 14  # 65,536 kept more memory for no speed (250 games: 10.3 s vs 10.4 s at 4,096)


def made_each(kind: type[Action], player: int, values: tuple) -> tuple[Action, ...]:
    """``made(kind, player, v) for v in values`` (a tuple), one shared tuple per value."""
    key = (kind, player, values)
    known = _ROWS.get(key)
    if known is None:
        if len(_ROWS) >= ROWS_KEPT:
            _ROWS.clear()
        known = _ROWS[key] = tuple([made(kind, player, v) for v in values])
    return known


def made_pairs(kind: type[Action], player: int, firsts: tuple, seconds: tuple) -> tuple[Action, ...]:
    """``made(kind, player, a, b) for a in firsts for b in seconds`` (tuples), one shared tuple per value."""
    key = (kind, player, firsts, seconds)
    known = _ROWS.get(key)
    if known is None:
        if len(_ROWS) >= ROWS_KEPT:
            _ROWS.clear()
        known = _ROWS[key] = tuple([made(kind, player, a, b) for a in firsts for b in seconds])
    return known
