"""docs/rules/: the seeds' rule sentences, the coverage tables generated from the tests' docstrings, and the
committed list of rule sentences no test covers yet (which may only shrink)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tablerules.docs_coverage import (
    BEGIN,
    DOCS,
    END,
    GAMES,
    Citation,
    coverage,
    doc_path,
    in_row,
    load_sentences,
    load_uncovered,
    loosen,
    main,
    normalise,
    quoted_pieces,
    run,
    section_order,
    table,
    with_table,
)

HERE = Path(__file__).resolve()
# the seeds sit in ../shared beside the checkout (a worktree one folder deeper: ../../shared)
SEEDS = [Path(os.environ.get("TABLERULES_SEEDS", "")), HERE.parents[2] / "shared" / "seeds",
         HERE.parents[3] / "shared" / "seeds"]


def seed_dir() -> Path | None:
    return next((p for p in SEEDS if str(p) not in ("", ".") and p.is_dir()), None)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_the_sentences_are_the_whole_seed_in_order(game) -> None:
    """Every passage of the seed is in docs/rules/<game>.sentences.json, in order, nothing added or lost: a
    rule sentence cannot be left out of the check by being left out of the list."""
    folder = seed_dir()
    if folder is None:
        pytest.skip("the seeds (../shared/seeds, or TABLERULES_SEEDS) are not beside this checkout")
    raw = (folder / game.seed).read_text(encoding="utf-8")
    sentences = load_sentences(game)
    assert "".join(normalise(s.text) for s in sentences) == normalise(raw)
    assert len({s.id for s in sentences}) == len(sentences)
    assert all(s.id.startswith(game.prefix + "-") for s in sentences)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_left_out_passage_gives_its_reason(game) -> None:
    data = json.loads((DOCS / f"{game.name}.sentences.json").read_text(encoding="utf-8"))
    assert set(data) <= {"game", "seed", "section_order", "sentences"} and data["seed"] == game.seed
    for s in data["sentences"]:
        assert set(s) <= {"id", "section", "text", "excluded"}
        assert "excluded" not in s or len(s["excluded"]) > 10, s["id"]
    assert any(s.rule for s in load_sentences(game))


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_the_section_order_names_each_section_once(game) -> None:
    """Seed 003's text comes in two interleaved columns: its tables follow the rulebook's order of sections; the
    other seeds are in the rulebook's order, each section one run of sentences."""
    order = section_order(game)
    sections = [s.section for s in load_sentences(game)]
    if order:
        assert len(order) == len(set(order)) and set(order) == set(sections)
    else:  # in the seed's order: a section is one run of sentences
        runs = [a for i, a in enumerate(sections) if i == 0 or sections[i - 1] != a]
        assert len(runs) == len(set(runs))


def test_the_coverage_tables_are_up_to_date() -> None:
    """Regenerating the tables gives the committed text (the command: python -m tablerules.docs_coverage)."""
    report = run(write=False)
    assert not report.stale, f"out of date, run `python -m tablerules.docs_coverage`: {report.stale}"


def test_the_command_checks_and_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m tablerules.docs_coverage --check`` changes nothing, prints each game's counts and exits 0."""
    before = {g.name: doc_path(g).read_text(encoding="utf-8") for g in GAMES}
    assert main(["--check"]) == 0
    out = capsys.readouterr().out
    assert all(f"{g.name:12} rule sentences" in out for g in GAMES) and "out of date" not in out
    assert before == {g.name: doc_path(g).read_text(encoding="utf-8") for g in GAMES}


def test_the_markers_must_be_there() -> None:
    with pytest.raises(ValueError, match="markers"):
        with_table("# a document without a table\n", "table")
    assert with_table(f"a\n{BEGIN}\nold\n{END}\nb", f"{BEGIN}\nnew\n{END}") == f"a\n{BEGIN}\nnew\n{END}\nb"


def test_every_rule_sentence_is_covered_or_listed_as_not_yet() -> None:
    """docs/rules/uncovered.json lists exactly the rule sentences no test cites: a new uncovered sentence fails,
    and so does a listed one that a test now covers (drop it from the list: the list only shrinks)."""
    report = run(write=False)
    assert report.new_uncovered == {g.name: [] for g in GAMES}, "cover them with a test (quote the sentence)"
    assert report.now_covered == {g.name: [] for g in GAMES}, "now covered: `python -m tablerules.docs_coverage`"
    listed = load_uncovered()
    for game in GAMES:
        ids = {s.id for s in load_sentences(game) if s.rule}
        assert set(listed[game.name]) <= ids


def test_quoted_pieces_are_cut_at_ellipses_and_need_six_characters() -> None:
    doc = ('死亡: "从等级最高的开始...如果等级相同，投骰决定" and “平局算怪物赢” but "见下文" and '
           '"You may not look through the discards".')
    assert quoted_pieces(doc) == ("从等级最高的开始", "如果等级相同，投骰决定", "You may not look through the discards",
                                  "平局算怪物赢")


def test_a_quote_covers_the_sentences_it_overlaps_and_only_its_own_game() -> None:
    munchkin = next(g for g in GAMES if g.name == "munchkin")
    sentence = next(s for s in load_sentences(munchkin) if "如果你本身就是等级最低的" in s.text)
    cite = Citation("test_munchkin_x.py::test_y", ("如果你本身就是等级最低的，将多余的手牌弃掉",))
    assert coverage(munchkin, [cite]).tests[sentence.id] == ["test_munchkin_x.py::test_y"]
    other = Citation("test_quest_x.py::test_y", cite.pieces)
    assert sentence.id not in coverage(munchkin, [other]).tests
    assert coverage(munchkin, [other]).unmatched == []


def test_a_quote_may_leave_out_the_seeds_asides_and_english_names() -> None:
    """Seed 001 p. 10 "你可以邀请与你同一个房间或者可以跑来帮你（见下文）的任何人" quoted without "（见下文）"; seed 003
    "鱼人 Tritons 在征服…" quoted without "Tritons"."""
    assert loosen("跑来帮你（见下文）的任何人") == loosen("跑来帮你的任何人") == "跑来帮你的任何人"
    assert loosen("鱼人 Tritons 在征服海洋") == "鱼人在征服海洋" and loosen("3 个 的区域") == "3个的区域"
    quest = next(g for g in GAMES if g.name == "quest")
    cite = Citation("test_quest_x.py::test_y", ("你可以邀请与你同一个房间或者可以跑来帮你的任何人",))
    (sid,) = coverage(quest, [cite]).tests
    assert "（见下文）的任何人" in next(s.text for s in load_sentences(quest) if s.id == sid)


def test_a_wrapped_table_cell_is_found_in_its_row() -> None:
    """Seed 002's function-card table wraps its cells: "夺取所有玩家1张随机手 ｜牌" is the cell
    夺取所有玩家1张随机手牌."""
    row = "[4] ｜夺取所有玩家1张随机手 ｜夺取所有玩家2张随机手牌｜夺取1位玩家所有手牌 ｜牌 ｜ ｜"
    assert in_row(normalise("夺取所有玩家1张随机手牌"), row)
    assert not in_row(normalise("夺取所有玩家3张随机手牌"), row)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_each_game_document_has_one_generated_table(game) -> None:
    text = doc_path(game).read_text(encoding="utf-8")
    assert text.count(BEGIN) == 1 and text.count(END) == 1
    assert table(coverage(game)) in text


def test_the_old_diary_is_gone() -> None:
    """docs/rules-notes.md (ordered by when things were done) is replaced by one document per game."""
    assert not (DOCS.parent / "rules-notes.md").exists()
