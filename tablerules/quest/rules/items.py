"""Items (p. 16, 物品): what fits (slots, hands, restrictions), the belt, the backpack (2, no bonus), big items (-1
move each beyond the first), dropping, giving, Cheat!, Summon Wall, gold; one action per card."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from typing import ClassVar

from ...core.actions import MADE
from ...core.caches import BoundedDict
from ...core.protocol import Action
from ..actions import (
    Drop,
    DropGold,
    GiveGold,
    GiveItem,
    GiveUp,
    Pack,
    PlayCard,
    PlayCheat,
    SummonWall,
    made,
    made_each,
    made_pairs,
)
from ..dungeon import link_key
from ..geometry import LinkKind, Side
from ..heroes import BACKPACK, START_MOVES, WIN_LEVEL, WORN_SLOTS, Hero, hands_used

#: a pool of copies (a hand, a hand and the items in play) -> kind -> its cards once (:meth:`ItemRules.by_kind`);
#: the cards are static, so this is shared by every game (like identity's tags)
#: entries each of _KINDS, _LAST, _ITEMS and _CARRIED holds before it is cleared
TABLES_KEPT = 1 << 14  # 100,000 took 27 MiB more per process for no speed (200 quest games: 8.9 s vs 8.7 s)
_KINDS: dict[tuple[str, ...], dict[str, tuple[str, ...]]] = {}
ALL = "*"  #: by_kind()'s key for the whole pool once
_NAMES = "*names"  #: by_kind()'s key for the names of the cards in the pool (a frozenset)
IDENTITY, PLAYABLE = "*identity", "*item or one-shot"  #: by_kind()'s keys for races and classes, items and one-shots
_GROUPS = {"race": (IDENTITY,), "class": (IDENTITY,), "half_breed": (IDENTITY,), "super_munchkin": (IDENTITY,),
           "item": (PLAYABLE,), "one_shot": (PLAYABLE,)}
_LAST: dict[int, tuple[str, ...]] = {}  # id(pool) -> its key when by_kind last made a table for it
_GROUPS_OF: dict[str, tuple[str, tuple[str, ...]]] = {}  # copy -> its card's name, its by_kind() groups
_USABLE: dict[tuple[frozenset[str], str], bool] = BoundedDict(1 << 15)  # (tags, card id) -> usable (no Cheat! on it)
_ITEMS: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[str, ...]] = {}  # (backpack, in play) -> items_once
_CARRIED: dict[tuple[str, ...], tuple[frozenset, int]] = {}  # items in play -> slots taken, hands used
#: gold -> the amounts offered to give or drop (100 and all of it), for the commonest sums
_AMOUNTS = {n: tuple(sorted({a for a in (100, n) if 0 < a <= n})) for n in range(0, 3001, 50)}


class ItemRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: items."""

    #: the actions this rule owns -> (its name, the gist of the rule) for a refused one
    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        PlayCard: ("items", "an item goes into play when it fits (slots, hands, restrictions) or into the backpack "
                            "(2), on your own turn outside fights; a treasure just won at any time (p. 5, 16)"),
        Drop: ("items", "drop items at any time outside fights (p. 5, 7)"),
        DropGold: ("gold", "drop gold you have at any time outside fights (p. 7, 16)"),
        GiveItem: ("items", "give to a living munchkin in the same or an adjacent room, outside fights (p. 16)"),
        Pack: ("items", "the backpack holds 2 items; out of it only what fits (p. 16)"),
        PlayCheat: ("items", "Cheat! puts an item that does not fit into play (p. 17)"),
        SummonWall: ("summon wall", "a wall on a non-entrance link of your room, from your hand (p. 17)"),
        GiveGold: ("gold", "give gold to a munchkin nearby, outside fights (p. 16)"),
    }

    def once(self, *pools: Iterable[str], keep: Callable[[str], bool] | None = None) -> list[str]:
        """One copy per card across ``pools``, in card order (:func:`~tablerules.core.cards.distinct`; two
        cards of one name, such as the two decks' Go Up a Level, count as one card): two copies are one
        choice. The copy comes from the first pool that holds one: where one lies in the backpack and one
        is in play, an action that takes "an item" takes the backpack's (it gives no bonus)."""
        index = self.card_index
        first: dict[str, str] = {}
        for pool in pools:
            if not pool:
                continue
            lowest: dict[str, str] = {}  # distinct(): the lowest copy of each card in this pool
            for copy in pool if keep is None else filter(keep, pool):
                name = index[copy].name
                other = lowest.get(name)
                if other is None or copy < other:
                    lowest[name] = copy
            for name, copy in lowest.items():
                first.setdefault(name, copy)
        return sorted(first.values())

    def by_kind(self, pool: list[str]) -> dict[str, tuple[str, ...]]:
        """Kind -> ``once(c for c in pool if card(c).kind == kind)``; :data:`ALL` -> ``once(pool)``;
        :data:`IDENTITY` and :data:`PLAYABLE` -> the same for races and classes (and their enablers), items
        and one-shots: worked out once per pool of copies (a hand is listed far more often than it changes)."""
        key = tuple(pool)
        known = _KINDS.get(key)
        if known is None:
            if len(_KINDS) > TABLES_KEPT or len(_LAST) > TABLES_KEPT:
                _KINDS.clear()
                _LAST.clear()
            parent = _KINDS.get(key[:-1]) if len(key) > 1 else None
            known = self._kinds_plus(parent, key[-1]) if parent is not None else None
            if known is None:  # a card played or discarded: this pool's key at its last new table, less one
                before = _LAST.get(id(pool))
                if before is not None and len(before) == len(key) + 1:
                    known = self._kinds_minus(before, key)
            known = _KINDS[key] = known or self._kinds(key)
            _LAST[id(pool)] = key  # (checked against the key, so another list with the same id is harmless)
        return known

    def _kinds(self, key: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
        """:meth:`by_kind`'s table for a pool, worked out (and under :data:`_NAMES` the names in it)."""
        rows = [(copy, self._groups_of(copy)) for copy in sorted(key)]  # the lowest copy of each card first
        groups: dict[str, list[str]] = {ALL: []}
        names = frozenset(name for _, (name, _) in rows)
        if len(names) == len(rows):  # every copy is the first of its card
            for copy, (_, kinds) in rows:
                for group in kinds:
                    copies = groups.get(group)
                    if copies is None:
                        groups[group] = [copy]
                    else:
                        copies.append(copy)
        else:
            seen: set[tuple[str, str]] = set()
            for copy, (name, kinds) in rows:
                for group in kinds:
                    if (group, name) not in seen:  # as once() takes it
                        seen.add((group, name))
                        groups.setdefault(group, []).append(copy)
        known: dict = {kind: tuple(copies) for kind, copies in groups.items()}
        known[_NAMES] = names
        return known

    def _kinds_plus(self, parent: dict, copy: str) -> dict[str, tuple[str, ...]] | None:
        """The table of a pool one card longer than ``parent``'s (a card drawn): a copy of a new card goes
        into its groups at its place in copy order; ``None`` for a second copy of a card (worked out in full)."""
        name, kinds = self._groups_of(copy)
        names = parent[_NAMES]
        if name in names:
            return None
        known = dict(parent)
        for group in kinds:
            copies = known.get(group)
            if copies is None:
                known[group] = (copy,)
            else:
                i = bisect_left(copies, copy)
                known[group] = (*copies[:i], copy, *copies[i:])
        known[_NAMES] = names | {name}
        return known

    def _kinds_minus(self, before: tuple[str, ...], key: tuple[str, ...]) -> dict[str, tuple[str, ...]] | None:
        """The table of ``key``, ``before`` less one copy, from ``before``'s (when known and every card in it
        is there once): the copy leaves its groups (an emptied group goes); else ``None``."""
        parent = _KINDS.get(before)
        if parent is None or len(parent[_NAMES]) != len(before):
            return None
        i = 0
        while i < len(key) and key[i] == before[i]:
            i += 1
        if before[:i] + before[i + 1:] != key:
            return None
        copy = before[i]
        name, kinds = self._groups_of(copy)
        known = dict(parent)
        for group in kinds:
            copies = tuple([c for c in known[group] if c != copy])
            if copies or group == ALL:
                known[group] = copies
            else:
                del known[group]
        known[_NAMES] = parent[_NAMES] - {name}
        return known

    def _groups_of(self, copy: str) -> tuple[str, tuple[str, ...]]:
        row = _GROUPS_OF.get(copy)
        if row is None:
            c = self.card(copy)
            row = _GROUPS_OF[copy] = (c.name, (ALL, c.kind, *_GROUPS.get(c.kind, ())))
        return row

    def held(self, h: Hero, kind: str) -> tuple[str, ...]:
        """``by_kind(h.hand + h.carried)[kind]`` (one-shots, escapes, Remove Curse: from the hand or the belt),
        read off the hand's own table when nothing in play is of that kind (no new pool to work out)."""
        if h.carried and kind in self.by_kind(h.carried):
            return self.by_kind(h.hand + h.carried).get(kind, ())
        return self.by_kind(h.hand).get(kind, ())

    def items_once(self, h: Hero) -> tuple[str, ...]:
        """The items in play and in the backpack, one copy per card (the backpack's first)."""
        key = (tuple(h.backpack), tuple(h.carried))
        known = _ITEMS.get(key)
        if known is None:
            if len(_ITEMS) > TABLES_KEPT:
                _ITEMS.clear()
            known = _ITEMS[key] = tuple(self.once(*key))
        return known

    def usable(self, player: int, copy: str) -> bool:
        if copy in self.state.heroes[player].cheats:
            return True
        card = self.card(copy)
        tags = self.frozen_tags(player)
        key = (tags, card.id)
        known = _USABLE.get(key)
        if known is None:
            known = _USABLE[key] = (not card.only or bool(tags & set(card.only))) and not (tags & set(card.not_for))
        return known

    def can_carry(self, player: int, copy: str) -> bool:
        card = self.card(copy)
        if card.kind not in ("item", "one_shot") or not self.usable(player, copy):
            return False
        if card.kind == "one_shot":
            return True  # on the belt (heroes.fits)
        carried = tuple(self.state.heroes[player].carried)
        known = _CARRIED.get(carried)  # heroes.fits: the slots taken and the hands used by what is in play
        if known is None:
            cards = [self.card(c) for c in carried]
            known = _CARRIED[carried] = (frozenset(c.slot for c in cards), hands_used(cards))
            if len(_CARRIED) > TABLES_KEPT:
                _CARRIED.clear()
        slots, hands = known
        if card.slot in WORN_SLOTS and card.slot in slots:
            return False
        return hands + (1 if card.slot == "hands1" else 2 if card.slot == "hands2" else 0) <= 2

    def item_bonus(self, player: int) -> int:
        """Items in play (not the backpack, not the belt's one-shots) that their owner may use."""
        h = self.state.heroes[player]
        return sum(self.card(c).bonus for c in h.carried if self.card(c).kind == "item" and self.usable(player, c))

    def base_moves(self, player: int) -> int:
        """3 moves, -1 for each big item beyond the first (p. 16, 大物品), less the moves curses kept in front of
        the player take (p. 17: 降低移动力)."""
        moves = self._item_moves(player)
        return moves if not self.state.curses_on else max(0, moves - self.cursed(player, "fewer_moves"))

    def _item_moves(self, player: int) -> int:
        h = self.state.heroes[player]
        carried, backpack = h.carried, h.backpack
        if len(carried) + len(backpack) < 2:  # (asked before and after most actions: one big item costs nothing)
            return START_MOVES
        card = self.card
        big = sum([card(c).big for c in carried]) + sum([card(c).big for c in backpack])
        return max(0, START_MOVES - max(0, big - 1))

    def _plays(self, p: int, hand: dict[str, tuple[str, ...]] | None = None) -> list[Action]:
        """Races, classes, items (into play, or the backpack), one-shots (onto the belt), Go Up a Level
        (``hand``: ``by_kind`` of the hand, when the caller has it)."""
        h = self.state.heroes[p]
        out: list[Action] = []
        index, card = self.card_index, self.card
        room = len(h.backpack) < BACKPACK
        for copy in (hand or self.by_kind(h.hand))[ALL]:
            kind = (index[copy] if copy in index else card(copy)).kind
            if kind == "one_shot":
                ok = True
            elif kind == "item":
                ok = room or self.can_carry(p, copy)
            elif kind == "race":
                ok = self._second_fits(h.race, h.race2, h.half_breed, copy)
            elif kind == "class":
                ok = self._second_fits(h.cls, h.cls2, h.super_munchkin, copy)
            elif kind == "half_breed":
                ok = h.race is not None and h.half_breed is None
            elif kind == "super_munchkin":
                ok = h.cls is not None and h.super_munchkin is None
            else:
                ok = kind == "go_up_a_level" and h.level < WIN_LEVEL - 1
            if ok:
                out.append(MADE.get((PlayCard, p, copy)) or made(PlayCard, p, copy))
        return out

    def _second_fits(self, first: str | None, second: str | None, enabler: str | None, copy: str) -> bool:
        """One race (class); a second, different one only with a Half-Breed (Super Munchkin)."""
        if first is None:
            return True
        card, have = self.card(copy), self.card(first)
        return bool(enabler) and second is None and (card.race, card.cls) != (have.race, have.cls)

    def _item_actions(self, p: int, hand: dict[str, tuple[str, ...]] | None = None) -> list[Action]:
        """Outside fights: the backpack, dropping, giving to a munchkin nearby, Cheat! (``hand``: ``by_kind``
        of the hand, when the caller has it; the parts with nothing to list are skipped)."""
        h = self.state.heroes[p]
        if hand is None:
            hand = self.by_kind(h.hand)
        carried, backpack = h.carried, h.backpack
        out: list[Action] = []
        if carried and len(backpack) < BACKPACK:
            out += [made(Pack, p, c, True) for c in self.by_kind(carried).get("item", ())]
        if backpack:
            out += [made(Pack, p, c, False) for c in self.once(c for c in backpack if self.can_carry(p, c))]
        items = self.items_once(h) if carried or backpack else ()
        if items:
            out += made_each(Drop, p, tuple(items))
        out += made_each(Drop, p, hand.get(PLAYABLE, ()))  # hand_drops
        gold = h.gold
        amounts = _AMOUNTS[gold] if gold in _AMOUNTS else tuple(sorted({n for n in (100, gold) if 0 < n <= gold}))
        if items or amounts:
            friends = self.friends(p)
            if friends:
                if items:
                    heroes = self.state.heroes
                    if all(len(heroes[q].backpack) < BACKPACK for q in friends):  # (_receives: all of them)
                        out += made_pairs(GiveItem, p, items, tuple(friends))
                    else:
                        out += [made(GiveItem, p, c, q) for c in items for q in friends if self._receives(q, c)]
                out += made_pairs(GiveGold, p, tuple(friends), amounts)
        out += made_each(DropGold, p, amounts)
        cheats = hand.get("cheat", ())[:1]  # the description names the item
        if cheats:
            targets = self.once(backpack, h.hand,
                                keep=lambda c: self.card(c).kind == "item" and not self.can_carry(p, c))
            out += [made(PlayCheat, p, x, item) for x in cheats for item in targets]
        return out

    def friends(self, p: int) -> list[int]:
        """The living munchkins in ``p``'s room or an adjacent one through a passable link (p. 16: giving)."""
        heroes = self.state.heroes
        munchkins, colours = self.state.dungeon.munchkins, self.state.colours
        here = munchkins[colours[p]]
        others = [(q, munchkins[colours[q]]) for q in range(self.params.players) if q != p and not heroes[q].dead]
        if not others:
            return []
        if all(room == here for _, room in others):
            return [q for q, _ in others]
        near = self.neighbours(here)
        near.append(here)
        return [q for q, room in others if room in near]

    def hand_drops(self, p: int) -> list[Action]:
        """In your own turn, items and one-shots straight from the hand to the floor (p. 7 行善: "你完全可以把手里的
        卡牌放到场上，把能卖掉的东西卖掉，甚至把手里的东西扔到地上，这样可以少给别人或少弃一点牌")."""
        return [made(Drop, p, c) for c in self.by_kind(self.state.heroes[p].hand).get(PLAYABLE, ())]

    def _receives(self, player: int, copy: str) -> bool:
        if self.params.rules >= 2:
            for h in self.state.heroes:
                if copy in h.cheats:
                    return True  # its Cheat! goes with it: it goes into play whatever it needs (p. 16)
        return len(self.state.heroes[player].backpack) < BACKPACK or self.can_carry(player, copy)

    def hand_over(self, giver: int, receiver: int, copy: str) -> None:
        """An item changes hands (given, a bribe, stolen): into the receiver's play where it fits, else the
        backpack; a Cheat! on it goes with it (p. 16: 当你失去这件物品的时候，“规则去死！”卡会跟着物品走)."""
        g, r = self.state.heroes[giver], self.state.heroes[receiver]
        if self.params.rules >= 2 and copy in g.cheats:
            cheat = g.cheats.pop(copy)
            (g.carried if copy in g.carried else g.backpack).remove(copy)
            r.carried.append(copy)
            r.cheats[copy] = cheat
            return
        self._unequip(giver, copy)
        (r.carried if self.can_carry(receiver, copy) else r.backpack).append(copy)

    def _do_PlayCard(self, action: PlayCard) -> None:
        h = self.state.heroes[action.player]
        card = self.card(action.card)
        h.hand.remove(action.card)
        before = self.base_moves(action.player)
        if card.kind == "race":
            h.race, h.race2 = (action.card, None) if h.race is None else (h.race, action.card)
        elif card.kind == "class":
            h.cls, h.cls2 = (action.card, None) if h.cls is None else (h.cls, action.card)
        elif card.kind == "half_breed":
            h.half_breed = action.card
        elif card.kind == "super_munchkin":
            h.super_munchkin = action.card
        elif card.kind == "go_up_a_level":
            h.level += 1
            self._discard(action.card)
        elif self.can_carry(action.player, action.card):
            h.carried.append(action.card)
        else:
            h.backpack.append(action.card)
        self._moves_changed(action.player, before)
        self.event(f"player {action.player} plays {card.name}" + (f" (level {h.level})" if card.kind ==
                                                                  "go_up_a_level" else ""))

    def _moves_changed(self, player: int, before: int) -> None:
        """A change of move points counts as if from the start of the turn (p. 6); moves cut below those used
        this turn stop the moving, the once-a-turn crossing too, with no other penalty (p. 6: "那么你就不能再移动了，
        但是并没有其他惩罚"; rules edition 2)."""
        if player == self.state.current:
            left = self.state.moves_left + self.base_moves(player) - before
            if left < 0 and self.params.rules >= 2:
                self.state.all_in_used = True
                self.event(f"player {player} has used more moves than the turn now gives: no more moving this turn")
            self.state.moves_left = max(0, left)

    def _do_Pack(self, action: Pack) -> None:
        h = self.state.heroes[action.player]
        if action.into:
            h.carried.remove(action.card)
            h.backpack.append(action.card)
        else:
            h.backpack.remove(action.card)
            h.carried.append(action.card)
        self.event(action.describe())

    def _unequip(self, player: int, copy: str) -> None:
        h = self.state.heroes[player]
        if copy in h.hand:  # dropped straight from the hand (p. 7 行善)
            h.hand.remove(copy)
            return
        (h.carried if copy in h.carried else h.backpack).remove(copy)
        if copy in h.cheats:
            self.state.dxm_discard.append(h.cheats.pop(copy))

    def _do_Drop(self, action: Drop) -> None:
        before = self.base_moves(action.player)
        self._unequip(action.player, action.card)
        self.state.dropped.setdefault(self.room_of(action.player).id, []).append(action.card)
        self.to_floor(action.player, action.card)
        self._moves_changed(action.player, before)
        self.event(action.describe())

    def _do_GiveItem(self, action: GiveItem) -> None:
        before = self.base_moves(action.player)
        self.hand_over(action.player, action.to, action.card)
        self._moves_changed(action.player, before)  # the receiver's moves change from their next turn
        self.event(action.describe())

    def _do_PlayCheat(self, action: PlayCheat) -> None:
        h = self.state.heroes[action.player]
        h.hand.remove(action.card)
        (h.hand if action.item in h.hand else h.backpack).remove(action.item)
        h.carried.append(action.item)
        h.cheats[action.item] = action.card
        self.event(action.describe())

    def discardable(self, p: int) -> list[str]:
        """Cards a discard may take (p. 4 弃牌: "除非另有说明，否则你可以弃任何牌，无论是弃手牌还是弃场上的牌都可以";
        p. 15: "没错，你可以弃掉职业卡本身来启动它自己的能力"): the hand, items in play and in the backpack, races and
        classes (edition 1: the hand only). One copy per card, the hand's first."""
        h = self.state.heroes[p]
        if self.params.rules < 2:
            return list(self.by_kind(h.hand)[ALL])
        identity = [c for c in (h.race, h.race2, h.cls, h.cls2, h.half_breed, h.super_munchkin) if c]
        return self.once(h.hand, h.backpack, h.carried, identity)

    def discard_from(self, p: int, copy: str) -> None:
        """Discard ``copy`` wherever ``p`` holds it (hand, play, backpack, race or class)."""
        h = self.state.heroes[p]
        if copy in h.hand:
            h.hand.remove(copy)
            self._discard(copy)
        elif copy in (h.race, h.race2, h.cls, h.cls2):
            self._do_GiveUp(made(GiveUp, p, copy))
        elif copy in (h.half_breed, h.super_munchkin):
            if copy == h.half_breed:
                h.half_breed = None
                if h.race2:  # two races need the Half-Breed: the second one goes with it
                    self._discard(h.race2)
                    h.race2 = None
            else:
                h.super_munchkin = None
                if h.cls2:
                    self._discard(h.cls2)
                    h.cls2 = None
            self._discard(copy)
        else:
            before = self.base_moves(p)
            self._unequip(p, copy)
            self._discard(copy)
            self._moves_changed(p, before)

    def _discard(self, copy: str) -> None:
        (self.state.dxm_discard if self.card(copy).deck == "dxm" else self.state.treasure_discard).append(copy)

    def _walls(self, p: int, hand: dict[str, tuple[str, ...]] | None = None) -> list[Action]:
        walls = (hand or self.by_kind(self.state.heroes[p].hand)).get("summon_wall", ())[:1]  # names the side
        if not walls:
            return []
        room = self.room_of(p)
        sides = [s for s in Side if self.state.dungeon.link(room.at, s) is not LinkKind.WALL and not (
            room.entrance or (self.state.dungeon.room_at(s.step(room.at)) or room).entrance)]
        return [made(SummonWall, p, w, s.value) for w in walls for s in sides]

    def _do_SummonWall(self, action: SummonWall) -> None:
        h = self.state.heroes[action.player]
        h.hand.remove(action.card)
        self._discard(action.card)
        room = self.room_of(action.player)
        self.state.dungeon.links[link_key(room.at, Side(action.side))] = LinkKind.WALL
        self.state.walls_without_pool += 1
        self.event(action.describe())

    def _do_DropGold(self, action: DropGold) -> None:
        self.state.heroes[action.player].gold -= action.amount
        room = self.room_of(action.player).id
        self.state.dropped_gold[room] = self.state.dropped_gold.get(room, 0) + action.amount
        self.event(action.describe())

    def _do_GiveGold(self, action: GiveGold) -> None:
        self.state.heroes[action.player].gold -= action.amount
        self.state.heroes[action.to].gold += action.amount
        self.event(action.describe())
