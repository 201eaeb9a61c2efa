"""Packaging: environment.yml names the runtime dependencies of pyproject.toml, the rules package
imports nothing from Jupyter, and the layout is the one the design asks for."""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

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
                 "README.md", "Makefile", ".ci/run", "docs/rules/README.md", "benchmarks", "data/schema",
                 "tablerules/core", "tablerules/odds.py", "tablerules/cli.py", "tablerules/widgets",
                 "tablerules/plots"):
        assert (ROOT / name).exists(), name


# ----- the wheel (issue 16): `pip install .` gives a working tablerules anywhere ----------------------
_SKIP_IN_COPY = {".venv", ".git", "build", "dist", "tests", "figures", "notebooks", ".hypothesis", ".ruff_cache",
                 ".pytest_cache", "__pycache__"}


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a copy of the checkout (so the build leaves nothing in it), once per test run:
    under pytest-xdist the workers share it (the first to get the lock builds it)."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's temporary folder, above every worker's own
    base = shared / "tablerules-wheel"
    base.mkdir(exist_ok=True)
    with (base / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not list((base / "dist").glob("tablerules-*.whl")):
            source = base / "src"
            shutil.rmtree(source, ignore_errors=True)
            shutil.copytree(ROOT, source, ignore=lambda d, names: [n for n in names if n in _SKIP_IN_COPY
                                                                   or n.endswith(".egg-info")])
            subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(base / "dist"),
                            str(source)], check=True, capture_output=True, text=True, timeout=600)
    (built,) = (base / "dist").glob("tablerules-*.whl")
    return built


def _fresh_venv(where: Path, wheel: Path, with_deps: bool) -> Path:
    """A new venv with the wheel installed (not editable). Without ``with_deps`` the dependencies come
    from this interpreter's site-packages through a .pth file (offline and quick): tablerules itself only
    from the wheel, since a .pth line adds a folder but runs none of its .pth files (the editable hook).
    The venv gets no pip of its own (ensurepip costs ~3.5 CPU s a venv): this interpreter's pip installs into
    it with ``--python``, running under the venv's interpreter as the venv's own pip would."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True, timeout=300)
    python = where / "bin" / "python"
    # --no-compile: no byte-code written at install time for every module of every dependency (scipy, numpy,
    # matplotlib...); Python compiles what the tests import when they import it
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--disable-pip-version-check",
           "--no-compile"]
    subprocess.run([*pip, *([] if with_deps else ["--no-deps"]), str(wheel)], check=True, capture_output=True,
                   timeout=1800)
    if not with_deps:
        site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                              check=True, capture_output=True, text=True).stdout.strip()
        ours = {p for p in sys.path if p.endswith("site-packages")}
        Path(site, "zz_test_dependencies.pth").write_text("\n".join(sorted(ours)) + "\n")
    return python


def _run_installed(python: Path, cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TABLERULES_DATA")}
    env["TABLERULES_FIGURES"] = str(cwd / "figures")
    return subprocess.run([str(python), *argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def test_the_wheel_ships_the_data_and_schemas(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    for data_file in (ROOT / "data").rglob("*.json"):
        assert f"tablerules/_data/{data_file.relative_to(ROOT / 'data').as_posix()}" in names, data_file
    assert not any(n.startswith("data/") for n in names)


@pytest.mark.slow
def test_the_installed_wheel_runs_the_cli_outside_the_checkout(wheel: Path, tmp_path: Path) -> None:
    python = _fresh_venv(tmp_path / "venv", wheel, with_deps=False)
    where = _run_installed(python, tmp_path, "-c", "import tablerules, tablerules.core.data as d; "
                           "print(tablerules.__file__); print(d.data_dir())")
    module, data = where.stdout.split()
    assert module.startswith(str(tmp_path / "venv")) and data.startswith(str(tmp_path / "venv")), where.stdout
    cli = str(python.parent / "tablerules")
    search = subprocess.run([cli, "odds", "search", "--dice", "2", "--json"], cwd=tmp_path, capture_output=True,
                            text=True, timeout=300, env={**os.environ, "PYTHONPATH": ""})
    assert search.returncode == 0, search.stderr
    assert json.loads(search.stdout)["rows"]["7"] == "1/6"
    # every registered game simulates from the wheel's data (one process: imports are slow on a busy machine)
    script = ("import io, json\nfrom tablerules.cli import main\nfrom tablerules.core.registry import game_names\n"
              "for name in game_names():\n    out = io.StringIO()\n"
              "    assert main(['simulate', name, '--games', '1', '--json'], out=out) == 0, name\n"
              "    data = json.loads(out.getvalue())\n"
              "    print(name, data['finished'] + data['capped'])\n"
              "assert main(['odds', 'search', '--dice', '50']) == 2\n")
    sim = _run_installed(python, tmp_path, "-c", script)
    assert sim.returncode == 0, sim.stderr[-2000:]
    assert {"munchkin 1", "quest 1", "smallworld 1", "kragmortha 1"} <= set(sim.stdout.splitlines()), sim.stdout


@pytest.mark.slow
def test_the_installed_wheel_runs_a_notebook(wheel: Path, tmp_path: Path) -> None:
    """CI's check that a notebook works from the wheel: quest_odds.ipynb copied out of the checkout,
    executed by a kernel of the fresh venv, which imports tablerules from that venv."""
    python = _fresh_venv(tmp_path / "venv", wheel, with_deps=False)
    notebook = tmp_path / "quest_odds.ipynb"
    shutil.copy(ROOT / "notebooks" / "quest_odds.ipynb", notebook)
    script = ("import sys, nbformat\nfrom tablerules.plots.notebooks import execute_notebook\n"
              "nb = nbformat.read(sys.argv[1], as_version=4)\n"
              "nb.cells.append(nbformat.v4.new_code_cell('import tablerules; print(tablerules.__file__)'))\n"
              "nbformat.write(nb, sys.argv[1])\n"
              "out = execute_notebook(__import__('pathlib').Path(sys.argv[1]))\n"
              "errors = [o for c in out.cells if c.cell_type == 'code'\n"
              "          for o in c.outputs if o.output_type == 'error']\n"
              "print('ERRORS' if errors else 'OK', out.cells[-1].outputs[0]['text'].strip())\n")
    result = _run_installed(python, tmp_path, "-c", script, str(notebook))
    assert result.returncode == 0, result.stderr[-2000:]
    verdict, module = result.stdout.split()[-2:]
    assert verdict == "OK" and module.startswith(str(tmp_path / "venv")), result.stdout


@pytest.mark.slow
def test_the_wheel_installs_with_its_dependencies_into_a_clean_venv(wheel: Path, tmp_path: Path) -> None:
    """`pip install` of the wheel into an empty venv (dependencies from the package index) runs the CLI."""
    python = _fresh_venv(tmp_path / "venv", wheel, with_deps=True)
    result = _run_installed(python, tmp_path, "-m", "tablerules", "odds", "search", "--dice", "2", "--json")
    assert result.returncode == 0 and json.loads(result.stdout)["rows"]["7"] == "1/6", result.stderr
