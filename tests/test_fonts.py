"""Chinese text renders in figures: the package sets matplotlib's fallback to an installed CJK font."""

from __future__ import annotations

import os
import warnings

import pytest
from matplotlib.figure import Figure

from tablerules.plots.figures import png_bytes
from tablerules.plots.fonts import cjk_font, use_cjk_fallback


def test_chinese_text_draws_without_missing_glyphs() -> None:
    if cjk_font() is None:
        if os.environ.get("CI"):
            pytest.fail("no CJK font: .ci/run installs fonts-noto-cjk")
        pytest.skip("no CJK font installed (apt-get install fonts-noto-cjk)")
    import matplotlib

    import tablerules.plots  # noqa: F401  (sets the fallback)

    assert cjk_font() in matplotlib.rcParams["font.sans-serif"]
    assert use_cjk_fallback() == cjk_font()
    fig = Figure(figsize=(3, 1))
    fig.text(0.1, 0.5, "Small World 小小世界: 鼠人")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # matplotlib warns "Glyph ... missing from font(s)"
        assert png_bytes(fig)[:4] == b"\x89PNG"
