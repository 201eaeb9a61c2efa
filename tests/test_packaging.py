"""Packaging: environment.yml names the runtime dependencies of pyproject.toml, the rules package
imports nothing from Jupyter, and the layout is the one the design asks for."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def requirement_name(spec: str) -> str:
    return re.split(r"[<>=!~;\[ ]", spec.strip(), maxsplit=1)[0].lower()


def environment_yml() -> tuple[set[str], list[str]]:
    """The conda dependencies and the pip section of environment.yml (a small, strict reader)."""
    conda: set[str] = set()
    pip: list[str] = []
    section = None
    for raw in (ROOT / "environment.yml").read_text().splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if not line.startswith(" "):
            section = line.split(":", 1)[0]
            continue
        item = line.strip()
        if section == "dependencies" and item == "- pip:":
            section = "pip"
        elif section == "pip" and item.startswith("- ") and raw.startswith("      "):
            pip.append(item[2:].strip())
        elif section in ("dependencies", "pip") and item.startswith("- "):
            section = "dependencies"
            conda.add(requirement_name(item[2:]))
    return conda, pip


def test_environment_yml_names_the_runtime_dependencies_of_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = {requirement_name(d) for d in project["dependencies"]}
    conda, pip = environment_yml()
    assert runtime <= conda, f"missing from environment.yml: {sorted(runtime - conda)}"
    assert {"python", "jupyterlab", "ipywidgets", "matplotlib", "networkx", "scipy", "numpy", "pytest"} <= conda
    assert any(p.startswith("-e .") or p == "." or p.startswith(".[") or p.startswith("-e .[") for p in pip)
    text = (ROOT / "environment.yml").read_text()
    assert "conda-forge" in text


def test_rules_package_imports_nothing_from_jupyter() -> None:
    code = (
        "import sys, tablerules, tablerules.core, tablerules.core.testing, tablerules.odds, tablerules.cli, "
        "tablerules.quest.search_table\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'ipywidgets', 'IPython', 'ipykernel', 'jupyter_client', 'nbclient', 'notebook', 'jupyterlab'})\n"
        "print(','.join(bad))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_layout() -> None:
    for name in ("notebooks", "tablerules", "figures", "data", "tests", "environment.yml", "pyproject.toml",
                 "README.md", "Makefile", ".ci/run", "docs/rules-notes.md", "benchmarks", "data/schema",
                 "tablerules/core", "tablerules/odds.py", "tablerules/cli.py", "tablerules/widgets",
                 "tablerules/plots"):
        assert (ROOT / name).exists(), name
