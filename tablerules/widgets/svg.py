"""Small SVG builders for the boards (:mod:`.board`): plain strings, every text escaped.

Shapes that should light up when their clickable group is hovered carry the class ``tablerules-shape``
(``shape=True``); a clickable group is :func:`target` (``data-target`` plus a ``<title>`` tooltip)."""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _attrs(**attrs: object) -> str:
    return "".join(f' {k.rstrip("_").replace("_", "-")}="{esc(v)}"' for k, v in attrs.items() if v is not None)


def document(width: float, height: float, body: str, label: str = "", background: str = "#ffffff") -> str:
    """An ``<svg>`` of ``width`` x ``height`` user units, scaled to the width it is shown at."""
    title = f"<title>{esc(label)}</title>" if label else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" width="{width:g}" '
            f'role="img" aria-label="{esc(label)}">{title}'
            f'<rect x="0" y="0" width="{width:g}" height="{height:g}" fill="{background}"/>{body}</svg>')


def target(name: str, body: str, tip: str = "") -> str:
    """A clickable group: ``data-target`` is what the panel is told when it is clicked; ``tip`` shows on hover."""
    title = f"<title>{esc(tip)}</title>" if tip else ""
    return f'<g data-target="{esc(name)}">{title}{body}</g>'


def group(body: str, tip: str = "", **attrs: object) -> str:
    title = f"<title>{esc(tip)}</title>" if tip else ""
    return f"<g{_attrs(**attrs)}>{title}{body}</g>"


def rect(x: float, y: float, w: float, h: float, fill: str = "none", stroke: str = "#333", width: float = 1.5,
         rx: float = 0, shape: bool = False, **attrs: object) -> str:
    cls = ' class="tablerules-shape"' if shape else ""
    return (f'<rect{cls} x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{width:g}"{_attrs(**attrs)}/>')


def circle(cx: float, cy: float, r: float, fill: str = "none", stroke: str = "#333", width: float = 1.5,
           shape: bool = False, **attrs: object) -> str:
    cls = ' class="tablerules-shape"' if shape else ""
    return (f'<circle{cls} cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width:g}"{_attrs(**attrs)}/>')


def polygon(points: Iterable[tuple[float, float]], fill: str = "none", stroke: str = "#333", width: float = 1.5,
            shape: bool = False, **attrs: object) -> str:
    cls = ' class="tablerules-shape"' if shape else ""
    pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return f'<polygon{cls} points="{pts}" fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"{_attrs(**attrs)}/>'


def line(x1: float, y1: float, x2: float, y2: float, stroke: str = "#333", width: float = 2, **attrs: object) -> str:
    return (f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{stroke}" '
            f'stroke-width="{width:g}"{_attrs(**attrs)}/>')


def text(x: float, y: float, words: object, size: float = 16, anchor: str = "middle", fill: str = "#111",
         weight: str = "normal", **attrs: object) -> str:
    """Text centred (``anchor``) on ``x`` with its middle at ``y``."""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}" dominant-baseline="central" '
            f'fill="{fill}" font-weight="{weight}"{_attrs(**attrs)}>{esc(words)}</text>')


def wrap(words: str, width: int) -> list[str]:
    """``words`` cut into lines of at most ``width`` characters (a long word gets a line of its own)."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def legend(items: Sequence[tuple[str, str]], x: float, y: float, size: float = 15, columns: int = 1,
           column_width: float = 220) -> str:
    """A legend: each item is (an SVG swatch drawn in a 22 x 22 box at the origin, its label)."""
    parts = []
    for i, (swatch, label) in enumerate(items):
        cx = x + (i % columns) * column_width
        cy = y + (i // columns) * (size + 12)
        parts.append(f'<g transform="translate({cx:g},{cy:g})">{swatch}'
                     f'{text(30, 11, label, size=size, anchor="start")}</g>')
    return "".join(parts)


def luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (0 black, 1 white)."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour``."""
    return "#111111" if luminance(colour) > 0.22 else "#ffffff"


def card(x: float, y: float, w: float, h: float, title: str, lines: Sequence[str] = (), corner: str = "",
         colour: str = "#fff8e1", border: str = "#6d4c41", face_down: bool = False, dim: bool = False,
         title_size: float = 15) -> str:
    """A card drawn as a card: a frame, a coloured band with ``title``, a ``corner`` mark (a bonus, a rank)
    and a few lines of text; face down it shows only its back."""
    if face_down:
        return (rect(x, y, w, h, fill="#5d4037", stroke="#3e2723", width=2, rx=8, shape=True)
                + rect(x + 6, y + 6, w - 12, h - 12, fill="none", stroke="#d7ccc8", width=1.5, rx=6))
    opacity = ' opacity="0.45"' if dim else ""
    band = min(34.0, h / 3)
    body = [rect(x, y, w, h, fill="#fffdf7", stroke=border, width=2, rx=8, shape=True),
            rect(x + 3, y + 3, w - 6, band, fill=colour, stroke="none", rx=6)]
    chars = max(6, int((w - 10) / (title_size * 0.55)))
    for i, part in enumerate(wrap(title, chars)[:2]):
        body.append(text(x + w / 2, y + 3 + (band / 2 if len(wrap(title, chars)) == 1 else 9 + i * 16), part,
                         size=title_size if len(wrap(title, chars)) == 1 else title_size - 2,
                         fill=ink_on(colour), weight="bold"))
    if corner:
        body.append(text(x + w - 8, y + h - 14, corner, size=20, anchor="end", weight="bold", fill="#b71c1c"))
    ty = y + band + 16
    for row in lines:
        for part in wrap(row, max(6, int((w - 12) / 7.2))):
            if ty > y + h - 30:
                break
            body.append(text(x + 7, ty, part, size=13, anchor="start", fill="#333"))
            ty += 16
    return f"<g{opacity}>{''.join(body)}</g>"
