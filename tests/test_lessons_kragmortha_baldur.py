"""The Kragmortha and Baldur's Gate lessons (issue 25): their asks agree with what the engine does when the
actions are played, the seed's worked examples are steps with their numbers, practice questions are
reproducible by seed and explained, and the lesson table is the learner's seat view with the asked numbers
hidden."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tablerules.baldur.analysis import event_odds
from tablerules.kragmortha.analysis import DESK_MODEL, desk_chance
from tablerules.lessons import Kind, check, load_lesson, show
from tablerules.lessons.asks import drills_of
from tablerules.lessons.practice import Setting, question
from tablerules.widgets.lesson_panel import LessonPanel
from tablerules.widgets.pagetext import page_text, raw_bits


def at(game: str, step_id: str) -> LessonPanel:
    """The lesson panel on the step ``step_id``."""
    return LessonPanel(game, start=[s.id for s in load_lesson(game).steps].index(step_id))


def shown(game: str, step_id: str):
    lesson = load_lesson(game)
    return show(lesson, lesson.step(step_id))


# ----- Kragmortha ---------------------------------------------------------------------------------------------
def test_squares_reached_are_where_the_card_takes_the_goblin_when_played() -> None:
    """Seed 004, 移動: "卡片上面角落的圖案代表可以移動到的圖案格"."""
    s = shown("kragmortha", "card-symbols")
    g = s.game
    ends = set()
    for a in g.legal_actions():
        if getattr(a, "card", "") == "goblin-parchment-gems" and a.path:
            trial = g.copy()
            trial.apply(a)
            ends.add(trial.board.label(trial.state.seats[0].square))
    assert s.answer.value == 6 == len(ends - {"d4"})
    assert "It reaches 6 squares besides d4: b4 (west, west); c4 (west)" in s.answer.why[-1]


def test_the_desk_step_answers_yes_and_its_move_takes_the_goblin_home_with_a_tome() -> None:
    """Seed 004: "書桌可以用任何圖案移動到上面" and "若移動到書桌，則可以抽一張魔法寶典卡，然後回到起始位置"."""
    assert shown("kragmortha", "any-symbol-onto-the-desk").answer.value == "yes"
    s = shown("kragmortha", "a-tome-at-the-desk")
    (move,) = s.answer.value
    g = s.game
    start = g.state.seats[0].start
    g.apply(move)
    assert g.state.seats[0].square == start and g.chance_step().event == "tome draw"


def test_push_and_dark_lord_answers_do_what_they_say() -> None:
    """Seed 004: "依照方向可以將他推到下一格"; "被推的哥布林若又移動到其他哥布林的格子時，也可以推下一個人";
    "若任一哥布林與黑暗領主在同一格時，該玩家得抽一張噩運卡執行"."""
    s = shown("kragmortha", "push")
    g = s.game
    g.apply(next(a for a in s.answer.value if a.path == ("north",)))
    assert g.board.label(g.state.seats[1].square) == "d6" and g.board.label(g.state.seats[0].square) == "d7"
    s = shown("kragmortha", "push-a-chain")
    g = s.game
    g.apply(next(a for a in s.answer.value if a.path == ("north",)))
    assert [g.board.label(g.state.seats[p].square) for p in range(3)] == ["d7", "d6", "d5"]
    s = shown("kragmortha", "the-dark-lord")
    g = s.game
    g.apply(next(iter(s.answer.value)))
    assert g.chance_step().event == "penalty draw" and g.chance_step().player == 1


def test_the_dark_lord_jump_and_the_apprentice() -> None:
    """Seed 004: "若黑暗領主走到傳送格則可以移動到任一空格，但不可以與哥布林相鄰";
    法師學徒 "在面對大法師的時候，可以避免一次拿取噩運卡"."""
    s = shown("kragmortha", "the-lord-jumps")
    assert s.answer.value == "e9" and "d9 is next to the goblin on d10." in s.answer.why
    s = shown("kragmortha", "the-apprentice")
    g = s.game
    g.apply(next(iter(s.answer.value)))
    assert g.state.seats[0].penalties == [] and "apprentice" in g.state.seats[0].used_tomes
    assert g.stage() == "flee"  # no penalty card; the goblin still flies off


def test_desk_odds_are_the_analysis_number_with_its_model() -> None:
    s = shown("kragmortha", "the-order-is-yours")
    mine = s.game.state.seats[0]
    assert s.answer.value == desk_chance(mine.square, list(mine.hand), 2, 4) == Fraction(27, 56)
    assert any(DESK_MODEL in line for line in s.answer.why)
    assert check(s, 0.5).right and not check(s, 0.1).right


def test_kragmortha_odds_and_the_tie_breaks() -> None:
    """Seed 004: "每張魔法寶典卡上面有1到3個魔法記號，在平手時才會用到"; 失落的寶藏
    "如果和領先者平手，你獲得遊戲勝利"."""
    assert shown("kragmortha", "teleport-cards").answer.value == Fraction(2, 5)
    assert shown("kragmortha", "one-of-each-symbol").answer.value == Fraction(15, 19)
    assert shown("kragmortha", "magic-symbols").answer.value == 5
    assert shown("kragmortha", "who-wins").answer.value == "player 1"  # 6 magic symbols beat 5
    assert shown("kragmortha", "lost-treasure").answer.value == "player 3"
    assert shown("kragmortha", "swift-draws-to-four").answer.value == 2


# ----- Baldur's Gate -------------------------------------------------------------------------------------------
def test_the_seeds_worked_examples_are_steps_with_their_numbers() -> None:
    examples = {s.id: s.example for s in load_lesson("baldursgate").steps if s.example}
    assert set(examples) == {"protect-5", "dracula", "persian-wall"}
    protect = shown("baldursgate", "protect-5")  # 注9: 5 as a 5, or 2 + 3
    assert protect.answer.value == 2 and "5♠; 2♠ + 3♥" in protect.answer.why[-1]
    assert shown("baldursgate", "dracula").answer.value == 20  # 16 + [?] + [?], the lowest being 2 and 2
    wall = shown("baldursgate", "persian-wall")  # 跟 [3] 相连的数字为 [2]、[4]
    assert wall.answer.value == 2 and "single numbers 2, 4" in wall.answer.why[-1]
    assert not [s for s in load_lesson("kragmortha").steps if s.example]  # seed 004 has no worked example


def test_baldur_numbers_agree_with_the_engine() -> None:
    """Seed 002, 注6: "[9] 徵税为获得行动玩家手上所有英雄牌数量 + 2 的手牌 ( 上限为5张 )"."""
    tax = shown("baldursgate", "tax")
    assert tax.answer.value == 5 and "4 heroes, so 4 + 2 = 6, capped at 5" in tax.answer.why[0]
    assert shown("baldursgate", "levels").answer.value == 3
    assert shown("baldursgate", "heroes-draw-cards").answer.value == 4
    assert shown("baldursgate", "score").answer.value == 8 * 2 + 10 + 7 + 2 - 40
    assert shown("baldursgate", "protection-number").answer.value == 9
    assert shown("baldursgate", "one-piece").answer.value == 2  # [红5]: a card per thief, two thieves
    bid = shown("baldursgate", "recruit-bid")
    assert {a.cards for a in bid.answer.value} == {("10 black", "9 red")}


def test_the_event_odds_are_the_seats_not_the_referees() -> None:
    s = shown("baldursgate", "event-odds")
    seat = event_odds(s.game, 0)
    keys = ["black 3", "black 5", "black 7", "black 9"]
    assert s.answer.value == sum(seat.get(k, Fraction(0)) for k in keys)
    assert "As player 0 knows the cards" in s.answer.why[1]


# ----- practice -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["kragmortha", "baldursgate"])
def test_practice_is_reproducible_explained_and_uses_the_drills(game: str) -> None:
    first = [question(Setting(game), 3, i) for i in range(10)]
    again = [question(Setting(game), 3, i) for i in range(10)]
    assert [q.answer.value for q in first] == [q.answer.value for q in again]
    assert [q.game.state_dict() for q in first] == [q.game.state_dict() for q in again]
    drills = {d.ask for d in drills_of(game)}
    assert {q.step.question.ask for q in first} & drills
    for q in first:
        assert q.answer.why and all(line.strip() for line in q.answer.why)
        right = float(q.answer.value) if isinstance(q.answer.value, Fraction) else q.answer.value
        assert check(q, right).right


# ----- the table: the seat's view, the asked numbers hidden -------------------------------------------------------
def test_kragmortha_table_hides_the_hand_limit_and_the_squares_on_a_question() -> None:
    ask = at("kragmortha", "dealt-three")  # the hand limit
    assert ask.step.question.kind is Kind.NUMBER
    svg = ask.table.board.svg
    assert "hand limit 3" not in svg and "click:" not in svg and ask.table.board.active == []
    assert "movement cards (hidden)" in svg  # the other hands face down: the learner's seat view
    assert "goblin card with" not in svg.split("The other players")[1].split("Legend")[0]
    act = at("kragmortha", "play-then-draw")  # play a card: the squares light up
    assert "hand limit 3" in act.table.board.svg and act.table.board.active


def test_baldur_table_hides_the_score_odds_and_protection_number_on_a_question() -> None:
    score = at("baldursgate", "score")
    assert "score now" not in score.table.board.svg
    odds = at("baldursgate", "event-odds")
    assert "exact odds" not in odds.table.board.svg
    assert "work them out yourself" in odds.table.board.svg and "in hand (8 a hero" in odds.table.board.svg
    protect = at("baldursgate", "protection-number")
    assert "making 9" not in protect.table.board.svg
    assert "in hand (face down)" in protect.table.board.svg  # the seat view: other hands hidden
    act = at("baldursgate", "a-hero-acts")
    assert act.step.question.kind is Kind.ACT and "score now" in act.table.board.svg
    assert raw_bits(page_text(act.widget)) == []
