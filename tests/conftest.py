"""Shared test set-up: figures go to a temporary folder, not the project's figures/."""

from __future__ import annotations

import os

import matplotlib
import pytest

matplotlib.use("Agg")


@pytest.fixture(autouse=True, scope="session")
def _figures_to_tmp(tmp_path_factory: pytest.TempPathFactory) -> None:
    os.environ["TABLERULES_FIGURES"] = str(tmp_path_factory.mktemp("figures"))
    os.environ["TABLERULES_SWEEPS"] = str(tmp_path_factory.mktemp("sweeps"))  # the notebooks' sweep data
