"""Chinese text in figures: matplotlib falls back from DejaVu Sans to an installed CJK font (Noto Sans CJK from
Debian's fonts-noto-cjk or conda-forge's font-ttf-noto-cjk, else another common one) for glyphs DejaVu lacks.
Set once when :mod:`tablerules.plots` is imported."""

from __future__ import annotations

import matplotlib
from matplotlib import font_manager

#: CJK families in order of preference (the first installed one is used as the fallback)
CJK_FAMILIES = ("Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK JP", "Noto Sans SC", "Source Han Sans SC",
                "WenQuanYi Zen Hei", "WenQuanYi Micro Hei", "Droid Sans Fallback", "AR PL UMing CN", "SimHei",
                "Microsoft YaHei", "PingFang SC", "Heiti SC")


def cjk_font() -> str | None:
    """The first installed CJK family of :data:`CJK_FAMILIES`, or ``None``."""
    installed = {f.name for f in font_manager.fontManager.ttflist}
    return next((name for name in CJK_FAMILIES if name in installed), None)


def use_cjk_fallback() -> str | None:
    """Make matplotlib fall back to a CJK font for Chinese glyphs (``font.family`` as a list of families:
    matplotlib >= 3.6 falls back glyph by glyph, a generic "sans-serif" does not); return the family used,
    or ``None`` when none is installed."""
    family = cjk_font()
    if family is None:
        return None
    sans = [f for f in matplotlib.rcParams["font.sans-serif"] if f != family]
    matplotlib.rcParams["font.sans-serif"] = [sans[0], family, *sans[1:]] if sans else [family]
    matplotlib.rcParams["font.family"] = [sans[0], family] if sans else [family]
    return family
