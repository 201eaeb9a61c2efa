"""Every notebook runs headless, and every notebook is committed without outputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablerules.plots.figures import figures_dir
from tablerules.plots.notebooks import NOTEBOOKS_DIR, execute_notebook, notebook_paths

NOTEBOOKS = notebook_paths()


def test_there_are_notebooks() -> None:
    assert NOTEBOOKS[0].name == "00_start_here.ipynb"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [] and cell.get("execution_count") is None, path.name


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_executes_headless(path: Path) -> None:
    nb = execute_notebook(path)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors


def test_start_here_writes_its_figures() -> None:
    execute_notebook(NOTEBOOKS_DIR / "00_start_here.ipynb")
    for name in ("combat_heatmap", "flee_curves"):
        path = figures_dir() / f"{name}.png"
        assert path.stat().st_size > 10_000
        assert path.read_bytes()[:4] == b"\x89PNG"
