"""Races and classes (p. 15, 17: 任何时候都可以弃掉种族卡，战斗中也不例外; 混血 / 超级小白): tags for icons, powers
and items, a Half-Breed's or Super Munchkin's advantages without drawbacks, giving
them up."""

from __future__ import annotations

from typing import ClassVar

from ...core.caches import BoundedDict
from ...core.identity import character_tags, drop_identity
from ...core.protocol import Action
from ..actions import GiveUp, made, made_each
from ..heroes import Hero

_TAGS: dict[tuple, frozenset[str]] = BoundedDict(4096)  # (sex, races, classes, half-breed) -> tags


class IdentityRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: identity."""

    #: the actions this rule owns -> (its name, the gist of the rule) for a refused one
    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        GiveUp: ("races and classes", "you can only give up a race or class you have (p. 15)"),
    }

    def tags(self, player: int) -> set[str]:
        """Races (human without one; a Half-Breed with one race is half human), classes and sex: what
        green icons, powers and item restrictions look at."""
        return set(self.frozen_tags(player))

    def frozen_tags(self, player: int) -> frozenset[str]:
        """:meth:`tags`, the shared frozen set (not to be changed)."""
        h = self.state.heroes[player]
        key = (h.sex, h.race, h.race2, h.cls, h.cls2, h.half_breed is not None)
        tags = _TAGS.get(key)
        if tags is None:  # the cards are static: one computation per combination, shared by every game
            tags = _TAGS[key] = character_tags(h, self.card)
        return tags

    def weak_tags(self, player: int) -> set[str]:
        """What red icons and monsters' bonuses look at: a Half-Breed with one race, or a Super Munchkin
        with one class, has its advantages and none of its drawbacks (p. 17, 混血和超级小白)."""
        h = self.state.heroes[player]
        tags = self.tags(player)
        if h.half_breed and h.race and not h.race2:
            tags.discard(self.card(h.race).race)
        if h.super_munchkin and h.cls and not h.cls2:
            tags.discard(self.card(h.cls).cls)
        return tags

    def _give_ups(self, p: int) -> list[Action]:
        h = self.state.heroes[p]
        if not (h.race or h.race2 or h.cls or h.cls2):
            return []
        out: list[Action] = list(made_each(GiveUp, p, tuple([c for c in (h.race, h.race2, h.cls, h.cls2) if c])))
        # p. 17: a lone race (class) given up on purpose may be swapped for another at once, keeping the
        # Half-Breed (Super Munchkin) that would otherwise go with it
        for have, enabler, kind in ((h.race, h.half_breed and not h.race2, "race"),
                                    (h.cls, h.super_munchkin and not h.cls2, "class")):
            if have and enabler:
                mine = (self.card(have).race, self.card(have).cls)
                out += [made(GiveUp, p, have, c) for c in self.by_kind(h.hand).get(kind, ())
                        if (self.card(c).race, self.card(c).cls) != mine]
        return out

    def _do_GiveUp(self, action: GiveUp) -> None:
        """A race or class leaves play; the Half-Breed (Super Munchkin) goes when no race (class) is left,
        unless another is played in its place at once (p. 17: "如果你是故意弃掉种族卡的，那就可以同时打出另一张种族卡
        来代替原来的那张，直接从，比如说，半精灵变成半矮人")."""
        self.event(action.describe())
        h = self.state.heroes[action.player]
        if action.instead:
            h.hand.remove(action.instead)
            if action.card == h.race:
                h.race = action.instead
            else:
                h.cls = action.instead
            self._discard(action.card)
            return
        for gone in drop_identity(h, action.card, super_needs_two_classes=False):
            self._discard(gone)

    def _identity_fits(self, h: Hero, copy: str) -> bool:
        kind = self.card(copy).kind
        if kind == "race":
            return self._second_fits(h.race, h.race2, h.half_breed, copy)
        if kind == "class":
            return self._second_fits(h.cls, h.cls2, h.super_munchkin, copy)
        if kind == "half_breed":
            return h.race is not None and h.half_breed is None
        return h.cls is not None and h.super_munchkin is None  # super_munchkin

    def character(self, player: int) -> str:
        """"female Half-Breed Elf Super Munchkin Warrior": sex, races and classes in play."""
        h = self.state.heroes[player]
        races = "/".join(self.card(r).name for r in (h.race, h.race2) if r) or "Human"
        classes = "/".join(self.card(c).name for c in (h.cls, h.cls2) if c) or "no class"
        return f"{h.sex} {'Half-Breed ' if h.half_breed else ''}{races} " \
               f"{'Super Munchkin ' if h.super_munchkin else ''}{classes}"
