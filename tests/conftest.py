"""Shared test set-up: figures go to a temporary folder, not the project's figures/; the save key to a
temporary folder, not the user's config folder (set on import: the CLI's subprocesses use it too)."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")

_KEY_FOLDER = tempfile.mkdtemp(prefix="tablerules-save-key-")
atexit.register(shutil.rmtree, _KEY_FOLDER, True)
os.environ["TABLERULES_SAVE_KEY_FILE"] = str(Path(_KEY_FOLDER) / "save-key")


@pytest.fixture(autouse=True, scope="session")
def _figures_to_tmp(tmp_path_factory: pytest.TempPathFactory) -> None:
    os.environ["TABLERULES_FIGURES"] = str(tmp_path_factory.mktemp("figures"))
    os.environ["TABLERULES_SWEEPS"] = str(tmp_path_factory.mktemp("sweeps"))  # the notebooks' sweep data


@pytest.fixture(autouse=True, scope="session")
def _browser_shutdown() -> Iterator[None]:
    """The browser tests share one Voila server and one chromium per test process (tests/browser.py):
    stop them when the session ends."""
    yield
    browser = sys.modules.get("browser")
    if browser is not None:
        browser.shutdown()


@pytest.fixture(scope="module")
def client():
    """One 2-worker in-process dask cluster for a sweep test module (starting a cluster costs more than the
    games)."""
    distributed = pytest.importorskip("distributed")
    from tablerules.sweep.runner import local_cluster

    cluster = local_cluster(2, processes=False)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()
