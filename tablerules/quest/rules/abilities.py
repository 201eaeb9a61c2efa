"""Card properties of items, races and monsters (the optional fields of the card schemas; card packs,
docs/rules/quest.md "Card packs"): abilities such as flying and fireproof (p. 13 怪物关键词 能力, p. 16 物品能力),
the rooms that read them (扇子俱乐部), extra health tokens (p. 15 生命值), more levels for a kill and beating
without killing (p. 15 升级), worn items (p. 16 穿戴物), a race's power (p. 15 种族), monsters that smash links
(p. 13). The default decks name none of these properties: a game without card packs skips all of it."""

from __future__ import annotations

from ..dungeon import Room
from ..geometry import Colour, LinkKind
from ..heroes import START_HEALTH, WORN_SLOTS
from ..movement import smash_links

_PROPERTIES: dict[int, tuple[dict, frozenset[str]]] = {}  #: id(card table) -> (the table, the properties its cards use)
_NAMES = ("health", "kill_levels", "abilities", "worn", "no_pickup", "magic_move", "double_sale", "lasting",
          "next_fight", "no_kill", "kills_one", "drives_off_one", "d10", "boons")


class AbilityRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: card properties of items, races and rooms."""

    def card_properties(self) -> frozenset[str]:
        """The optional card properties some card of this game's decks has (none for the default decks)."""
        known = _PROPERTIES.get(id(self.cards))
        if known is None or known[0] is not self.cards:
            used = frozenset(n for n in _NAMES for c in self.cards.values() if getattr(c, n))
            known = _PROPERTIES[id(self.cards)] = (self.cards, used)
        return known[1]

    def in_play(self, player: int) -> list:
        """The cards of the items ``player`` has in play and may use (worn, in the hands, accessories)."""
        h = self.state.heroes[player]
        return [self.card(c) for c in h.carried if self.card(c).kind == "item" and self.usable(player, c)]

    def abilities(self, player: int) -> frozenset[str]:
        """p. 16 物品能力: "很多物品都能给你一些能力，比如说“飞行”或“防护火焰”" — every ability of the items in play,
        always on: "你不能“暂时不用”物品能力" (only taking the item out of play ends it)."""
        if "abilities" not in self.card_properties():
            return frozenset()
        return frozenset(a for card in self.in_play(player) for a in card.abilities)

    def side_abilities(self) -> set[str]:
        """The abilities of the munchkins' side of the fight: monsters' modifiers may name them (a fire monster
        weaker against a fireproof munchkin)."""
        return set().union(*(self.abilities(p) for p in self.state.fight.side))

    def entered(self, player: int, room: Room) -> None:
        """A room's ``enter`` rules (the 扇子俱乐部: whoever flies takes a hit on entering)."""
        for rule in self.rules(room.id, "enter"):
            if rule.ability in self.abilities(player) and not self.state.heroes[player].dead:
                self.event(f"player {player} enters the {room.name} with {rule.ability}")
                self.hit(player, rule.hits, room.name)

    def sync_health(self) -> None:
        """p. 15 生命值: "如果卡牌给你一点额外的血量，就多拿一个指示物" — an item in play with ``health`` gives
        that many more tokens (red: health); when it leaves play the tokens go back, black ones first (health is
        cut only to the new maximum)."""
        for player, h in enumerate(self.state.heroes):
            most = START_HEALTH + sum(card.health for card in self.in_play(player))
            if most == h.max_health:
                continue
            if most > h.max_health and not h.dead:
                h.health += most - h.max_health
            h.max_health = most
            h.health = min(h.health, most)
            self.event(f"player {player} now has {most} health tokens ({h.health} red)")

    def kill_bonus(self, player: int) -> int:
        """p. 15 升级: "有些其他东西也可以增加杀怪带来的级别" — the items in play's ``kill_levels``."""
        if "kill_levels" not in self.card_properties():
            return 0
        return sum(card.kill_levels for card in self.in_play(player))

    def beaten_not_killed(self) -> bool:
        """A one-shot of the munchkins that beats the monsters without killing them (p. 15 升级)."""
        return "no_kill" in self.card_properties() and any(self.card(x).no_kill
                                                             for x in self.state.fight.munchkin_one_shots)

    def worn(self, player: int) -> list[str]:
        """p. 16 穿戴物: "当房间和卡牌里提到穿戴物时，便指所有帽子，鞋子和盔甲……再加上所有饰物和所穿的便服" —
        the items in play that are headgear, armour or footgear, or marked ``worn`` (accessories, clothes)."""
        h = self.state.heroes[player]
        return [c for c in h.carried if self.card(c).kind == "item" and (self.card(c).slot in WORN_SLOTS
                                                                            or self.card(c).worn)]

    def sale_value(self, player: int, copy: str) -> int:
        """An item's value paid towards a level: twice it once a turn for a race with ``double_sale``."""
        value = self.card(copy).value
        if "double_sale" in self.card_properties() and (player, "double_sale") not in self.state.powers_used:
            h = self.state.heroes[player]
            if any(c and self.card(c).double_sale for c in (h.race, h.race2)):
                self.state.powers_used.add((player, "double_sale"))
                return 2 * value
        return value

    def smash(self, colour: Colour) -> None:
        """Links smashed by the monsters moving now become corridors before any monster moves (p. 13:
        :func:`~tablerules.quest.movement.smash_links`); each smashed link goes back to the pool, a corridor
        comes out of it."""
        cards, dungeon = self.monster_cards, self.state.dungeon
        smashes = {m.id: cards[m.id.split("#")[0]].smashes for m in dungeon.monsters.values()
                   if cards[m.id.split("#")[0]].smashes}
        for _key, kind in smash_links(dungeon, colour, smashes, self.state.link_pool) if smashes else ():
            self.state.link_pool[kind.value] += 1
            self.state.link_pool[LinkKind.CORRIDOR.value] -= 1
            self.event(f"the {self.link_types[kind].name.lower()} is smashed: a corridor now, for every monster "
                       "moving this turn")
