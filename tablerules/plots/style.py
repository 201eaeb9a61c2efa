"""Figures a class can read from the back of the room: large fonts, layouts that keep colourbars and labels
apart, crisp pictures in a notebook. Set once when :mod:`tablerules.plots` is imported."""

from __future__ import annotations

from collections.abc import Sequence

import matplotlib
from matplotlib.colors import to_rgb

#: the classroom style: no text under 12 pt, constrained layout (colourbars get their own room)
CLASSROOM = {"font.size": 14, "axes.titlesize": 16, "axes.labelsize": 14, "xtick.labelsize": 13,
             "ytick.labelsize": 13, "legend.fontsize": 13, "legend.title_fontsize": 13, "figure.titlesize": 17,
             "figure.constrained_layout.use": True, "figure.dpi": 100, "savefig.dpi": 150,
             "lines.linewidth": 2.5, "lines.markersize": 8}

#: the smallest font size (points) a figure of the analysis notebooks may use
SMALLEST_FONT = 12


def use_classroom_style() -> None:
    """Apply :data:`CLASSROOM` and, inside a notebook kernel, draw inline figures at twice the resolution
    (sharp on a projector and on high-density screens)."""
    matplotlib.rcParams.update(CLASSROOM)
    try:
        from IPython import get_ipython

        shell = get_ipython()
    except ImportError:  # pragma: no cover - IPython is installed with the notebooks
        shell = None
    if shell is not None and getattr(shell, "kernel", None) is not None:
        from matplotlib_inline.backend_inline import set_matplotlib_formats

        set_matplotlib_formats("retina")


def luminance(colour: str | Sequence[float]) -> float:
    """The relative luminance (WCAG) of a colour: 0 for black, 1 for white."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in to_rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_colour_on(background: str | Sequence[float]) -> str:
    """Black or white, whichever contrasts more with ``background`` (WCAG contrast ratio)."""
    lum = luminance(background)
    return "black" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "white"
