"""Munchkin Quest (seed 001), the set-up and the turn read sentence by sentence: a scenario test per rule,
each quoting its passage (docs/rules/quest.md, "Munchkin Quest: seed 001 sentence by sentence")."""

from __future__ import annotations

from fractions import Fraction

from tablerules.core.protocol import Chance, Game
from tablerules.quest.actions import Ready
from tablerules.quest.game import QuestGame
from tablerules.quest.heroes import START_GOLD
from tablerules.quest.scenario import hand, ready, set_piles


def _dealt(players: int = 3, seed: int = 1) -> QuestGame:
    game = QuestGame({"players": players}, seed=seed)
    while game.is_chance():
        game.roll()
    for p in range(players):
        game.apply(Ready(p))
    return game


def test_the_first_player_is_decided_by_a_die_roll() -> None:
    """Seed 001 p. 6: "在回合开始的时候抓一张主角卡". p. 17 主角卡: "出现以下情况时，抓一张主角卡：·回合开始时。"
    p. 4 开场和终局: "每个玩家掷个骰子，点数最高的先走。" A chance step after the set-up: each player is
    equally likely to roll highest (ties roll again); the winner's turn begins with its DxM card."""
    game = _dealt(players=4)
    assert game.is_chance() and game.stage() == "rolling for the first player"
    assert game.chance_outcomes() == tuple((Chance("first", p), Fraction(1, 4)) for p in range(4))
    game.apply(Chance("first", 3))
    assert game.current == 3 and game.stage() == "drawing a dxm card"
    assert game.pending[0].player == 3  # p. 6: 在回合开始的时候抓一张主角卡


def test_the_next_turn_is_the_left_hand_players() -> None:
    """p. 4: "每只小白回合结束的时候便该怪物移动（见第13页），然后轮到左手边玩家的回合。\""""
    from tablerules.quest.exploration import EndTurn

    game = ready(players=3, first=2)
    game.apply(EndTurn(2))
    assert game.stage() == "monster turn: rolling the monster die"
    game.roll()
    assert game.current == 0  # the seat after 2 of 3


def test_saves_from_before_the_rules_edition_replay_with_player_0_first() -> None:
    """Saves made before the first player was rolled have no ``rules`` parameter: they replay as edition 1
    (player 0 starts), and a new save says ``rules: 2``."""
    game = _dealt(players=2)
    game.apply(Chance("first", 1))
    data = game.to_json()
    assert data["params"]["rules"] == 2 and Game.from_json(data).current == 1
    old = QuestGame({"players": 2, "rules": 1}, seed=1)
    while old.is_chance():
        old.roll()
    old.apply(Ready(0))
    old.apply(Ready(1))
    assert old.current == 0 and old.chance_step().event == "dxm"
    legacy = old.to_json()
    del legacy["params"]["rules"]
    assert Game.from_json(legacy).params.rules == 1


def test_setup_hands_health_moves_gold_and_the_entrance() -> None:
    """Seed 001 p. 13: "手牌里不能有任何怪物卡".
    p. 4 初始设置: "3张宝藏卡和3张主角卡，作为初始手牌 / 4枚生命值指示物 / 3枚移动力指示物 / 300金币的现金 /
    每人都把自己的小白放在入口上，把等级指示物调到1"; 建人物卡: "所有小白初始都是1级人类，没有职业。"
    p. 15 人物属性: "属性有五项，等级，种族，职业，生命值以及移动力。" 生命值: "每人初始时都有四枚心形的生命值指示物，
    红色向上。" 移动力: "所有人初始都有三枚脚丫形状的移动力指示物。" p. 17 主角卡: "游戏开始时每人有三张主角卡。"
    宝藏卡: "游戏开始时每人有三张宝藏卡。" 怪物卡: "这些卡不会出现在手牌里。\""""
    game = QuestGame({"players": 2}, seed=3)
    while game.is_chance():
        game.roll()
    assert [game.base_moves(p) for p in range(2)] == [3, 3]
    for h in game.heroes:
        decks = sorted(game.card(c).deck for c in h.hand)
        assert decks == ["dxm"] * 3 + ["treasure"] * 3
        assert (h.level, h.health, h.max_health, h.gold, h.race, h.cls) == (1, 4, 4, START_GOLD, None, None)
        assert game.character(game.colours.index(h.colour)).split()[1] == "Human"
        assert game.dungeon.munchkins[h.colour] == game.dungeon.entrance.id
    assert START_GOLD == 300


def test_cards_go_into_play_before_the_game_starts() -> None:
    """p. 4 建人物卡: "你可以在游戏开始之前把手牌放到场上" (the picture: a race, a class and a Treasure from the opening
    hand)."""
    from tablerules.quest.actions import PlayCard

    game = QuestGame({"players": 2}, seed=3)
    while game.is_chance():
        game.roll()
    assert game.stage() == "character creation"
    plays = [a for a in game.legal_actions() if isinstance(a, PlayCard)]
    assert plays and all(game.card(a.card).kind in ("race", "class", "item", "one_shot", "half_breed",
                                                      "super_munchkin", "go_up_a_level") for a in plays)
    game.apply(plays[0])
    assert plays[0].card not in game.heroes[0].hand


def test_an_empty_deck_takes_its_shuffled_discards_and_with_none_nobody_draws() -> None:
    """p. 4 初始设置: "任意牌堆的牌用完时，把相应的弃牌堆洗成新的牌堆。如果某个牌堆和相应的弃牌堆都没了，
    那就谁也抽不了这种牌了！\""""
    from tablerules.quest.exploration import EndTurn

    game = ready(players=3)
    ids = sorted(c.split("#")[0] for c in game.dxm_deck)
    hand(game, 2, *ids[3:])  # out of the way: player 2 ends no turn here
    dxm = sorted(game.dxm_deck)  # the three left: one in the deck, two in the discards
    set_piles(game, "dxm", dxm[:1], dxm[1:3])
    game.apply(EndTurn(0))
    game.apply(Chance("monster die", "purple"))
    game.apply(Chance("dxm", dxm[0]))  # player 1's turn card: the last one, the discards become the deck
    assert sorted(game.dxm_deck) == sorted(dxm[1:3]) and game.dxm_discard == []
    hand(game, 2, *[c.split("#")[0] for c in game.dxm_deck])  # the deck empty, no discards
    game.apply(EndTurn(1))
    game.apply(Chance("monster die", "purple"))
    assert game.current == 2 and not game.is_chance()  # player 2 draws no DxM card: none is left
