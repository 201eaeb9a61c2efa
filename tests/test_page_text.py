"""No page shows a raw list, a repr, a long float or a slug (issue 23): every panel is played from the
start by a seeded hand and its whole text (buttons, tooltips, menus, the board's labels and hover texts,
the log) is scanned at many positions, in the seat view and the teacher view."""

from __future__ import annotations

import pytest
from panels import PANELS, played

from tablerules.widgets.pagetext import page_text, raw_bits


def test_the_scanner_finds_what_it_should() -> None:
    found = {what for what, _ in raw_bits("bidders [1, 2, 0] penalties ['armpit'] 113.33333333333333 "
                                          "makes bull_baby Chance(event='d6') (2, 3)")}
    assert found == {"a raw list of numbers", "a raw list of strings", "a long float", "a slug",
                     "a dataclass repr", "a raw tuple"}
    assert raw_bits("player 1 wins 5/12 (41.7%) of fights; 3.5 on average; region 7") == []
    assert raw_bits("[K] 领主 Lord 可使用功能牌为 [8]、[9]、[10]") == []  # the seed's own card notation
    assert raw_bits("bidders [1] and 为 x") == [("a raw list of numbers", "[1]")]


@pytest.mark.parametrize("name", sorted(PANELS))
@pytest.mark.parametrize("seed", [1, 2])
def test_no_page_shows_raw_python(name: str, seed: int) -> None:
    panel = PANELS[name](None, seed)
    bad: dict[str, str] = {}
    for step in played(panel, 60, seed, every=6):
        for view in ("seat", "teacher"):
            panel.view_toggle.value = view
            for what, text in raw_bits(page_text(panel.widget)):
                bad.setdefault(f"{what}: {text}", f"step {step}, {view} view, stage {panel.game.stage()}")
        panel.view_toggle.value = "seat"
    assert not bad, "\n".join(f"{k} ({v})" for k, v in sorted(bad.items()))
