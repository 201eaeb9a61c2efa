"""Chance steps in plain words for the terminal, as a rule book would put them: "player 0 draws a Door card
(81 left in the deck)", "roll the d6 (1-6, each 1/6)", "player 3 takes one of player 1's 7 cards".

A draw never lists what is in the deck; a person at the table types the card drawn by its name, checked
against the legal outcomes with one refusal for every name that is not accepted (so the refusal tells
nothing about the deck). Dice and other small public sets (the monster die's colours, who goes first)
list their outcomes with their chances.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.protocol import Action, ChanceStep, Game
from ..core.referee import hidden_from
from .catalogue import normal, outcome_names
from .words import and_join, plain

#: game -> chance event -> (what is drawn, the pile it comes from); the events that draw cards or tiles
DRAWS: dict[str, dict[str, tuple[str, str]]] = {
    "munchkin": {"door": ("a door card", "the deck"), "treasure": ("a treasure card", "the deck")},
    "quest": {"dxm": ("a DxM card", "the deck"), "treasure": ("a Treasure card", "the deck"),
              "monster": ("a monster card", "the monster deck"), "room": ("a room tile", "the pile")},
    "quest-crawl": {"monster": ("a monster card", "the monster deck"), "room": ("a room tile", "the pile")},
    "smallworld": {"race banner": ("a race banner", "the stack"),
                   "power badge": ("a special power badge", "the stack")},
    "kragmortha": {"movement draw": ("a movement card", "the deck"), "teleport draw": ("a teleport card", "the deck"),
                   "penalty draw": ("a penalty card", "the deck"), "tome draw": ("a magic tome card", "the deck"),
                   "teleport peek": ("the top teleport card", "the deck")},
    "baldursgate": {"draw": ("a card", "the bank"), "hero": ("a hero", "the inn"), "deal": ("a card", "the pile"),
                    "take": ("a card", "a hand"), "kill": ("a hero", "a player's heroes"),
                    "grab": ("a hero", "a player's heroes"), "unlimbo": ("a hero", "the side")},
}

SIDES = {"N": "north", "E": "east", "S": "south", "W": "west"}

NOT_ACCEPTED = "not accepted: type the name of the card drawn at the table, or r to let the dice decide"


@dataclass(frozen=True)
class ChanceView:
    """A pending chance step as a seat reads it: ``text`` in words, ``options`` (what to type, what it
    means) for a small public set of outcomes, ``draw`` when the outcome is a card typed by its name,
    ``hidden`` when the seat may not see the outcome (only the dice may decide it)."""

    text: str
    options: tuple[tuple[str, str], ...] = ()
    draw: bool = False
    hidden: bool = False

    def lines(self) -> list[str]:
        out = [f"Chance: {self.text}."]
        if self.hidden:
            out.append("  r: let the seeded dice decide (you may not see the outcome)")
            return out
        out.append("  r: roll with the seeded dice | rr: re-roll from a fresh random stream")
        if self.draw:
            out.append("  or type the name of the card drawn at the table")
        elif self.options:
            out.append("  or type the result at the table: " + and_join(
                (meaning if meaning.startswith(key) else f"{key} for {meaning}" for key, meaning in self.options),
                conjunction="or"))
        else:
            out.append("  or type the result rolled at the table")
        return out


def pool_size(step: ChanceStep) -> int | None:
    """How many cards (or tiles) the step draws from: the deck's size, not its contents."""
    cards = step.__dict__.get("_cards")
    if cards is not None:
        return len(cards)
    counts = step.__dict__.get("_counts")
    if isinstance(counts, tuple):
        return sum(counts)
    return None


def _p(p: Fraction) -> str:
    return "certain" if p == 1 else f"{p.numerator}/{p.denominator}"


def _value(action: Action) -> str:
    return str(getattr(action, "outcome", action.describe()))


def _is_die(values: list[str], probabilities: list[Fraction]) -> bool:
    return (len(values) > 1 and all(v.isdigit() for v in values) and sorted(map(int, values)) ==
            list(range(1, len(values) + 1)) and len(set(probabilities)) == 1)


def chance_view(game: Game, seat: int | None) -> ChanceView | None:
    """The pending chance step in words for ``seat`` (``None``: the referee), or ``None`` when none is
    pending. Never lists the cards a draw may give."""
    step = game.chance_step()
    if step is None:
        return None
    hidden = seat is not None and hidden_from(game, (seat,))
    draws = DRAWS.get(game.name, {})
    if step.event in draws:
        return ChanceView(_draw_text(game, step, *draws[step.event]), draw=not hidden, hidden=hidden)
    outcomes = step.outcomes
    values = [_value(a) for a, _ in outcomes]
    probabilities = [p for _, p in outcomes]
    about = re.sub(r"\bthe ([NESW]) side\b", lambda m: f"the {SIDES[m.group(1)]} side", plain(step.description))
    if _is_die(values, probabilities):
        n = len(values)
        return ChanceView(f"{about}; roll the d{n} (1-{n}, each {_p(probabilities[0])})", hidden=hidden)
    options = tuple((v, f"{_meaning(game, step.event, v)} ({_p(p)})") for v, p in outcomes_by_value(outcomes))
    if len(options) > 12:  # a large set that is no deck: say how many, list nothing
        return ChanceView(f"{about} ({len(options)} possible outcomes)", hidden=hidden)
    return ChanceView(about, () if hidden else options, hidden=hidden)


def outcomes_by_value(outcomes: tuple[tuple[Action, Fraction], ...]) -> list[tuple[str, Fraction]]:
    return [(_value(a), p) for a, p in outcomes]


def _meaning(game: Game, event: str, value: str) -> str:
    """One outcome of a small public set in words: a seat -> "player 2", an order -> "player 1, then player 0"."""
    if re.fullmatch(r"\d+(,\d+)+", value):
        return ", then ".join(f"player {p}" for p in value.split(","))
    if value.isdigit() and event in ("first", "first player", "rock-paper-scissors"):
        return f"player {value} wins" if event == "rock-paper-scissors" else f"player {value} starts"
    return value.replace("_", " ")


def _player_in(text: str) -> int | None:
    m = re.search(r"(?:player|for) (-?\d+)", text)
    return int(m.group(1)) if m else None


def _draw_text(game: Game, step: ChanceStep, what: str, pile: str) -> str:
    size = pool_size(step)
    left = f" ({size} left in {pile})" if size is not None and pile.startswith("the") else ""
    if game.name == "baldursgate":
        return _baldur_text(game, step, what, size)
    if game.name == "smallworld":
        return f"{what} is drawn for the row of combos{left}"
    p = _player_in(step.description)
    if step.event == "teleport peek":
        return f"player {p} looks at {what}{left}"
    if "kick open the door" in step.description:
        return f"player {game.state.current} kicks open the door: {what} is turned face up{left}"  # type: ignore[attr-defined]
    if p is None:
        return f"{what} is drawn{left}"
    return f"player {p} draws {what}{' face up' if 'face up' in step.description else ''}{left}"


def _baldur_text(game: Game, step: ChanceStep, what: str, size: int | None) -> str:
    from ..baldur.state import AUCTION, EVENT, GODS, HIDDEN, INN, LIMBO, LOOK, OPEN, POOL, REVEALED

    state: Any = game.state  # type: ignore[attr-defined]
    task = state.tasks[0]
    dst, src = task.dst, task.src
    left = f" ({size} left)" if size is not None else ""
    if task.what == "draw":
        if dst >= 0:
            return f"player {dst} draws a card from the bank{left}"
        if dst <= OPEN:
            return f"a card from the bank is laid open in front of player {OPEN - dst}{left}"
        return {EVENT: f"the top card of the bank is turned over: the round's event{left}",
                HIDDEN: f"a card from the bank is set aside face down{left}",
                GODS: f"a card from the bank is turned over for the gods{left}",
                LOOK: f"player {state.current} looks at the top card of the bank{left}"}.get(
                    dst, f"a card is drawn from the bank{left}")
    if task.what == "hero":
        inn = f" ({size} heroes in the inn)" if size is not None else ""
        if dst >= 0:
            return f"player {dst} gets a hero from the inn{inn}"
        return {AUCTION: f"the inn offers a hero for recruiting{inn}",
                REVEALED: f"the inn's top hero is shown{inn}"}.get(dst, f"a hero is drawn from the inn{inn}")
    if task.what == "take":
        n = len(state.seats[src].hand)
        if dst == LOOK:
            return f"player {state.current} picks one of player {src}'s {n} cards to look at"
        return f"player {dst} takes one of player {src}'s {n} cards"
    if task.what in ("kill", "grab"):
        n = len(state.seats[src].all_heroes())
        if dst == INN:
            return f"one of player {src}'s {n} heroes is killed (back to the inn)"
        if dst == LIMBO:
            return f"one of player {src}'s {n} heroes is set aside for the exchange"
        return f"player {dst} grabs one of player {src}'s {n} heroes"
    if task.what == "deal" and src == POOL:
        return f"a card of the shuffled pile is dealt to player {dst}{left}"
    if task.what == "unlimbo":
        return f"the hero set aside goes to player {dst}"
    return plain(step.description)


def typed_outcome(game: Game, seat: int | None, typed: str) -> tuple[Action | None, str]:
    """The outcome a person typed at the pending chance step, or ``(None, why not)``. A draw takes a card's
    name (or id), checked against the legal outcomes; a refusal reads the same whatever was typed."""
    view = chance_view(game, seat)
    step = game.chance_step()
    if view is None or step is None:
        return None, "no chance step is pending"
    if view.hidden:
        return None, "you may not see this outcome: r lets the seeded dice decide"
    want = typed.strip()
    if view.draw:
        names = outcome_names(game.name, [_value(a) for a, _ in step.outcomes])
        key = normal(want)
        for action, _ in step.outcomes:
            value = _value(action)
            if key and key in (normal(value.split("#", 1)[0]), normal(names.get(value, "")), _baldur_name(value)):
                return action, ""
        return None, NOT_ACCEPTED
    for action, _ in step.outcomes:
        if _value(action) == want or normal(_value(action)) == normal(want):
            return action, ""
    if view.options:
        return None, f"not one of the results: type {and_join((k for k, _ in view.options), conjunction='or')}"
    n = len(step.outcomes)
    return None, f"not a face of the d{n}: type 1 to {n}, or r to roll"


def _baldur_name(code: str) -> str:
    """``10S`` -> "10 of spades" (normalised), so a Baldur's Gate card may be typed either way."""
    from .catalogue import RANK_NAMES, SUIT_NAMES

    if code in ("BJ", "RJ"):
        return normal("black and white joker" if code == "BJ" else "coloured joker")
    rank, suit = code[:-1], code[-1:]
    if suit not in SUIT_NAMES:
        return ""
    return normal(f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}")


def outcome_words(game: Game, action: Action) -> str:
    """A chance outcome in words: a card's name, a die's face ("Bigfoot", "6")."""
    value = _value(action)
    name = outcome_names(game.name, [value]).get(value)
    return name or _meaning(game, getattr(action, "event", ""), value)
