"""The shape of the package: small modules, and no Jupyter in the rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tablerules"
MODULES = sorted(PACKAGE.rglob("*.py"))
#: "no module over ~600 lines": a module that grows past this is split by subject
MAX_LINES = 650
#: the notebook side; everything else is rules, data, odds and analysis, usable without Jupyter
NOTEBOOK_SIDE = ("widgets", "plots")


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_is_over_about_600_lines(module: Path) -> None:
    lines = len(module.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{module.relative_to(PACKAGE)} has {lines} lines: split it by subject"


def test_the_rules_import_nothing_from_jupyter() -> None:
    jupyter = re.compile(r"^\s*(from|import)\s+(ipywidgets|IPython|nbformat|nbclient|voila)\b", re.MULTILINE)
    offenders = [str(m.relative_to(PACKAGE)) for m in MODULES
                 if m.relative_to(PACKAGE).parts[0] not in NOTEBOOK_SIDE and jupyter.search(m.read_text("utf-8"))]
    assert offenders == []
