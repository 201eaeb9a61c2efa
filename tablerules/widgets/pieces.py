"""Panel pieces shared by every game's step-through panel: a card with its text on hover or click, a
rule box per stage with the seed reference, a "why this number" breakdown, the named and grouped chance
picker, and the grouping of action buttons. Plain HTML strings (no widgets) so they are easy to test."""

from __future__ import annotations

import fnmatch
import html
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction

from ..core.protocol import Action, Game

#: injected once per panel: the card text shows on hover, and on click (the chip takes the focus)
STYLE = """<style>
.tablerules-card{position:relative;border-bottom:1px dotted #555;cursor:help;outline:none}
.tablerules-card .tablerules-card-text{display:none;position:absolute;z-index:20;left:0;top:1.3em;width:300px;
 background:#fffde7;border:1px solid #999;padding:4px 6px;white-space:normal;font-weight:normal;color:#222;
 box-shadow:2px 2px 6px rgba(0,0,0,.25)}
.tablerules-card:hover .tablerules-card-text,.tablerules-card:focus .tablerules-card-text{display:block}
.tablerules-rulebox{border-left:4px solid #1976d2;background:#e3f2fd;padding:4px 8px;margin:4px 0}
.tablerules-rulebox cite{color:#555;font-size:90%}
.tablerules-breakdown{border-collapse:collapse;margin:2px 12px 2px 0;display:inline-table;vertical-align:top}
.tablerules-breakdown td,.tablerules-breakdown th{padding:1px 6px;border-bottom:1px solid #ddd}
.tablerules-breakdown td.n{text-align:right}
.tablerules-hidden{color:#777;font-style:italic}
.tablerules-sheets td,.tablerules-sheets th{padding:2px 10px;text-align:left;vertical-align:top}
.tablerules-action-group .widget-button{height:auto;white-space:normal}
</style>"""


def card_html(name: str, text: str, name_zh: str = "", text_zh: str = "") -> str:
    """A card's name; its text (and Chinese text) appears on hover, or on click (the chip takes the focus)."""
    zh = f" <span lang='zh'>{html.escape(name_zh)}</span>" if name_zh else ""
    body = html.escape(text) + (f"<br><span lang='zh'>{html.escape(text_zh)}</span>" if text_zh else "")
    return (f"<span class='tablerules-card' tabindex='0' title='{html.escape(text, quote=True)}'>"
            f"{html.escape(name)}<span class='tablerules-card-text'><b>{html.escape(name)}</b>{zh}<br>{body}"
            f"</span></span>")


def hidden_html(count: int, what: str = "card") -> str:
    """Another seat's hidden cards: a count only."""
    return f"<span class='tablerules-hidden'>{count} {what}{'s' if count != 1 else ''} (hidden)</span>"


def rule_box_html(title: str, text: str, source: str) -> str:
    """What may happen now and why, with the seed reference it comes from (file and section)."""
    return (f"<div class='tablerules-rulebox'><b>{html.escape(title)}</b>: {html.escape(text)} "
            f"<cite>({html.escape(source)})</cite></div>")


def stage_rule(rules: Mapping[str, tuple[str, str]], stage: str) -> tuple[str, str] | None:
    """A stage's rule box entry (what may happen, the seed section): the entry named ``stage``, else the first
    whose name is a pattern matching it ("recruiting *: bidding round *"); ``None`` if there is none."""
    if stage in rules:
        return rules[stage]
    return next((v for k, v in rules.items() if "*" in k and fnmatch.fnmatchcase(stage, k)), None)


def breakdown_html(title: str, terms: Sequence[tuple[str, int]], total: int | None = None) -> str:
    """A total and its terms ("level 3", "Broad Sword +3", "Drooling Slime +4 against elf")."""
    total = sum(v for _, v in terms) if total is None else total
    rows = "".join(f"<tr><td>{html.escape(label)}</td><td class='n'>{value:+d}</td></tr>" for label, value in terms)
    return (f"<table class='tablerules-breakdown'><tr><th colspan='2'>{html.escape(title)}: {total}</th></tr>"
            f"{rows}</table>")


def odds_html(lines: Iterable[tuple[str, Fraction]]) -> str:
    """Exact odds as a list: "the munchkins win: 5/12 ≈ 41.7%"."""
    items = "".join(f"<li>{html.escape(what)} = <b>{p}</b> ≈ {float(p):.1%}</li>" for what, p in lines)
    return f"<div class='tablerules-odds'><b>Exact odds</b><ul>{items}</ul></div>" if items else ""


def words(name: str) -> str:
    """``AskHelp`` -> "ask help"."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()


def group_actions(actions: Sequence[Action], kind_of: Callable[[Action], str] | None = None
                  ) -> list[tuple[str, list[Action]]]:
    """The actions grouped by kind (their type, in plain words), groups in order of first appearance."""
    kind_of = kind_of or (lambda a: words(type(a).__name__))
    groups: dict[str, list[Action]] = {}
    for action in actions:
        groups.setdefault(kind_of(action), []).append(action)
    return list(groups.items())


def outcome_options(game: Game, outcomes: Sequence[tuple[Action, Fraction]]) -> list[tuple[str, Action]]:
    """The chance picker's entries, named for people and grouped: a card draw reads "draw: monster: Drooling
    Slime (p = 2/74)" (several copies of one card are one entry), a die "d6: 4 (p = 1/6)"; sorted by group."""
    card = getattr(game, "card", None)
    merged: dict[str, tuple[Action, Fraction, int]] = {}
    for index, (action, p) in enumerate(outcomes):
        label = action.describe()
        value = getattr(action, "outcome", None)
        if isinstance(value, str) and callable(card):
            try:
                c = card(value)
                label = f"draw: {c.kind.replace('_', ' ')}: {c.name}"
            except (KeyError, AttributeError, ValueError):
                label = f"{action.event}: {value.split('#')[0].replace('_', ' ')}"
        first, q, at = merged.get(label, (action, Fraction(0), index))
        merged[label] = (first, q + p, at)
    order = sorted(merged, key=lambda label: (label.rsplit(":", 1)[0], merged[label][2]))
    return [(f"{label}  (p = {merged[label][1]})", merged[label][0]) for label in order]
