"""Driving ``tablerules play GAME --seat N`` in-process like a person at the keyboard, keeping every screen
with a copy of the game it was drawn from (to check the screen against what the seat may not see)."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from tablerules.cli import main
from tablerules.core.protocol import Game
from tablerules.terminal import screen as screen_module
from tablerules.terminal.boards import BALDUR_LEGEND
from tablerules.terminal.catalogue import catalogue


@dataclass
class Shot:
    """One screen as printed, the game (a copy) it was drawn from and the seat."""

    text: str
    game: Game
    seat: int | None


@dataclass
class Session:
    output: str
    shots: list[Shot] = field(default_factory=list)


class Keyboard(io.TextIOBase):
    """Answers the prompt: r at a chance step, else a seeded random action number; ``first`` lines go first;
    after ``decisions`` answers, q."""

    def __init__(self, out: io.StringIO, decisions: int, seed: int, first: tuple[str, ...] = ()) -> None:
        self.out, self.left, self.rng, self.first = out, decisions, random.Random(seed), list(first)

    def readline(self, size: int = -1) -> str:
        if self.first:
            return self.first.pop(0) + "\n"
        self.left -= 1
        if self.left < 0:
            return "q\n"
        screen = self.out.getvalue().rsplit("\n== ", 1)[-1]
        if "\nChance: " in screen:
            return "r\n"
        numbers = [int(m.group(1)) for m in re.finditer(r"^ +(\d+)\. ", screen, re.M)]
        return f"{self.rng.choice(numbers) if numbers else 0}\n"


def play(monkeypatch: pytest.MonkeyPatch, game: str, seed: int, decisions: int, seat: int | None = 0,
         first: tuple[str, ...] = (), extra: tuple[str, ...] = ()) -> Session:
    """Run ``tablerules play GAME --seed SEED --seat SEAT`` with a :class:`Keyboard`; every screen drawn is
    kept with a copy of its game."""
    shots: list[Shot] = []
    original = screen_module.terminal_screen

    def recording(g: Game, s: int | None = None) -> str:
        text = original(g, s)
        shots.append(Shot(text, g.copy(), s))
        return text

    monkeypatch.setattr(screen_module, "terminal_screen", recording)
    out = io.StringIO()
    argv = ["play", game, "--seed", str(seed), *(["--seat", str(seat)] if seat is not None else []), *extra]
    assert main(argv, out=out, inp=Keyboard(out, decisions, seed, first)) == 0
    return Session(out.getvalue(), shots)


def _names(game_name: str) -> dict[str, str]:
    """Card id (without the copy number) or Baldur's Gate code -> the name or code shown on screens."""
    names = {}
    for entry in catalogue(game_name):
        for i in entry.ids:
            names[i] = i if game_name == "baldursgate" else entry.name
    return names


def _ids(values: object) -> Iterator[str]:
    for value in values:  # type: ignore[attr-defined]
        yield str(value).split("#", 1)[0]


def hidden_ids(game: Game, seat: int) -> set[str]:
    """The card ids the seat may not see now: the other seats' hands and the decks."""
    s = game.state  # type: ignore[attr-defined]
    ids: set[str] = set()
    if game.name == "munchkin":
        ids |= {*_ids(s.door_deck), *_ids(s.treasure_deck)}
        for p, player in enumerate(s.players):
            ids |= set(_ids(player.hand)) if p != seat else set()
    elif game.name in ("quest", "quest-crawl"):
        ids |= {*_ids(s.room_deck), *_ids(s.monster_deck)}
        if game.name == "quest":
            ids |= {*_ids(s.dxm_deck), *_ids(s.treasure_deck)}
            for p, hero in enumerate(s.heroes):
                ids |= set(_ids(hero.hand)) if p != seat else set()
    elif game.name == "baldursgate":
        ids |= set(s.bank)
        for p, other in enumerate(s.seats):
            ids |= set(other.hand) if p != seat else set()
    elif game.name == "kragmortha":
        ids |= {*s.move_deck, *s.tome_deck}
        if "betrayal" not in s.seats[seat].tomes:  # Betrayal: "look through the penalty cards"
            ids |= set(s.penalty_deck)
        for p, other in enumerate(s.seats):
            ids |= set(other.hand) if p != seat else set()
    return ids


def leaks(shot: Shot) -> list[str]:
    """Names on the screen of cards the seat may not see (in another hand or a deck) and may not know from
    anything it sees (its own view of the state, its log), and other seats' hidden coins."""
    game, seat = shot.game, shot.seat
    assert seat is not None
    seen = (json.dumps(game.observe(seat), ensure_ascii=False) + "\n" + "\n".join(game.log_for(seat))).lower()
    names = _names(game.name)
    text = shot.text.replace(BALDUR_LEGEND, "")  # the legend names the jokers' codes
    found = []
    for card_id in hidden_ids(game, seat):
        name = names.get(card_id, card_id)
        if card_id.lower() in seen or name.lower() in seen:
            continue  # the seat knows this card from elsewhere (its hand, the table, the log)
        if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
            found.append(name)
    if game.name == "smallworld" and not game.is_over():  # the coins are shown at the end
        for p, other in enumerate(game.state.seats):  # type: ignore[attr-defined]
            if p != seat and re.search(rf"player {p}: {other.coins} coins", text):
                found.append(f"player {p}'s coins")
    return found
