"""Worlds consistent with what one seat knows: :func:`sample_world` redraws everything the rules hide
from a seat (the other hands, face-down cards, the order and contents of the decks) uniformly among the
ways that fit what the seat has seen, and gives a copy of the game holding one such world.

The result has exactly the seat's :meth:`~tablerules.core.protocol.Game.observation`,
:meth:`~tablerules.core.protocol.Game.observation_string` and
:meth:`~tablerules.core.protocol.Game.log_for` of the original, holds the game's invariants, and plays on.
The draw depends only on the random stream and on what the seat knows, never on where the hidden cards
really are: the same stream gives the same world from the real game and from any world sampled from it
for that seat (what a search agent needs to decide from its information set only).
It is how a seat-view agent can search (determinisation), how exact odds "as seat ``p`` sees them" are
checked against brute force, and how the leak tests (``tests/test_leaks.py``) check that nothing a seat is
shown depends on what is hidden from it (:func:`assert_same_view`).

What is hidden is said per game by a :class:`WorldModel` (``tablerules/<game>/worlds.py``): the *zones*
hidden from a seat (other hands, the decks, face-down piles), the kind of each card (cards are only
exchanged with cards of the same kind: a Door card never lands in the Treasure deck), and how to write the
redrawn zones back. What the seat knows besides what it sees now is found by :func:`knowledge`, which
replays the game's history and *pins* a card to the hidden zone it went to when the seat saw it go there
(it left the seat's view, or a log line the seat read names it): a card a seat passed to a neighbour, drew
face up, or saw put under a pile stays where it is in every sampled world. A pin is dropped as soon as a
card leaves its zone unseen (or a copy of the same card leaves it). Two kinds of knowledge are not used,
so a sampled world can be slightly *less* informed than a sharp player (never more): what other seats'
choices suggest, and partial knowledge ("the card I lost is in one of two hands").

A sampled world is a copy of the game whose history and log are the original's: replaying that history
gives the original, not the sampled world, so the copy is marked (``world_of``) and refuses
:meth:`~tablerules.core.protocol.Game.to_json`, ``save`` and ``undo`` with :class:`IllegalAction`. Its
referee log (``log``, ``log_for(None)``) is the original's up to the sampling and may name cards that are
elsewhere in the sampled world; ``log_for(player)`` is exact. Play goes on normally from it.
"""

from __future__ import annotations

import importlib
import random
import re
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .errors import IllegalAction
from .protocol import Game

__all__ = ["WORLD_MODULES", "Knowledge", "WorldModel", "Zone", "assert_same_view", "chance_view", "knowledge",
           "model_for", "sample_world", "seat_view"]


@dataclass(frozen=True)
class Zone:
    """A place whose cards a seat cannot see: ``cards`` as the state holds them; ``ordered`` when the
    positions matter (a pile drawn from the top in order), else a shuffled pool or a hand."""

    key: Hashable
    cards: tuple[str, ...]
    ordered: bool = False


class WorldModel(Protocol):
    """What one game hides from a seat (each game's ``worlds.py`` has one, ``MODEL``)."""

    def zones(self, game: Any, player: int) -> list[Zone]:
        """The zones hidden from ``player`` now."""

    def universe(self, game: Any) -> Counter[str]:
        """Every card the zones can hold (a card not in a zone hidden from a seat is one it sees: its hand,
        the cards face up on the table, the discards it saw go)."""

    def kind(self, game: Any, card: str) -> Hashable:
        """Cards are exchanged only with cards of the same kind (the same back)."""

    def put(self, game: Any, player: int, zones: dict[Hashable, list[str]], moved: dict[Hashable, list[int]]) -> None:
        """Write the redrawn ``zones`` back into ``game.state``; ``moved[key]`` lists the positions in
        that zone whose card was redrawn (for marks that go with a card slot: treasures just won)."""

    def names(self, game: Any, card: str) -> Sequence[str]:
        """How the log names ``card`` (a log line naming it shows where it went)."""

    def chance_hidden(self, game: Any, player: int) -> bool:
        """Whether the pending chance step draws from something hidden from ``player`` (its outcome
        list would show the seat cards it may not see)."""


#: game name -> the module holding its :class:`WorldModel` as ``MODEL``
WORLD_MODULES: dict[str, str] = {
    "munchkin": "tablerules.munchkin.worlds",
    "quest": "tablerules.quest.worlds",
    "quest-crawl": "tablerules.quest.worlds",
    "smallworld": "tablerules.smallworld.worlds",
    "baldursgate": "tablerules.baldur.worlds",
    "kragmortha": "tablerules.kragmortha.worlds",
}


def model_for(game: Game) -> WorldModel:
    """The :class:`WorldModel` of ``game``'s kind (``KeyError`` for a game without one)."""
    module = importlib.import_module(WORLD_MODULES[game.name])
    models = getattr(module, "MODELS", None)
    return models[game.name] if models else module.MODEL


# ----- what a seat knows -------------------------------------------------------------------------------
@dataclass
class Knowledge:
    """The cards ``player`` knows to be in each hidden zone: a count per card for a pool or hand, a flag
    per position for an ordered pile. ``replayed`` is False when the history does not lead to the state
    (a position set up by hand): then only what the seat sees now is used."""

    player: int
    pools: dict[Hashable, Counter[str]] = field(default_factory=dict)
    piles: dict[Hashable, list[bool]] = field(default_factory=dict)
    replayed: bool = True

    def pinned(self, zone: Zone) -> list[bool]:
        """Per position of ``zone``: whether the seat knows that card is there."""
        if zone.ordered:
            flags = self.piles.get(zone.key, [])
            return flags if len(flags) == len(zone.cards) else [False] * len(zone.cards)
        left = Counter(self.pools.get(zone.key, Counter()))
        out = []
        for card in zone.cards:
            out.append(left[card] > 0)
            left[card] -= 1
        return out


_KNOWN: dict[tuple, tuple[Any, Knowledge]] = {}


@dataclass(frozen=True)
class _Inherited:
    """What the seat a world was sampled for knew (``key``: the seat and the number of actions then); shared
    by the world's copies, never copied (a search copies its worlds at every step)."""

    key: tuple[int, int]
    knowledge: Knowledge

    def __deepcopy__(self, memo: dict) -> _Inherited:
        return self


def knowledge(game: Game, player: int) -> Knowledge:
    """What ``player`` knows of the hidden zones now, found by replaying the history (remembered for the
    last positions asked about)."""
    if game.game_info().perfect_information:
        return Knowledge(player)
    inherited = getattr(game, "world_knowledge", None)  # a world sampled for this seat, not played on since
    if inherited is not None and inherited.key == (player, game.num_actions):
        return inherited.knowledge
    node = game._history._node
    key = (type(game), game.seed, repr(game.params), player, id(node), game.num_actions)
    known = _KNOWN.get(key)
    if known is not None and known[0] is node:
        return known[1]
    result = _track(game, player)
    if len(_KNOWN) > 64:
        _KNOWN.clear()
    _KNOWN[key] = (node, result)
    return result


def _track(game: Game, player: int) -> Knowledge:
    model = model_for(game)
    fresh = type(game)(game.params, seed=game.seed)
    know = Knowledge(player)
    zones = {z.key: z for z in model.zones(fresh, player)}
    for z in zones.values():  # at the start a seat knows only what it sees (the decks are shuffled)
        know.pools[z.key] = Counter()
        know.piles[z.key] = [False] * len(z.cards)
    every = model.universe(fresh)
    seen = _visible(every, zones.values())
    lines = len(fresh.log_for(player))
    try:
        for action in game.history:
            fresh._perform_recorded(action)
            after = {z.key: z for z in model.zones(fresh, player)}
            seen_now = _visible(every, after.values())
            log = fresh.log_for(player)
            new_lines, lines = log[lines:], len(log)
            _update(model, fresh, know, zones, after, seen - seen_now, new_lines)
            zones, seen = after, seen_now
    except Exception:  # a position set up by hand: its history does not replay to it
        return Knowledge(player, replayed=False)
    if fresh.state_dict() != game.state_dict():
        return Knowledge(player, replayed=False)
    return know


def _visible(every: Counter[str], zones: Any) -> Counter[str]:
    hidden: Counter[str] = Counter()
    for zone in zones:
        hidden.update(zone.cards)
    return every - hidden


def _named(name: str, text: str) -> bool:
    """Whether ``text`` names ``name`` as a word of its own ("5H" is not named by "15H")."""
    return bool(name) and re.search(rf"(?<![\w#]){re.escape(name)}(?![\w#])", text) is not None


def _update(model: WorldModel, game: Game, know: Knowledge, before: dict[Hashable, Zone],
            after: dict[Hashable, Zone], lost: Counter[str], lines: list[str]) -> None:
    """One step of :func:`_track`: keep the pins of cards that stayed, pin the cards that came in seen."""
    text = "\n".join(lines)

    def seen_coming(added: Counter[str]) -> Counter[str]:
        out: Counter[str] = Counter()
        for card, n in added.items():
            named = bool(text) and any(_named(name, text) for name in model.names(game, card))
            out[card] = n if named else min(n, lost[card])
        return out

    for key, zone in after.items():
        old = before.get(key)
        old_cards = old.cards if old is not None else ()
        if old_cards == zone.cards:
            continue
        if zone.ordered:
            flags = know.piles.get(key, [False] * len(old_cards))
            cut = _front_cut(old_cards, zone.cards)
            if cut is None:
                kept: list[bool] = [False] * len(zone.cards)
                budget = seen_coming(Counter(zone.cards))
            else:
                kept = flags[cut:]
                budget = seen_coming(Counter(zone.cards[len(old_cards) - cut:]))
            for card in zone.cards[len(kept):]:
                kept.append(budget[card] > 0)
                budget[card] -= 1
            know.piles[key] = kept
        else:
            now, was = Counter(zone.cards), Counter(old_cards)
            stayed = now & was
            removed = was - stayed
            pins = know.pools.get(key, Counter())
            kept_pool = Counter({c: min(stayed[c], n - removed[c]) for c, n in pins.items() if n - removed[c] > 0})
            kept_pool.update(seen_coming(now - stayed))
            know.pools[key] = +kept_pool
    shown = getattr(model, "shown", None)
    for key, cards in (shown(game, know.player, lines) if shown and lines else {}).items():
        zone = after.get(key)
        if zone is not None and not zone.ordered:
            know.pools[key] = Counter(zone.cards) & cards
    for key in before.keys() - after.keys():
        know.pools.pop(key, None)
        know.piles.pop(key, None)


def _front_cut(old: Sequence[str], new: Sequence[str]) -> int | None:
    """How many cards came off the front of ``old`` if ``new`` is the rest of it with cards added at the
    end (a pile drawn from the top and added to at the bottom); ``None`` when it is not."""
    for cut in range(len(old) + 1):
        rest = old[cut:]
        if tuple(new[:len(rest)]) == tuple(rest):
            return cut
    return None


# ----- sampling ----------------------------------------------------------------------------------------
def sample_world(game: Game, player: int, rng: random.Random | None = None) -> Game:
    """A copy of ``game`` whose cards hidden from ``player`` are redrawn uniformly among the worlds that
    fit what ``player`` has seen (see the module doc). The copy refuses saving and undoing."""
    rng = rng or random.Random()
    new = game.copy()
    _mark(new, player)
    if game.game_info().perfect_information:
        return new
    model = model_for(game)
    zones = model.zones(game, player)
    know = knowledge(game, player)
    slots: dict[Hashable, list[tuple[Hashable, int]]] = {}
    cards: dict[Hashable, list[str]] = {}
    for zone in zones:
        for i, (card, pinned) in enumerate(zip(zone.cards, know.pinned(zone), strict=True)):
            if not pinned:
                kind = model.kind(game, card)
                slots.setdefault(kind, []).append((zone.key, i))
                cards.setdefault(kind, []).append(card)
    redrawn = {zone.key: list(zone.cards) for zone in zones}
    moved: dict[Hashable, list[int]] = {zone.key: [] for zone in zones}
    ordered = {zone.key for zone in zones if zone.ordered}
    for kind in sorted(slots, key=repr):
        keys = {key for key, _ in slots[kind]}
        if len(keys) == 1 and not keys & ordered:  # all in one shuffled pile: the same pile in every world
            continue
        pile = sorted(cards[kind])  # the draw depends on the rng and what the seat knows, not on the real order
        rng.shuffle(pile)
        for (key, i), card in zip(slots[kind], pile, strict=True):
            redrawn[key][i] = card
            moved[key].append(i)
    model.put(new, player, redrawn, moved)
    new.refresh()
    # its history replays to the real game, not to it: what the seat knew stays with it (sampling again from
    # it gives the worlds sampling from the real game gives)
    object.__setattr__(new, "world_knowledge", _Inherited((player, game.num_actions), know))
    return new


def _refuse(what: str) -> Callable[..., Any]:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise IllegalAction("sampled world", f"a sampled world cannot be {what}: its history leads to the real "
                            "game, not to this one")
    return refuse


def _mark(game: Game, player: int) -> None:
    put = object.__setattr__
    put(game, "world_of", player)
    put(game, "to_json", _refuse("saved"))
    put(game, "save", _refuse("saved"))
    put(game, "undo", _refuse("undone"))


# ----- what a seat is shown ----------------------------------------------------------------------------
def chance_view(game: Game, player: int | None) -> tuple[str, str, tuple[tuple[str, str], ...] | None]:
    """The pending chance step as ``player`` may see it: its event, its description, and its outcomes with
    their probabilities (sorted: the order a pile is kept in is no news), or ``None`` for the outcomes when
    they would show cards hidden from the seat (a draw from a deck lists the deck)."""
    step = game.chance_step()
    if step is None:
        return ("", "", ())
    hidden = player is not None and not game.game_info().perfect_information and \
        model_for(game).chance_hidden(game, player)
    outcomes = None if hidden else tuple(sorted((a.describe(), str(p)) for a, p in step.outcomes))
    return (step.event, step.description, outcomes)


def seat_view(game: Game, player: int) -> str:
    """Everything ``player`` is shown by the engine, as one text: the observation, its text, the log as the
    seat read it, the pending chance step as the seat sees it, and the explanation panel's numbers."""
    import json

    from ..explain import explain

    return "\n".join([json.dumps(game.observation(player), sort_keys=True, default=str),
                      game.observation_string(player), *game.log_for(player), repr(chance_view(game, player)),
                      *explain(game, player).lines()])


def assert_same_view(render: Callable[[Game, int], str], game: Game, player: int, n_worlds: int = 5,
                     rng: random.Random | None = None) -> list[Game]:
    """Raise ``AssertionError`` naming the first difference if ``render(world, player)`` is not the same
    text for ``game`` and ``n_worlds`` worlds sampled for ``player``: whatever ``render`` shows the seat
    must not depend on what is hidden from it. Returns the worlds (to check more on them)."""
    rng = rng or random.Random(0)
    want = render(game, player)
    worlds = []
    for _ in range(n_worlds):
        world = sample_world(game, player, rng)
        got = render(world, player)
        if got != want:
            a, b = want.splitlines(), got.splitlines()
            diff = next(((i, x, y) for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
                        (min(len(a), len(b)), "<end>", "<end>"))
            raise AssertionError(f"{game.name} seat {player} after {game.num_actions} actions: what the seat is "
                                 f"shown depends on hidden cards (line {diff[0]}):\n  real:    {diff[1]!r}\n"
                                 f"  sampled: {diff[2]!r}")
        worlds.append(world)
    return worlds


class HandsAndDecks:
    """A :class:`WorldModel` for a game of hands and decks of cards with one id per physical card (Munchkin,
    Munchkin Quest): the other seats' hands and the decks are hidden; a card's kind is its deck (its back);
    the log names cards by name. ``seats`` names the state's list of seats, ``decks`` the deck fields,
    ``marks`` the per-seat fields naming cards of the hand that go with their slot (treasures just won)."""

    seats: str = "players"
    decks: tuple[str, ...] = ()
    marks: tuple[str, ...] = ()

    def zones(self, game: Any, player: int) -> list[Zone]:
        s = game.state
        out = [Zone(("hand", q), tuple(seat.hand)) for q, seat in enumerate(getattr(s, self.seats)) if q != player]
        return out + [Zone(deck, tuple(getattr(s, deck))) for deck in self.decks]

    def universe(self, game: Any) -> Counter[str]:
        return Counter(c for deck in self.decks for c in _copies(game, deck))

    def kind(self, game: Any, card: str) -> Hashable:
        return game.card(card).deck

    def names(self, game: Any, card: str) -> Sequence[str]:
        return (game.card(card).name,)

    def put(self, game: Any, player: int, zones: dict[Hashable, list[str]], moved: dict[Hashable, list[int]]) -> None:
        s = game.state
        seats = getattr(s, self.seats)
        renamed: dict[str, str] = {}
        for key, cards in zones.items():
            if isinstance(key, tuple):
                seat = seats[key[1]]
                renamed.update({seat.hand[i]: cards[i] for i in moved[key]})
                seat.hand = cards
            else:
                setattr(s, key, cards)
        self.rename(game, player, renamed)

    def rename(self, game: Any, player: int, renamed: dict[str, str]) -> None:
        """Marks on cards of the other hands follow their slot: the card now there carries them."""
        for q, seat in enumerate(getattr(game.state, self.seats)):
            if q != player:
                for mark in self.marks:
                    setattr(seat, mark, [renamed.get(c, c) for c in getattr(seat, mark)])

    def chance_hidden(self, game: Any, player: int) -> bool:
        step = game.chance_step()
        return step is not None and step.event in self.decks_by_event


def _copies(game: Any, deck: str) -> list[str]:
    """Every card id of the deck ``deck`` (``"door_deck"``: the Door cards)."""
    from .cards import copies

    return copies(game.cards, deck.removesuffix("_deck"))
