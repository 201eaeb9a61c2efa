"""Set up a position in a panel without code: a form of fields (per seat and for the table) whose values a
game's scenario builder (``tablerules/<game>/scenario.py``) turns into a game at that position, which the
panel then shows ("stage the helper example" for a class).

A :class:`ScenarioSpec` names the fields and the builder; :class:`ScenarioForm` draws them (one tab per
seat, then the table's fields) and calls the builder with the values::

    {"players": 3, "seats": [{"level": 5, "hand": ["broad_sword"], ...}, ...], "monster": "drooling_slime"}
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from ..core.errors import IllegalAction
from ..core.protocol import Game

NONE = ""  #: the value of a choice left empty ("no race")


@dataclass(frozen=True)
class Field:
    """One entry of the form: a ``number`` (``low``..``high``), a ``choice`` (one of ``options``, or none)
    or ``cards`` (any of ``options``); ``options`` are ``(label, value)`` pairs."""

    key: str
    label: str
    kind: str = "choice"
    options: tuple[tuple[str, str], ...] = ()
    default: Any = None
    low: int = 0
    high: int = 99

    def widget(self) -> w.Widget:
        style = {"description_width": "140px"}
        if self.kind == "number":
            made = w.BoundedIntText(value=self.default if self.default is not None else self.low, min=self.low,
                                    max=self.high, description=self.label, style=style,
                                    layout=w.Layout(width="240px"))
        elif self.kind == "cards":
            made = w.SelectMultiple(options=list(self.options), value=tuple(self.default or ()), rows=5,
                                    description=self.label, style=style, layout=w.Layout(width="420px"))
        elif self.kind == "choice":
            made = w.Dropdown(options=[("(none)", NONE), *self.options],
                              value=self.default if self.default is not None else NONE, description=self.label,
                              style=style, layout=w.Layout(width="420px"))
        else:
            raise ValueError(f"unknown field kind {self.kind!r} for {self.key!r}")
        made.add_class(f"tablerules-field-{self.key}")
        return made


@dataclass(frozen=True)
class ScenarioSpec:
    """The fields of a game's set-up form and ``build(values) -> Game`` (through its scenario API)."""

    seat_fields: Sequence[Field]
    table_fields: Sequence[Field]
    build: Callable[[dict[str, Any]], Game]
    players: tuple[int, int] = (2, 6)
    notes: str = ""


class ScenarioForm:
    """The form of ``spec`` for ``players`` seats; :meth:`stage` builds the game and hands it to
    ``on_staged`` (the panel shows it); a position the rules cannot hold is reported, nothing changes."""

    def __init__(self, spec: ScenarioSpec, players: int, on_staged: Callable[[Game], None]) -> None:
        self.spec = spec
        self.players = players
        self.on_staged = on_staged
        self.seats = [{f.key: f.widget() for f in spec.seat_fields} for _ in range(players)]
        self.table = {f.key: f.widget() for f in spec.table_fields}
        tabs = []
        for p, fields in enumerate(self.seats):
            box = w.VBox(list(fields.values()))
            box.add_class(f"tablerules-seat-{p}")
            tabs.append(box)
        self.tabs = w.Tab(children=tabs)
        for p in range(players):
            self.tabs.set_title(p, f"player {p}")
        self.button = w.Button(description="Stage this position", icon="play", button_style="primary",
                               layout=w.Layout(width="auto"))
        self.button.add_class("tablerules-stage-button")
        self.button.on_click(lambda _: self.stage())
        self.message = w.HTML()
        table = w.VBox(list(self.table.values()))
        table.add_class("tablerules-scenario-table")
        notes = w.HTML(f"<i>{html.escape(spec.notes)}</i>") if spec.notes else w.HTML()
        self.widget = w.VBox([notes, self.tabs, table, w.HBox([self.button, self.message])])
        self.widget.add_class("tablerules-scenario")

    def values(self) -> dict[str, Any]:
        def value(x: w.Widget) -> Any:
            return list(x.value) if isinstance(x, w.SelectMultiple) else x.value

        return {"players": self.players, "seats": [{k: value(x) for k, x in seat.items()} for seat in self.seats],
                **{k: value(x) for k, x in self.table.items()}}

    def set(self, key: str, value: Any, seat: int | None = None) -> None:
        """Fill in a field as a person would (``seat`` for a seat's field)."""
        box = self.table[key] if seat is None else self.seats[seat][key]
        box.value = tuple(value) if isinstance(box, w.SelectMultiple) else value

    def stage(self) -> Game | None:
        try:
            game = self.spec.build(self.values())
        except (ValueError, KeyError, IllegalAction, StopIteration) as exc:
            self.message.value = f"<span style='color:#c62828'>cannot stage this: {html.escape(str(exc))}</span>"
            return None
        self.message.value = "staged"
        self.on_staged(game)
        return game


def card_options(cards: Sequence[Any], kinds: Sequence[str] | None = None) -> tuple[tuple[str, str], ...]:
    """``(label, id)`` for each distinct card (``name`` with its Chinese name and kind), sorted by name."""
    seen: dict[str, str] = {}
    for c in cards:
        if (kinds is None or c.kind in kinds) and c.id not in seen:
            zh = f" {c.name_zh}" if getattr(c, "name_zh", "") else ""
            seen[c.id] = f"{c.name}{zh} ({c.kind.replace('_', ' ')})"
    return tuple(sorted(((label, i) for i, label in seen.items()), key=lambda x: x[0].lower()))


def example_message(name: str, made: Callable[[], Game]) -> str:
    """The line a worked example shows when it loads: its name, then its text (the builder's docstring: what
    happened, the rule it teaches), so a class reads why the position is worth a look, not only its title."""
    doc = " ".join((made.__doc__ or "").split())
    return f"<b>worked example: {html.escape(name)}</b>" + (f"<br>{html.escape(doc)}" if doc else "")
