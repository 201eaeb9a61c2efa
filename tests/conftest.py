"""Shared test set-up: figures go to a temporary folder, not the project's figures/."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import matplotlib
import pytest

matplotlib.use("Agg")


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
