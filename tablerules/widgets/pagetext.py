"""The words a panel shows, as one string: what a person can read on the page (texts, buttons, their
tooltips, menus, the board's labels and hover texts), for the checks that no page shows a raw list, a repr
or a slug, and that a seat's page never depends on what the rules hide from it."""

from __future__ import annotations

import html
import re

import ipywidgets as w

_STYLE = re.compile(r"<style.*?</style>", re.S)
_TAG = re.compile(r"<[^>]+>")
_ATTR_TEXT = re.compile(r"""\b(?:title|aria-label)=(?:'([^']*)'|"([^"]*)")""")


def html_text(markup: str) -> str:
    """The text of ``markup`` with its hover texts (``title``), without styles and tags."""
    markup = _STYLE.sub(" ", markup)
    hovers = [a or b for a, b in _ATTR_TEXT.findall(markup)]
    body = _TAG.sub(" ", markup)
    return html.unescape(" ".join([body, *hovers]))


def page_text(widget: w.Widget) -> str:
    """Every word ``widget`` and the widgets inside it show (hidden ones, ``display: none``, left out)."""
    parts: list[str] = []
    _collect(widget, parts)
    return "\n".join(p for p in parts if p.strip())


def _collect(widget: object, parts: list[str]) -> None:
    if not isinstance(widget, w.Widget):
        return
    layout = getattr(widget, "layout", None)
    if layout is not None and getattr(layout, "display", None) == "none":
        return
    if isinstance(widget, w.HTML | w.HTMLMath | w.Label):
        parts.append(html_text(widget.value))
    if hasattr(widget, "svg") and isinstance(widget.svg, str):
        parts.append(html_text(re.sub(r"<title>(.*?)</title>", r" \1 ", widget.svg, flags=re.S)))
    if isinstance(widget, w.Button | w.ToggleButton):
        parts += [widget.description, widget.tooltip or ""]
    if isinstance(widget, w.ToggleButtons):
        parts += [str(label) for label in widget._options_labels]
    if isinstance(widget, w.Dropdown | w.Select | w.RadioButtons):
        parts += [widget.description, *[str(label) for label in widget._options_labels]]
    if isinstance(widget, w.Textarea | w.Text | w.IntText):
        parts.append(str(widget.value))
    if isinstance(widget, w.Accordion | w.Tab):
        parts += [str(t) for t in widget.titles if t]
    for child in getattr(widget, "children", ()) or ():
        _collect(child, parts)


#: what a person should never read on a page: the pattern and what it is
RAW = [
    (re.compile(r"\[\s*-?\d+(?:\s*,\s*-?\d+)*\s*\]"), "a raw list of numbers"),
    (re.compile(r"\[\s*'[^']*'(?:\s*,\s*'[^']*')*\s*\]"), "a raw list of strings"),
    (re.compile(r"\(\s*-?\d+\s*,\s*-?\d+(?:\s*,\s*-?\d+)*\s*\)"), "a raw tuple"),
    (re.compile(r"\{\s*'[^']*'\s*:"), "a raw dict"),
    (re.compile(r"\b[A-Z][A-Za-z]+\([a-z_]+="), "a dataclass repr"),
    (re.compile(r"object at 0x[0-9a-f]+"), "an object repr"),
    (re.compile(r"\b\d+\.\d{4,}\b"), "a long float"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "a slug"),
    (re.compile(r"\bNone\b"), "Python's None"),
]


_CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")


def _in_chinese(text: str, start: int, end: int) -> bool:
    """Whether the match at ``start:end`` stands in the seed's Chinese text (its own card notation: "[8]、[9]")."""
    # the seed writes sums of cards in the same notation ("[2] + [3] = 5", "[9]–[4]"): look past them
    before = _NOTATION_BEFORE.sub("", text[:start])[-1:]
    after = _NOTATION_AFTER.sub("", text[end:], count=1)[:1]
    return bool(_CJK.match(before) or _CJK.match(after))


#: the seed's card notation and sums of it next to a match ("[2] + ", " = 5", "–[4]")
_NOTATION_BEFORE = re.compile(r"(?:\[\s*\d+\s*\]|[\s+\-–=\d])*$")
_NOTATION_AFTER = re.compile(r"^(?:\[\s*\d+\s*\]|[\s+\-–=\d])*")


def raw_bits(text: str) -> list[tuple[str, str]]:
    """(what, the text found) for each raw list, repr, long float or slug in ``text`` (a bracketed number inside
    the seed's Chinese text is the seed's own notation for a card, not a list)."""
    found = []
    for pattern, what in RAW:
        found += [(what, m.group(0)) for m in pattern.finditer(text)
                  if not (what == "a raw list of numbers" and _in_chinese(text, m.start(), m.end()))]
    return found
