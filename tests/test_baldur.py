"""Baldur's Gate (柏德之门, seed 002): data, set-up, the turn, function cards, recruiting, harness."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from harness_parts import parts

from tablerules.baldur import actions as A
from tablerules.baldur.cards import full_deck, load_rules, makes, protection_solution, protections, rules
from tablerules.baldur.game import Baldur, draw_count, tax_count
from tablerules.baldur.scenario import (
    deal,
    end_round,
    new_game,
    roll_all,
    set_bank,
    set_hand,
    set_heroes,
    set_turn,
    stack_bank,
)
from tablerules.baldur.state import BANK, Task
from tablerules.core.errors import DataError, IllegalAction
from tablerules.core.protocol import Chance
from tablerules.core.registry import game_class
from tablerules.core.testing import random_sim_test


def test_data_has_heroes_functions_and_19_events() -> None:
    r = rules()
    assert [h["rank"] for h in r.heroes] == ["K", "Q", "J", "A"]
    assert sorted(r.functions) == list(range(2, 11))
    assert len(r.events) == 19 and r.events["black 7"]["number"] == 7
    assert r.events["joker"]["name_zh"] == "地狱之门"


def test_data_errors_name_file_and_field(tmp_path) -> None:
    from tablerules.core.data import data_path

    doc = json.loads(data_path("baldur", "cards.json").read_text(encoding="utf-8"))
    doc["events"][3]["kind"] = "party"
    bad = tmp_path / "cards.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_rules(bad)
    assert "cards.json" in str(err.value) and "$.events[3].kind" in str(err.value)
    doc = json.loads(data_path("baldur", "cards.json").read_text(encoding="utf-8"))
    doc["events"][2].pop("number")
    bad.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError, match=r"events\[2\]"):
        load_rules(bad)


def test_deck_is_two_decks_and_four_jokers() -> None:
    """Seed 002: "游戏设置为4位玩家，2副扑克牌，鬼牌4张" and "将[A]、[J]、[Q]、[K]这四种牌 ( 称为英雄牌 ) 取出洗均匀後
    放置一堆 ( 旅店堆 )"."""
    deck = Counter(full_deck())
    assert sum(deck.values()) == 108 and deck["BJ"] == deck["RJ"] == 2
    game = Baldur(seed=3)
    assert len(game.state.inn) == 32 and len(game.state.bank) == 108 - 32  # heroes (A, J, Q, K) to the inn
    roll_all(game)
    assert len(game.state.inn) == 32 - 2 * 4  # two heroes dealt to each of the 4 players
    assert sum(1 for c in full_deck() if c[:-1] in "AJQK") == 32


def test_registry_knows_baldur() -> None:
    assert game_class("baldursgate") is Baldur


def test_setup_deals_6_cards_2_heroes_then_opening_card() -> None:
    """Seed 002: "游戏一开始1人6张手牌，随机2张英雄。" """
    game = Baldur(seed=5)
    roll_all(game)
    assert game.state.stage == "opening"
    for seat in game.state.seats:
        assert len(seat.hand) == 6 and len(seat.heroes) == 2
    assert len(game.state.inn) == 24 and len(game.state.bank) == 76 - 24


def test_opening_highest_rank_then_suit_and_no_jokers() -> None:
    """Seed 002: "再来每位玩家打出1张手牌比大小 ( 花色也为比大小依据 ) ( 不可以出鬼牌 ) 来决定由谁是开局玩家" and
    "开局玩家开始回合前，每位玩家可先从银行抽取2张手牌"."""
    game = Baldur(seed=5)
    roll_all(game)
    for p, hand in enumerate([["10S", "BJ", "2C", "3C", "4C", "5C"], ["10H", "2D", "3D", "4D", "5D", "6D"],
                              ["9S", "2H", "3H", "4H", "5H", "6H"], ["2S", "3S", "4S", "5S", "6S", "7S"]]):
        set_hand(game, p, hand)
    assert A.Open(0, "BJ") not in game.legal_actions()
    for p, card in enumerate(["10S", "10H", "9S", "7S"]):
        game.apply(A.Open(p, card))
    assert game.state.first == 0  # spades beat hearts
    roll_all(game)
    assert all(len(seat.hand) >= 5 + 2 for seat in game.state.seats)


def test_opening_full_tie_is_rock_paper_scissors_chance() -> None:
    """Seed 002: "若有数字与花色均相同者，则猜拳决定" (a chance step, each tied player equally likely)."""
    game = Baldur(seed=5)
    roll_all(game)
    for p, hand in enumerate([["10S", "2C"], ["10S", "2D"], ["9S", "2H"], ["2S", "3S"]]):
        set_hand(game, p, hand)
    for p, card in enumerate(["10S", "10S", "9S", "2S"]):
        game.apply(A.Open(p, card))
    step = game.chance_step()
    assert step.event == "rock-paper-scissors"
    assert [p for _, p in step.outcomes] == [Fraction(1, 2)] * 2
    game.apply(Chance("rock-paper-scissors", "1"))
    assert game.state.first == 1


@pytest.mark.parametrize("heroes,cards", [(0, 3), (3, 3), (4, 4), (5, 4), (6, 5), (8, 6), (9, 6)])
def test_draw_count_by_heroes(heroes: int, cards: int) -> None:
    """Seed 002: "玩家持有的英雄数目，决定抽取手牌数量： 0+ 个英雄 3张。 4+ 个英雄 4张。 6+ 个英雄 5张。 8+ 个英雄
    6张。" """
    assert draw_count(heroes) == cards


def test_turn_draws_by_heroes_and_refreshes_exhausted() -> None:
    game = new_game(seed=2)
    p = game.state.current
    set_heroes(game, p, ["KS", "KH", "QS", "QH"], tired=["JS"])
    set_turn(game, (p - 1) % 4)  # the turn comes to p next
    game.apply(A.EndTurn((p - 1) % 4))
    roll_all(game)
    assert game.state.current == p or game.state.stage != "act"


@pytest.mark.parametrize("n", [0, 3, 40])
def test_draw_from_under_the_bank_at_once_equals_card_by_card(n: int) -> None:
    """Seed 002: "使用後的手牌也须回归银行底部" and "每位玩家在自己回合开始时可再从银行抽取一次手牌": with the
    shuffled bank used up, the cards under it come in order, so a draw moves them all at once; the hand, the
    bank and every log line are those of drawing them one by one (a task of 0 cards draws 1, as it did; 40
    cards stop when the bank runs out)."""
    game = new_game(seed=3)
    s = game.state
    set_bank(game, [], s.bank + s.bank_under)
    p = s.current
    at_once, one_by_one = game.copy(), game.copy()
    at_once.state.tasks = [Task("draw", BANK, p, n)]  # engine write: the fast path is compared with _move
    at_once._draw_under(at_once.state.tasks[0])
    task = Task("draw", BANK, p, n)
    one_by_one.state.tasks = [task]  # engine write: the same draw task, card by card through _move
    while one_by_one.state.tasks:
        one_by_one._move(task, one_by_one.state.bank_under[0])
    assert at_once.state == one_by_one.state
    assert at_once.log_for(p) == one_by_one.log_for(p) and at_once.log == one_by_one.log
    assert len(at_once.log) - len(game.log) == min(max(n, 1), len(s.bank_under))


def test_harness_random_games() -> None:
    report = random_sim_test(lambda seed: Baldur(seed=seed), n_games=3, round_trip_every=37, undo_every=13)
    assert report.games == 3


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_harness_other_player_counts(players: int) -> None:
    report = random_sim_test(lambda seed: Baldur({"players": players}, seed=seed), n_games=1,
                             round_trip_every=53, undo_every=17)
    assert report.games == 1


@pytest.mark.slow
@pytest.mark.parametrize("chunk", parts(30))  # 30 x 25 games (~4 CPU s each), spread evenly over the test workers
def test_thousands_of_random_games(chunk: int) -> None:
    report = random_sim_test(lambda seed: Baldur(seed=seed), n_games=25, seed=10_000 + 25 * chunk,
                             round_trip_every=0, undo_every=0, copy_every=97, observe_every=0, illegal_every=17)
    assert report.games == 25


def test_openspiel_random_sim_test() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from tablerules.interop import openspiel

    # random play lists about 4,800 distinct actions over 60 games;
    # the interop gives every game room for 65,536
    pyspiel.random_sim_test(openspiel.load("baldursgate", players=4), num_sims=2, serialize=True, verbose=False)


def test_tax_is_heroes_plus_two_at_most_five() -> None:
    """Seed 002, 注6: "[9] 徵税为获得行动玩家手上所有英雄牌数量 + 2 的手牌 ( 上限为5张 )"."""
    assert [tax_count(h) for h in (0, 1, 2, 3, 4, 9)] == [2, 3, 4, 5, 5, 5]


def test_protection_solver_any_arithmetic() -> None:
    """Seed 002, 注9: "保护数字代表利用玩家手牌凑出的数目，可以利用各种算术且张数不限制来凑出所需要的数字，
    例如：保护数字为5，可以直接打出1张 [5]，也可以利用 [2] + [3] = 5" - the seed's worked example, with its numbers."""
    assert makes(("5S",), 5) and makes(("2S", "3H"), 5) and makes(("9S", "4H"), 5)
    assert ("5S",) in protections(["5S", "2S", "3H"], 5) and ("2S", "3H") in protections(["5S", "2S", "3H"], 5)
    assert makes(("2S", "2H", "3C"), 7) and not makes(("2S", "2H"), 7)
    assert not makes(("8S", "4H", "2C"), 9)  # 8+4-2, 8-4+2, (8+4)/2, 8/(4-2), ...: never 9
    assert protection_solution(["10S", "4H", "6C"], 7) is None
    assert protection_solution(["10S", "10H"], 7) is None
    # "张数不限制": 3 from four 10s needs all four, (10+10+10)/10; offered at any size
    assert protection_solution(["10S", "10H", "10C", "10D"], 3) == ("10C", "10D", "10H", "10S")
    assert protections(["10S", "10H", "10C", "10D"], 3) == [("10C", "10D", "10H", "10S")]
    # six cards, no fewer of them making 5: only all six (8, 8, 8, 9, 9, 9) protect, and they are offered
    six = ["8S", "8H", "8C", "9S", "9H", "9C"]
    assert makes(six, 5) and not any(makes(part, 5) for k in range(1, 6) for part in combinations(six, k))
    assert protections(six, 5) == [tuple(sorted(six))]


#: the wall's public cards, 3 each from player 0 on: player 1's (10, 10, 10) link to neither 3 nor 5
WALL_OPENS = ["10C", "10C", "10D", "10D", "10H", "10H", "10S", "8S", "8S", "8H", "8H", "8D"]


def wall_numbers(opening: str, hand: list[str]) -> set[tuple[int, ...]]:
    """The numbers player 1 (holding ``hand``) may build after player 0 opened the Persian wall with
    ``opening``."""
    game = new_game(seed=3)
    set_turn(game, 0, first=0)
    set_hand(game, 0, [opening])
    set_hand(game, 1, hand)
    stack_bank(game, ["10S", *WALL_OPENS])
    end_round(game)
    assert game.state.stage == "wall" and game.wall_builder() == 0
    game.apply(A.Build(0, (int(opening[:-1]),)))
    assert game.wall_builder() == 1
    return {a.numbers for a in game.wall_plays(1)}


def test_persian_wall_worked_example_numbers() -> None:
    """Seed 002, [黑10]: "相连：跟 [3] 相连的数字为 [2]、[4]" and "相关：跟 [5] 有加减相关的牌组 [2] + [3] 或是
    [9]–[4]，但以2张为限" - the seed's numbers, as plays after an open [3] and an open [5]."""
    numbers = wall_numbers("3S", ["2S", "4H", "5C", "9D"])
    assert (2,) in numbers and (4,) in numbers and (5,) not in numbers and (9,) not in numbers
    numbers = wall_numbers("5S", ["2S", "3H", "9D", "4C"])
    assert (2, 3) in numbers and (4, 9) in numbers and (4,) in numbers  # [4] is also connected to [5]
    assert (2, 3, 4) not in numbers  # 以2张为限


def test_observation_hides_other_hands() -> None:
    game = new_game(seed=4)
    obs = game.observation(1)["state"]
    assert isinstance(obs["seats"][1]["hand"], list)
    assert all(isinstance(obs["seats"][q]["hand"], int) for q in (0, 2, 3))
    assert "hand" not in json.dumps(game.log_for(2)) or all("gets 1" not in line for line in game.log_for(2))


def test_illegal_use_names_the_rule() -> None:
    game = new_game(seed=4)
    p = game.state.current
    set_heroes(game, p, ["QS"])
    set_hand(game, p, ["3S"])
    with pytest.raises(IllegalAction) as err:
        game.apply(A.Use(p, 3, 1, "black", 0, ((p + 1) % 4,)))
    assert err.value.rule == "function cards"


def _unused() -> None:
    deal, stack_bank  # noqa: B018


def test_seeded_games_are_reproducible() -> None:
    """The same seed and the same choices give the same game: actions, log and result (the chance steps draw
    from the seeded stream; the cached bid and protection tables change nothing)."""

    def play(seed: int) -> tuple:
        game = Baldur({"max_rounds": 4}, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            game.apply(game.sample_chance(rng) if game.is_chance() else rng.choice(game.legal_actions()))
        return game.to_json(), tuple(game.log), game.result()

    assert play(3) == play(3)
    assert play(3)[0] != play(4)[0]


def _forget_listing_caches() -> None:
    from tablerules.baldur import listing
    from tablerules.baldur.rules import events_seven, heroes

    heroes._USES.clear()
    listing._LAST_BIDS.clear()
    listing.protects.cache_clear()
    events_seven._LAST_WALL.clear()
    events_seven._matches.cache_clear()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_cached_action_lists_match_fresh_ones(players: int) -> None:
    """The action lists kept between steps (hero actions by what their aims read, a seat's last bids, the wall's
    last plays, protection sets and the gods' matches per hand) are the lists worked out afresh, in the same
    order, at every decision of seeded random games."""
    checked = 0
    for seed in range(3):
        game = Baldur({"players": players}, seed=seed)
        rng = random.Random(seed)
        while not game.is_over() and game.num_actions < 1500:
            if game.is_chance():
                game.apply(game.sample_chance(rng))
                continue
            listed = game.legal_actions()
            _forget_listing_caches()
            assert list(game.player_actions()) == list(listed), game.stage()
            checked += 1
            game.apply(rng.choice(listed))
    assert checked > 500
