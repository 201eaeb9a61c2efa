"""Every notebook runs headless, and every notebook is committed without outputs."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from tablerules.plots.figures import figures_dir
from tablerules.plots.notebooks import (
    NOTEBOOKS_DIR,
    analysis_paths,
    execute_notebook,
    notebook_paths,
    raw_outputs,
    unreadable_outputs,
)

NOTEBOOKS = notebook_paths()
ANALYSIS = analysis_paths()


@functools.cache
def executed(path: Path):
    """``path`` executed headless once per test process: the tests that read its outputs share the run."""
    return execute_notebook(path)


def test_there_are_notebooks() -> None:
    assert NOTEBOOKS[0].name == "00_start_here.ipynb"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [] and cell.get("execution_count") is None, path.name


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_executes_headless_without_raw_python_output(path: Path) -> None:
    """Every notebook runs, and no page shows raw Python output (a tuple, ``Fraction(...)``, ``PosixPath(...)``,
    ``<Axes ...>``, a bare repr): results are words, HTML tables, widgets or pictures (issue 11)."""
    nb = executed(path)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
    assert raw_outputs(nb) == []


def test_raw_output_is_recognised() -> None:
    import nbformat

    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("x")
    cell.outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "(1, Fraction(1, 2))"}, execution_count=1),
                    nbformat.v4.new_output("stream", name="stdout", text="saved PosixPath('figures/a.png')\nok\n"),
                    nbformat.v4.new_output("display_data", {"text/plain": "<Axes: >"}),
                    nbformat.v4.new_output("display_data", {"text/html": "<b>5/12</b>", "text/plain": "(1, 2)"}),
                    nbformat.v4.new_output("stream", name="stdout", text="the munchkins win 5/12 of the time\n")]
    nb.cells = [cell]
    found = raw_outputs(nb)
    assert len(found) == 3 and "bare result" in found[0] and "PosixPath" in found[1] and "<Axes" in found[2]


def test_the_analysis_notebooks_are_the_seven_pages() -> None:
    assert [p.stem for p in ANALYSIS] == ["00_start_here", "balance_ladder", "balance_sweeps", "munchkin_analysis",
                                          "quest_monster_movement", "quest_odds", "smallworld_analysis"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_shows_only_words_tables_widgets_and_pictures(path: Path) -> None:
    """No printed text, no plain-text-only result, no ``<pre>`` or fenced block, no slug or raw list or long
    float on the page (issue 23), the step-through pages included (the panels' own text is scanned by
    tests/test_page_text.py): every result is an HTML table, a Markdown line, a widget or a figure."""
    nb = executed(path)
    assert unreadable_outputs(nb) == []
    shown = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert shown and all(o.output_type in ("execute_result", "display_data") for o in shown)


def test_unreadable_output_is_recognised() -> None:
    import nbformat

    new = nbformat.v4.new_output
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("x")
    cell.outputs = [new("stream", name="stdout", text="the munchkins win 5/12 of the time\n"),
                    new("execute_result", {"text/plain": "7/12"}, execution_count=1),
                    new("display_data", {"text/html": "<pre>Room 1 | Room 2</pre>", "text/plain": ""}),
                    new("display_data", {"text/html": "<td>rooms [1, 2, 3]</td>", "text/plain": ""}),
                    new("display_data", {"text/markdown": "the &#x27;bull_baby&#x27; attacks", "text/plain": ""}),
                    new("display_data", {"text/html": "<td>113.33333333333333</td>", "text/plain": ""}),
                    new("error", ename="KeyError", evalue="x", traceback=[])]
    fenced = nbformat.v4.new_markdown_cell("Run it:\n\n```\ntablerules odds flee\n```")
    fine = nbformat.v4.new_code_cell("y")
    fine.outputs = [new("display_data", {"text/html": "<table><tr><td>5/12 (41.7%)</td><td>Kelandor&#x27;s help"
                                                      "</td><td>Room 12 → Room 11</td></tr></table>",
                                         "text/plain": "table"}),
                    new("display_data", {"image/png": "iVBORw0KGgo=", "text/plain": "<Figure size 1000x700>"}),
                    new("display_data", {"application/vnd.jupyter.widget-view+json": {"model_id": "m"},
                                         "text/plain": "VBox()"}),
                    new("execute_result", {"text/markdown": "13 rooms and 6 monsters, 28.1 turns",
                                           "text/plain": "13 rooms"}, execution_count=2)]
    nb.cells = [cell, fenced, fine]
    found = unreadable_outputs(nb)
    assert len(found) == 8, found
    for words in ("printed text", "plain text only", "<pre>", "'[1, 2, 3]'", "'bull_baby'", "113.33333",
                  "an error", "pre-formatted block in the text"):
        assert any(words in f for f in found), words
    assert not any(f.startswith("cell 2") for f in found)


def test_start_here_writes_its_figures_and_lists_the_registry() -> None:
    import html

    from tablerules.core.registry import game_class, game_names

    nb = executed(NOTEBOOKS_DIR / "00_start_here.ipynb")
    shown = html.unescape(" ".join(o.get("data", {}).get("text/html", "") for c in nb.cells if c.cell_type == "code"
                                   for o in c.outputs))
    for name in game_names():
        assert f"<td>{name}</td>" in shown and game_class(name).title in shown
    for name in ("combat_heatmap", "flee_curves"):
        path = figures_dir() / f"{name}.png"
        assert path.stat().st_size > 10_000
        assert path.read_bytes()[:4] == b"\x89PNG"
