"""Issue 16, reliability: every CLI argument has a range (outside it one line and exit 2, inside it a fast
answer), and ``simulate`` reports games stopped by the length cap as capped, never as finished."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from dicegame import Pig

from tablerules import cli, odds
from tablerules.cli import main
from tablerules.core.distribution import Distribution, d6_count_le
from tablerules.core.simulation import simulate
from tablerules.quest.search_table import load_search_table

EXAMPLES = "data/quest/dungeons/movement_examples.json"


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO(""))
    return code, out.getvalue()


@pytest.mark.parametrize("argv", [
    ["odds", "combat", "--side", "7:99999", "--monster", "1"],
    ["odds", "combat", "--side", "7:60", "--side", "1:41", "--monster", "1"],
    ["odds", "combat", "--side", "7", "--monster", "1:101"],
    ["odds", "combat", "--side", "99999999:1", "--monster", "1"],
    ["odds", "flee", "--monsters", "100000"],
    ["odds", "flee", "--monsters", "0", "--modifier", "1"],
    ["odds", "flee", "--modifiers", ",".join(["1"] * 51)],
    ["odds", "flee", "--monsters", "2", "--modifier", "1000"],
    ["odds", "search", "--dice", "50"],
    ["odds", "search", "--dice", "-1"],
    ["odds", "search", "--dice", "2", "--modifier", "99"],
    ["odds", "conquest", "--tokens", "0", "--cost", "5"],
    ["odds", "conquest", "--tokens", "3", "--cost", "0"],
    ["odds", "conquest", "--tokens", "3", "--cost", "101"],
    ["odds", "conquest", "--tokens", "1", "--cost", "5"],
    ["simulate", "munchkin", "--games", "0"],
    ["simulate", "munchkin", "--games", "100000000"],
    ["simulate", "munchkin", "--seed", "-1"],
    ["play", "munchkin", "--seed", str(2**64)],
    ["quest", "forecast", EXAMPLES, "--turns", "100000"],
    ["quest", "forecast", EXAMPLES, "--turns", "9" * 5000],
])
def test_arguments_outside_their_range_give_one_line_and_exit_2(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(*argv)
    err = capsys.readouterr().err
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


@pytest.mark.parametrize("command", [["odds", "combat"], ["odds", "flee"], ["odds", "search"], ["odds", "conquest"],
                                     ["simulate"], ["quest", "forecast"]])
def test_help_states_the_ranges(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([*command, "--help"])
    assert exit_.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert " to " in text or "at most" in text


def test_the_range_corners_answer_fast() -> None:
    """The slowest corners of every odds range answer in well under a second (timed loosely here; the
    numbers are in benchmarks/README.md)."""
    table = load_search_table()  # read once (validating data files is not odds work)
    corners = [
        lambda: odds.combat([(cli.MAX_STRENGTH, cli.MAX_DICE_PER_SIDE)], [(-cli.MAX_STRENGTH, cli.MAX_DICE_PER_SIDE)]),
        lambda: odds.combat([(7, 50)] * 2, [(60, 100)]),
        lambda: odds.flee(list(range(-25, 25)), need=cli.MAX_MODIFIER),
        lambda: odds.flee([0] * cli.MAX_MONSTERS),
        lambda: odds.search(cli.SEARCH_DICE[1], cli.MAX_SEARCH_MODIFIER, table=table),
        lambda: odds.conquest(cli.CONQUEST_TOKENS[1], cli.CONQUEST_COST[1]),
    ]
    for corner in corners:
        start = time.perf_counter()
        corner()
        assert time.perf_counter() - start < 5  # a loaded CI machine: the benchmark holds the real target


def test_combat_in_closed_form_matches_the_convolution() -> None:
    for n in range(7):
        dice = Distribution.dice(n)
        for total in range(-1, 6 * n + 2):
            assert d6_count_le(n, total) == dice.denominator - dice.count_ge(total + 1)
    for m, k, gap in [(3, 2, 4), (40, 30, -7), (0, 5, 3), (6, 0, 20)]:
        diff = odds.dice_difference(m, k)
        result = odds.combat([(gap, m)], [(0, k)])
        assert result.win == diff.p_ge(1 - gap) and result.tie == diff.p_eq(-gap)


class CappedPig(Pig):
    """Pig to a target that is never reached before the cap."""

    max_length = 40


def test_simulate_reports_games_stopped_at_the_cap() -> None:
    summary = simulate(CappedPig, 5, seed=3, params={"target": 10_000}, progress=False)
    assert summary.finished == 0 and summary.capped == 5 and summary.capped_seeds == [3, 4, 5, 6, 7]
    assert summary.turns == [] and not summary.winners
    data = summary.to_json()
    assert data["capped"] == 5 and data["finished"] == 0
    finished = simulate(Pig, 5, seed=3, progress=False)
    assert finished.capped == 0 and finished.finished == 5


def test_a_simulation_cap_on_turns_is_reported_as_capped() -> None:
    """Munchkin's ``max_turns`` ends a game without a winner: a cap, not a finished game."""
    summary = simulate("munchkin", 3, seed=1, params={"max_turns": 4}, progress=False)
    assert summary.capped == 3 and summary.finished == 0 and summary.capped_seeds == [1, 2, 3]


def test_simulate_cli_prints_capped_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "simulate", lambda cls, n, **kw: simulate(CappedPig, n, seed=kw["seed"],
                                                                        params={"target": 10_000}, progress=False))
    monkeypatch.setattr(cli, "_game", lambda name: CappedPig)
    code, out = run("simulate", "pig", "--games", "2")
    assert code == 0 and "capped    2 (stopped at the length cap, not finished" in out and "finished  0" in out


# ----- nothing lost: atomic writes ------------------------------------------------------------------------
class Interrupted(Exception):
    """Stands for a process killed in the middle of a write."""


def _write_half_then_die(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file write from now on writes its first half, then dies."""
    import builtins

    real_open = builtins.open

    class HalfWriter:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()
            return False

        def write(self, data):
            self.handle.write(data[: len(data) // 2])
            self.handle.flush()
            raise Interrupted("killed midway")

        def __getattr__(self, name):
            return getattr(self.handle, name)

    def dying_open(file, mode="r", *args, **kwargs):
        handle = real_open(file, mode, *args, **kwargs)
        return HalfWriter(handle) if "w" in mode else handle

    monkeypatch.setattr(builtins, "open", dying_open)


def test_a_save_killed_midway_leaves_the_old_save_and_no_half_file(
        tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tablerules.core.registry import game_class

    game = game_class("munchkin")(seed=3)
    for _ in range(20):
        game.roll() if game.is_chance() else game.apply(game.legal_actions()[0])
    save = tmp_path / "game.json"
    game.save(save)
    before = save.read_bytes()
    for _ in range(10):
        game.roll() if game.is_chance() else game.apply(game.legal_actions()[-1])
    with monkeypatch.context() as patch:
        _write_half_then_die(patch)
        with pytest.raises(Interrupted):
            game.save(save)
        with pytest.raises(Interrupted):
            game.save(tmp_path / "new.json")
    assert save.read_bytes() == before  # the old save, whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no half file, no temporary
    assert type(game).load(save).state_dict() != game.state_dict()
    game.save(save)
    assert type(game).load(save).state_dict() == game.state_dict()


def test_a_dungeon_or_figure_killed_midway_leaves_no_half_file(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tablerules.quest.dungeon import Dungeon

    dungeon = Dungeon.load(EXAMPLES)
    with monkeypatch.context() as patch:
        _write_half_then_die(patch)
        with pytest.raises(Interrupted):
            dungeon.save(tmp_path / "d.json")
    assert list(tmp_path.iterdir()) == []
    import matplotlib.pyplot as plt

    from tablerules.plots import figures

    monkeypatch.setenv("TABLERULES_FIGURES", str(tmp_path))
    def half_png(self, path, **kwargs) -> None:
        Path(path).write_bytes(b"\x89PNG half")
        raise Interrupted("killed midway")

    fig = plt.figure()
    with monkeypatch.context() as patch:
        patch.setattr(type(fig), "savefig", half_png)
        with pytest.raises(Interrupted):
            figures.save_figure(fig, "half")
    plt.close(fig)
    assert list(tmp_path.iterdir()) == []


# ----- serving notebooks: this machine only, with a token -------------------------------------------------
def test_make_lab_and_panel_bind_to_localhost_with_the_token_on() -> None:
    root = Path(__file__).resolve().parents[1]
    makefile = (root / "Makefile").read_text()
    lab = makefile.split("\nlab:", 1)[1].split("\n\n", 1)[0]
    panel = makefile.split("\npanel:", 1)[1].split("\n\n", 1)[0]
    assert "jupyter lab" in lab and "--ServerApp.ip=127.0.0.1" in lab
    assert "voila" in panel and "--Voila.ip=127.0.0.1" in panel and "--token" in panel
    for text in (lab, panel):
        assert "token=''" not in text and 'token=""' not in text and "0.0.0.0" not in text
    readme = (root / "README.md").read_text()
    assert "## Serving a panel to a class" in readme
    commands = [line for line in readme.splitlines() if "voila " in line and "notebooks/" in line]
    assert commands and all("--token" in line and "--Voila.ip=" in line for line in commands)
