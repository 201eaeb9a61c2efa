"""The pictures and tables of the analysis notebooks: readable from the back of a classroom (issue 23)."""

from __future__ import annotations

from fractions import Fraction

import matplotlib
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

import tablerules.plots  # noqa: F401  (applies the classroom style)
from tablerules.core.data import data_path
from tablerules.plots import show
from tablerules.plots.style import SMALLEST_FONT, luminance, text_colour_on
from tablerules.quest.dungeon import Dungeon
from tablerules.quest.geometry import Colour


@pytest.fixture(scope="module")
def dungeon() -> Dungeon:
    return Dungeon.load(data_path("quest", "dungeons", "movement_examples.json"))


def _texts(fig: Figure) -> list:
    FigureCanvasAgg(fig).draw()
    return [t for t in fig.findobj(matplotlib.text.Text) if t.get_visible() and t.get_text().strip()]


def test_text_colour_follows_the_background() -> None:
    assert luminance("white") == pytest.approx(1) and luminance("black") == 0
    assert text_colour_on("#67000d") == "white"  # the darkest red of a forecast
    assert text_colour_on("#fee0d2") == "black"  # a pale room
    assert text_colour_on("#fbc02d") == "black" and text_colour_on("#1976d2") == "white"


def test_a_fraction_is_shown_with_its_percentage_to_one_decimal() -> None:
    assert show.cell(Fraction(5, 12)) == "5/12 (41.7%)"
    assert show.cell(Fraction(0)) == "0" and show.cell(True) == "yes"
    assert "<td>5/12 (41.7%)</td>" in show.table([("win", Fraction(5, 12))], ("", "chance"))._repr_html_()


def test_the_forecast_label_reads_on_dark_red(dungeon: Dungeon) -> None:
    """The gimpy goblin stays in room 8 after two turns with 69%: its label is white on the darkest shade, and
    a pale room's label black; a chance that rounds to nothing says "<1%"."""
    from tablerules.plots.dungeon_plot import forecast_figure

    fig = forecast_figure(dungeon, "gimpy", turns=[2, 4])
    labels = {(t.axes.get_title(), t.get_text()): t for t in _texts(fig) if t.get_text().endswith("%")}
    dark = labels[("after 2 monster turns", "69%")]
    pale = labels[("after 2 monster turns", "3%")]
    assert matplotlib.colors.to_hex(dark.get_color()) == "#ffffff" and dark.get_fontsize() >= 14
    assert matplotlib.colors.to_hex(pale.get_color()) == "#000000"
    assert ("after 4 monster turns", "0%") not in labels and ("after 4 monster turns", "<1%") in labels


def test_the_colourbar_keeps_clear_of_the_next_charts_labels() -> None:
    from tablerules.plots import combat_heatmap

    fig = Figure(figsize=(14, 6))
    left, right = fig.subplots(1, 2)
    combat_heatmap(left, max_dice=2, diffs=range(-6, 7))
    combat_heatmap(right, max_dice=2, diffs=range(-6, 7), ties_win=True)
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    bars = [ax for ax in fig.axes if ax not in (left, right)]
    assert len(bars) == 2
    first_bar = bars[0].get_tightbbox(renderer)  # with its ticks and its label
    second_chart = right.get_tightbbox(renderer)  # with the row names on its left
    assert first_bar.x1 < second_chart.x0
    assert all(float(t).is_integer() for t in left.get_xticks())  # no "2.5" strength difference


def test_charts_use_large_type() -> None:
    from tablerules.plots import combat_heatmap, difference_bars, flee_curves, search_bars, search_heatmap
    from tablerules.plots.odds_plots import rate_bars
    from tablerules.plots.sweeps import grouped_win_rates, win_rate_chart

    rows = [{"seat": s, "n": 40, "wins": 10, "rate": 0.25, "low": 0.14, "high": 0.4, "deal": d}
            for s in range(4) for d in (2, 4)]
    for draw in (lambda ax: combat_heatmap(ax, 2, range(-4, 5)), flee_curves, lambda ax: search_bars(ax, 1, 2),
                 search_heatmap, lambda ax: rate_bars(ax, {"elf": 3}, {"elf": 9, "dwarf": 8}, 0.25),
                 lambda ax: win_rate_chart(ax, rows[::2], "seat", fair=0.25),
                 lambda ax: grouped_win_rates(ax, rows, "deal", "seat"),
                 lambda ax: difference_bars(ax, [(7, 1)], [(6, 1)])):
        fig = Figure(figsize=(10, 6))
        draw(fig.subplots())
        sizes = {t.get_text(): t.get_fontsize() for t in _texts(fig)}
        assert min(sizes.values()) >= SMALLEST_FONT, sizes


def test_a_crisp_picture_is_drawn_twice_as_fine_as_it_is_shown(dungeon: Dungeon) -> None:
    from ipywidgets import Image

    from tablerules.plots.dungeon_plot import dungeon_figure
    from tablerules.plots.figures import crisp_png, png_bytes, show_crisp

    fig = dungeon_figure(dungeon)
    data, width = crisp_png(fig, dpi=80)
    plain = png_bytes(fig, dpi=80)
    assert abs(int.from_bytes(data[16:20], "big") - 2 * int.from_bytes(plain[16:20], "big")) <= 2
    assert abs(width - int.from_bytes(plain[16:20], "big")) <= 1
    image = Image(format="png")
    show_crisp(image, fig, dpi=80)
    assert image.value == data and image.layout.width == f"{width}px" and image.layout.max_width == "100%"


def test_a_move_is_titled_in_room_names(dungeon: Dungeon) -> None:
    from tablerules.plots.dungeon_plot import move_figure, moves_table
    from tablerules.quest.movement import move_monster

    path = move_monster(dungeon, dungeon.monsters["horror"], Colour.BLUE)
    fig = move_figure(dungeon, path, Colour.BLUE)
    assert fig.get_suptitle().startswith("Unspeakable Horror, blue rolled: Room 12 → Room 11 → Room 9\n")
    page = moves_table(dungeon, [("gimpy", Colour.GREEN)])._repr_html_()
    assert "<td>Gimpy Goblin</td><td>green</td><td>Room 8 → Room 5 → Room 1 → Room 2 → Room 3 → Room 4</td>" in page


def test_sweep_tables_speak_in_percentages_and_seats_from_one() -> None:
    from tablerules.plots.sweeps import label, lengths_table, paired_difference_table, table, win_rate_table

    rates = win_rate_table([{"seat": 0, "n": 40, "wins": 10, "rate": 0.25, "low": 0.1424, "high": 0.4018}], "seat")
    assert rates.rows == [["seat 1", 40, 10, "25.0%", "14.2% to 40.2%"]]
    lengths = lengths_table([{"deal": 2, "games": 20, "mean": 39.05, "q1": 32.0, "median": 38.0, "q3": 46.0,
                              "longest": 76, "capped": 0}], "deal")
    assert lengths.rows == [[2, 20, "39.0", "38", "32 to 46", 76, 0]]
    pairs = paired_difference_table({"pairs": 20, "mean_a": 28.05, "mean_b": 39.05, "diff": 11.0, "low": 3.08,
                                     "high": 18.92}, "deal", 4, 2)
    assert ["95% interval of the difference", "+3.1 to +18.9 turns"] in pairs.rows
    assert table([{"deal": 2, "mean": 39.05}]).rows == [[2, "39.0"]]
    assert label("class", "none") == "no class" and label("race", "elf") == "elf"


def test_the_conquest_plan_is_a_table_of_steps() -> None:
    from tablerules.plots.smallworld_plot import map_figure, plan_table
    from tablerules.smallworld.analysis import plan_conquests
    from tablerules.smallworld.scenario import begin, give, new_game

    g = new_game(3)
    give(g, 0, "Orcs", "Pillaging", hand=9)
    begin(g, 0)
    plan = plan_table(plan_conquests(g))
    assert plan.header == ["step", "what", "tokens"]
    assert plan.rows[0][1].startswith("conquer region ") and plan.rows[-1][1] == "coins to expect this turn"
    assert not any("player" in str(cell) for row in plan.rows for cell in row)
    fig = map_figure(g)
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert "forest" in legend and "player 1" in legend


def test_the_mean_level_counts_only_the_games_still_running() -> None:
    from tablerules.plots.odds_plots import mean_over_turns

    ax = Figure().subplots()
    mean_over_turns(ax, [[1, 2, 3], [1, 4]])
    assert list(ax.lines[0].get_ydata()) == [1, 3, 3]  # the third turn: only the first game
