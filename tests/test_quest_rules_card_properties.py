"""Munchkin Quest (seed 001): the rules the seed states for cards and rooms the default decks do not have, each
built as a card property (the optional fields of data/schema/quest-*.schema.json) and shown with a kit-made
example card of the shipped pack "examples" (data/quest/packs/examples.json; QuestParams.card_packs). Each
test quotes its sentence, sets the position with the scenario API and plays through the protocol."""

from __future__ import annotations

from quest_pack_helpers import pack_game
from quest_seed_helpers import roll_fight

from tablerules.quest.actions import OneShot, Pack, PlayCard, SpendItem
from tablerules.quest.exploration import Move
from tablerules.quest.geometry import LinkKind, Side
from tablerules.quest.scenario import hand, hero, monster, wear


def _win_in_the_north(game, card: str = "pit_bull") -> str:
    piece = monster(game, card, "storeroom", "blue")
    game.apply(Move(0, "N"))
    assert game.fight is not None
    return piece


def _finish(game) -> None:
    while game.is_chance():
        game.roll()


def test_an_item_with_extra_health_gives_a_token_more_while_in_play() -> None:
    """p. 15 生命值: “如果卡牌给你一点额外的血量，就多拿一个指示物。” The Heart Amulet (kit example, health 1) played
    into play: 5 tokens, all red; into the backpack (out of play): the token goes back, 4 again."""
    game = pack_game()
    amulet, = hand(game, 0, "heart_amulet")
    assert (game.heroes[0].health, game.heroes[0].max_health) == (4, 4)
    game.apply(PlayCard(0, amulet))
    assert (game.heroes[0].health, game.heroes[0].max_health) == (5, 5)
    assert "player 0 now has 5 health tokens (5 red)" in game.log
    game.apply(Pack(0, amulet, True))
    assert (game.heroes[0].health, game.heroes[0].max_health) == (4, 4)


def test_something_else_adds_levels_to_a_kill() -> None:
    """p. 15 升级: “有些其他东西也可以增加杀怪带来的级别。” With the Trophy Belt (kill_levels 1) in play, killing the
    Pit Bull gives 2 levels; without it, 1."""
    for belt, levels in ((True, 2), (False, 1)):
        game = pack_game()
        hero(game, 0, level=5)
        if belt:
            wear(game, 0, "trophy_belt")
        _win_in_the_north(game)
        roll_fight(game, 6, 1)
        _finish(game)
        assert game.heroes[0].level == 5 + levels


def test_beating_a_monster_without_killing_it_gives_no_level() -> None:
    """p. 15 升级: “如果你击败了怪物但是没有杀掉它的话就不能升级。” Sleep Dust (kit example, no_kill) played for the
    munchkins: they win, the Pit Bull is beaten asleep: its treasure is drawn, no level is gained."""
    game = pack_game()
    hero(game, 0, level=5)
    dust, = hand(game, 0, "sleep_dust")
    _win_in_the_north(game)
    game.apply(OneShot(0, dust, "munchkins"))
    roll_fight(game, 6, 1)
    _finish(game)
    assert game.heroes[0].level == 5
    assert "the monsters are beaten but not killed: no level" in game.log
    assert len(game.heroes[0].hand) == 1  # the Pit Bull's treasure
    assert game.fight is None and not game.dungeon.monsters


def test_every_race_but_human_has_a_power_the_haggling_halfling_sells_double() -> None:
    """p. 15 种族: “除了人类以外，所有种族都有特殊能力。” The Haggling Halfling (kit example, double_sale): once a
    turn one item paid towards a level counts twice its
    value; a human pays the value."""
    game = pack_game()
    race, = hand(game, 0, "haggling_halfling")
    boots, belt, helmet = wear(game, 0, "feather_boots", "trophy_belt", "firefighters_helmet")
    game.apply(SpendItem(0, boots))  # a human: the value
    game.apply(PlayCard(0, race))
    game.apply(SpendItem(0, belt))  # the halfling: twice the value
    game.apply(SpendItem(0, helmet))  # once a turn: the value
    paid = [line for line in game.log if "towards a level" in line]
    assert paid == ["player 0 pays Feather Boots (kit example) (300 gold) towards a level: 300/1000",
                    "player 0 pays Trophy Belt (kit example) (600 gold) towards a level: 900/1000",
                    f"player 0 pays {game.card(helmet).name} ({game.card(helmet).value} gold) towards a level: "
                    f"{900 + game.card(helmet).value}/1000"]


def test_item_abilities_are_always_on_flying_shoes_in_the_fan_club() -> None:
    """p. 16 物品能力: “很多物品都能给你一些能力，比如说“飞行”或“防护火焰”。” “你不能“暂时不用”物品能力。”
    “比如说，如果你穿的鞋子给了你“飞行”能力，那当你进入“扇子俱乐部”的时候就会受伤。” The Feather Boots (kit example)
    give flying; walking into the Fan Club (kit example room: whoever flies takes a hit on entering) costs a hit,
    with no choice offered between the move and the hit; only out of play (the backpack) is the ability gone."""
    game = pack_game(north="fan_club")
    boots, = wear(game, 0, "feather_boots")
    assert game.abilities(0) == {"flying"}
    game.apply(Move(0, "N"))
    assert game.heroes[0].health == 3
    assert game.log[-2:] == ["player 0 enters the Fan Club (kit example) with flying",
                             "player 0 takes 1 hit from Fan Club (kit example): 3/4 health"]
    other = pack_game(north="fan_club")
    boots, = wear(other, 0, "feather_boots")
    other.apply(Pack(0, boots, True))  # out of play: no flying
    assert other.abilities(0) == frozenset()
    other.apply(Move(0, "N"))
    assert other.heroes[0].health == 4


def test_monster_abilities_fire_and_flying_are_read_by_rooms_and_cards() -> None:
    """p. 13 怪物关键词: “能力：例如“火焰”或“飞行”。” The Giant Bat (kit example, flying) is -2 in the Fan Club
    (its rule for flying monsters), level 5 elsewhere; the Fire Drake (fire) is -3 against a munchkin made
    fireproof by the Asbestos Cloak (防护火焰)."""
    game = pack_game(north="fan_club")
    monster(game, "giant_bat", "fan_club", "blue")
    game.apply(Move(0, "N"))
    assert game.fight is not None and game.monster_strength() == 5 - 2
    game = pack_game()
    monster(game, "giant_bat", "storeroom", "blue")
    game.apply(Move(0, "N"))
    assert game.monster_strength() == 5
    for cloak, strength in ((False, 6), (True, 6 - 3)):
        game = pack_game()
        if cloak:
            wear(game, 0, "asbestos_cloak")
        _win_in_the_north(game, "fire_drake")
        assert game.monster_strength() == strength


def test_worn_items_are_headgear_armour_footgear_and_worn_accessories_and_clothes() -> None:
    """p. 16 穿戴物: “当房间和卡牌里提到穿戴物时，便指所有帽子，鞋子和盔甲……再加上所有饰物和所穿的便服。” Curse!
    Wardrobe Malfunction (kit example: lose a worn item) offers the helmet, the boots and the worn Heart Amulet,
    never the sword in the hand or the Trophy Belt (not worn)."""
    from tablerules.quest.actions import ChooseLoss, PlayCurse

    game = pack_game()
    helmet, boots, amulet, sword, _belt = wear(game, 0, "firefighters_helmet", "feather_boots", "heart_amulet",
                                              "slippery_sword", "trophy_belt")
    curse, = hand(game, 1, "curse_wardrobe")
    game.apply(PlayCurse(1, curse, 0))
    if game.curse is not None:
        from tablerules.quest.actions import AnswerCurse

        game.apply(AnswerCurse(0, "accept"))
    offered = {a.card for a in game.legal_actions(0) if isinstance(a, ChooseLoss)}
    assert offered == {helmet, boots, amulet}
    game.apply(ChooseLoss(0, amulet))
    assert amulet not in game.heroes[0].carried and sword in game.heroes[0].carried


def test_a_door_smashed_by_a_moving_monster_changes_the_way_for_every_monster_this_turn() -> None:
    """p. 13 特殊的怪物移动方式: “如果某只怪物移动的时候变更了地形（例如，牛头犬[?]会把门砸碎），那这个地形变化会对所
    有本轮
    移动的怪物造成影响。” The Scrap Heap and the Fan Club (kit example rooms, blue arrows east) are joined by a locked
    door. A Gimpy Goblin (corridors and doors) and the Door Ram (kit example: smashes locked doors) stand in the Scrap
    Heap; the monster die shows blue: the Ram smashes the door into a corridor and the Goblin, moving in the same
    monster turn, walks through it too. Without the Ram the Goblin stays."""
    from tablerules.core.protocol import Chance
    from tablerules.quest.exploration import EndTurn
    from tablerules.quest.scenario import room, set_links

    for ram, goblin_ends in ((True, "fan_club"), (False, "scrap_heap")):
        game = pack_game(north="scrap_heap")
        room(game, "fan_club", (1, -1), links={})
        set_links(game, "scrap_heap", {"E": "locked"})
        goblin = monster(game, "gimpy_goblin", "scrap_heap", "yellow")
        if ram:
            smasher = monster(game, "door_ram", "scrap_heap", "yellow")
        game.apply(EndTurn(0))
        game.apply(Chance("monster die", "blue"))
        assert game.dungeon.monsters[goblin].room == goblin_ends
        if ram:
            assert game.dungeon.monsters[smasher].room == "fan_club"
            assert "the locked door is smashed: a corridor now, for every monster moving this turn" in game.log
            assert game.dungeon.link((0, -1), Side.E) is LinkKind.CORRIDOR
