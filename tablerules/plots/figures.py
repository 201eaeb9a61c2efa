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
        fig.savefig(temporary, dpi=110, bbox_inches="tight", metadata={"Software": None})
    return path


def png_bytes(fig: Figure, dpi: int = 90) -> bytes:
    """``fig`` as PNG bytes (for an ipywidgets Image)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
    return buffer.getvalue()
