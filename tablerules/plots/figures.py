"""Where figures go: ``figures/`` at the top of the project (``$TABLERULES_FIGURES`` overrides it)."""

from __future__ import annotations

import io
import os
from pathlib import Path

from matplotlib.figure import Figure

from ..core.files import atomic_path

_PROJECT_ROOT = Path(__file__).resolve().parents[2]


def figures_dir() -> Path:
    override = os.environ.get("TABLERULES_FIGURES")
    path = Path(override) if override else _PROJECT_ROOT / "figures"
    path.mkdir(parents=True, exist_ok=True)
    return path


def save_figure(fig: Figure, name: str) -> Path:
    """Save ``fig`` as ``figures/<name>.png`` and return the path."""
    path = figures_dir() / f"{name}.png"
    with atomic_path(path) as temporary:
        fig.savefig(temporary, dpi=150, bbox_inches="tight", metadata={"Software": None})
    return path


def png_bytes(fig: Figure, dpi: int = 90) -> bytes:
    """``fig`` as PNG bytes (for an ipywidgets Image)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
    return buffer.getvalue()


def crisp_png(fig: Figure, dpi: int = 90, sharpness: int = 2) -> tuple[bytes, int]:
    """``fig`` drawn at ``sharpness`` times ``dpi``, and the width in CSS pixels to show it at (its size at
    ``dpi``): shown at that width the picture is sharp on a projector or a high-density screen instead of a
    small bitmap stretched and blurred."""
    data = png_bytes(fig, dpi=dpi * sharpness)
    width = int.from_bytes(data[16:20], "big")  # the PNG header's width
    return data, round(width / sharpness)


def show_crisp(image, fig: Figure, dpi: int = 90) -> None:
    """Put ``fig`` in an ipywidgets ``Image`` sharply: drawn at twice ``dpi``, shown at its size at ``dpi``
    (at most the width of the page)."""
    data, width = crisp_png(fig, dpi)
    image.value = data
    image.layout.width = f"{width}px"
    image.layout.max_width = "100%"
