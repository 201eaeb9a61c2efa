"""Results shown as people read them in a notebook or a Voila page: HTML tables, exact fractions with their
percentage, short Markdown lines; never a Python ``repr`` (no tuples, ``Fraction(...)``, ``PosixPath(...)``)."""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any


def cell(value: Any) -> str:
    """One value in words: a fraction as "5/12 (41.7%)", a float rounded, a sequence joined by commas."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Fraction):
        return f"{value} ({float(value):.1%})" if value.denominator != 1 else str(value.numerator)
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        return ", ".join(f"{cell(k)}: {cell(v)}" for k, v in value.items())
    if isinstance(value, Iterable):
        return ", ".join(cell(v) for v in value) or "none"
    if hasattr(value, "value") and not callable(value.value):  # an enum
        return cell(value.value)
    return str(value)


class Table:
    """An HTML table that shows itself in a notebook (``_repr_html_``); ``str()`` gives plain text."""

    def __init__(self, rows: Iterable[Sequence[Any]], header: Sequence[str] | None = None, caption: str = "") -> None:
        self.rows = [list(r) for r in rows]
        self.header = list(header) if header else None
        self.caption = caption

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(h)}</th>" for h in self.header) if self.header else ""
        body = "".join("<tr>" + "".join(f"<td>{html.escape(cell(v))}</td>" for v in row) + "</tr>"
                       for row in self.rows)
        caption = f"<caption>{html.escape(self.caption)}</caption>" if self.caption else ""
        return f"<table class='tablerules-table'>{caption}{'<tr>' + head + '</tr>' if head else ''}{body}</table>"

    def __str__(self) -> str:
        lines = [" | ".join(self.header)] if self.header else []
        return "\n".join(lines + [" | ".join(cell(v) for v in row) for row in self.rows])

    def __repr__(self) -> str:
        return str(self)


def table(rows: Iterable[Sequence[Any]], header: Sequence[str] | None = None, caption: str = "") -> Table:
    return Table(rows, header, caption)


def mapping(values: Mapping[Any, Any], header: Sequence[str] = ("", "value"), caption: str = "") -> Table:
    """A dictionary as a two-column table."""
    return Table(values.items(), header, caption)


def fields(obj: Any, caption: str = "") -> Table:
    """A result object (a dataclass: combat odds, a fight outlook) as a table of its fields."""
    import dataclasses

    values = {f.name.replace("_", " "): getattr(obj, f.name) for f in dataclasses.fields(obj)}
    return Table(values.items(), ("", "value"), caption or type(obj).__name__)


class Text:
    """Markdown lines that show themselves as Markdown in a notebook."""

    def __init__(self, *lines: str) -> None:
        self.text = "\n\n".join(lines)

    def _repr_markdown_(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text


def say(*parts: Any) -> Text:
    """A line of words, values shown with :func:`cell` ("alone: 2 against 5")."""
    return Text(" ".join(cell(p) for p in parts))


def games_table(notebooks_dir: Any = None) -> Table:
    """Every game of the registry (``tablerules games``): its name, title, players, kind, and its notebooks."""
    from ..core.registry import game_class, game_names
    from .notebooks import NOTEBOOKS_DIR, notebook_paths

    names = [p.name for p in notebook_paths(notebooks_dir or NOTEBOOKS_DIR)]
    rows = []
    for name in game_names():
        cls = game_class(name)
        info = cls.info
        books = [n for n in names if n.startswith(name + "_")] if "-" not in name else []
        kind = getattr(info.information, "value", str(info.information))
        rows.append((name, cls.title or name, f"{info.min_players}-{info.max_players}", f"{kind} information",
                     ", ".join(books) or "-"))
    return Table(rows, ("name", "game", "players", "kind", "notebooks"), "the games in the registry")
