"""Munchkin Quest (seed 001): curses that stay or wait for the next fight, a curse that brings a monster, cards
used on a d10, drawing from a discard pile, items not to be picked up before your next turn, helpers by sure
magic, a monster killed before the others: each a card property shown with a kit-made example card of the
shipped pack "examples" (data/quest/packs/examples.json), set with the scenario API and played through the
protocol."""

from __future__ import annotations

from quest_pack_helpers import pack_game
from quest_seed_helpers import roll_fight

from tablerules.core.protocol import Chance
from tablerules.quest.actions import (
    AnswerHelp,
    AskHelp,
    Deal,
    Drop,
    LiftCurse,
    OneShot,
    PickUp,
    PlayCurse,
    RollToRun,
    RunTo,
    Suicide,
    UseCard,
)
from tablerules.quest.exploration import EndTurn, Move
from tablerules.quest.scenario import discard, hand, hero, monster, move_to, wear


def _next_turn(game) -> None:
    """The current player ends the turn (unless it ended by itself); the monster die shows a colour nobody has
    (purple); draws are rolled."""
    if not game.is_chance():
        game.apply(EndTurn(game.current))
    game.apply(Chance("monster die", "purple"))
    while game.is_chance():
        game.roll()


def test_a_curse_that_changes_a_stat_stays_in_front_of_you_until_cancelled_and_through_death() -> None:
    """p. 17 诅咒: “如果诅咒会改变人物属性，比如说降低移动力，那把诅咒牌留在你面前，直到诅咒被取消的时候为止。” p. 8
    死亡:
    “·你身上的所有诅咒都保留。” Curse! Lead Feet (kit example: -1 move, lasting) on player 0: 2 moves this turn and
    after dying and coming back; a Wishing Ring cancels it: 3 moves again."""
    game = pack_game(players=2)
    curse, = hand(game, 1, "curse_lead_feet")
    game.apply(PlayCurse(1, curse, 0))
    assert game.curses_on == {0: [curse]} and game.moves_left == 2
    assert "Curse! Lead Feet (kit example) stays in front of player 0 until it is cancelled" in game.log
    assert curse not in game.dxm_discard
    game.apply(Suicide(0))
    _next_turn(game)
    _next_turn(game)  # player 1's turn, then player 0 comes back to life
    assert game.current == 0 and not game.heroes[0].dead
    assert game.curses_on == {0: [curse]} and game.moves_left == 2
    ring, = hand(game, 0, "wishing_ring")
    game.apply(LiftCurse(0, ring, curse))
    assert game.curses_on == {} and game.moves_left == 3 and curse in game.dxm_discard


def test_a_curse_for_the_next_fight_strikes_at_once_in_a_fight_else_waits_as_a_marker() -> None:
    """p. 17 诅咒: “·如果诅咒会影响“下一场战斗”，而诅咒的目标现在就在战斗中，那就立刻产生影响。”
    “否则把这张卡留到下一场战斗作为标记。” Curse! Butterfingers (kit example: -3 in the next fight): played on player 0
    walking the dungeon, it waits (no fight is weaker); player 0 then fights the Pit Bull: -3 there, and the card is
    discarded with the fight. Played on player 0 in a fight: -3 in that fight at once."""
    game = pack_game()
    hero(game, 0, level=5)
    curse, = hand(game, 1, "curse_butterfingers")
    game.apply(PlayCurse(1, curse, 0))
    assert game.next_fight == {0: [curse]}
    assert "Curse! Butterfingers (kit example) waits for player 0's next fight" in game.log
    monster(game, "pit_bull", "storeroom", "blue")
    game.apply(Move(0, "N"))
    assert game.next_fight == {} and game.fight.curses == [curse]
    assert game.munchkin_strength() == 5 - 3
    roll_fight(game, 6, 1)
    while game.is_chance():
        game.roll()
    assert game.fight is None and curse in game.dxm_discard
    game = pack_game()
    hero(game, 0, level=5)
    monster(game, "pit_bull", "storeroom", "blue")
    game.apply(Move(0, "N"))
    curse, = hand(game, 1, "curse_butterfingers")
    game.apply(PlayCurse(1, curse, 0))
    assert game.fight.curses == [curse] and game.munchkin_strength() == 5 - 3
    assert "Curse! Butterfingers (kit example) strikes player 0's fight at once" in game.log


def test_a_monster_moved_into_your_room_by_a_curse_is_a_fight_on_your_turn() -> None:
    """p. 8 战斗: 在你的回合，一旦发生以下情况之一，则发生战斗: “·怪物移进了你的房间（通常是因为诅咒）” Curse!
    Monster Lure
    (kit example): the nearest monster moves into the target's room; on player 0's own turn a fight begins at once;
    on player 2 (not their turn) the monster only stands there (如果怪物在你的回合之外移入了你所在的房间，什么事都不会
    发生)."""
    from tablerules.quest.scenario import room

    game = pack_game()
    room(game, "library", (1, 0))
    piece = monster(game, "gimpy_goblin", "storeroom", "green")
    move_to(game, 0, "library")
    curse, = hand(game, 1, "curse_monster_lure")
    game.apply(PlayCurse(1, curse, 0))
    assert game.dungeon.monsters[piece].room == "library"
    assert game.fight is not None and game.fight.monsters == [piece] and game.fight.fighter == 0
    game = pack_game()
    room(game, "library", (1, 0))
    piece = monster(game, "gimpy_goblin", "storeroom", "green")
    move_to(game, 2, "library")
    curse, = hand(game, 1, "curse_monster_lure")
    game.apply(PlayCurse(1, curse, 2))
    assert game.dungeon.monsters[piece].room == "library" and game.fight is None


def test_some_cards_let_you_roll_the_d10_for_something_else() -> None:
    """p. 4 游戏中有三种骰子: “有些卡牌也会允许你用d10做些其他事情。” The Lucky Coin (kit example): used on your turn
    outside
    fights, the d10 at most your level gives 300 gold; above it, nothing."""
    for face, gold in ((3, 600), (4, 300)):
        game = pack_game()
        hero(game, 0, level=3)
        coin, = hand(game, 0, "lucky_coin")
        game.apply(UseCard(0, coin))
        step = game.chance_step()
        assert step.event == "d10" and len(step.outcomes) == 10
        game.apply(Chance("d10", face))
        assert game.heroes[0].gold == gold


def test_a_card_or_room_draws_from_a_discard_pile_and_from_the_deck_when_it_is_empty() -> None:
    """p. 4 管理手牌: “抓弃牌：某些卡牌或房间会让你从某一类卡牌的弃牌堆里抓牌。” “如果弃牌堆是空的，那就从牌库顶上抓。”
    The Scavenger (kit example card) takes the top card of the Treasure discards; the Scrap Heap (kit example room, a
    deal) does the same, and with the discards empty it draws from the Treasure deck (a chance step)."""
    game = pack_game(north="scrap_heap")
    under, top = discard(game, "flight_potion", "wishing_ring")
    card, = hand(game, 0, "scavenger")
    game.apply(UseCard(0, card))
    assert top in game.heroes[0].hand and game.treasure_discard == [under]
    game.apply(Move(0, "N"))
    game.apply(Deal(0, "scrap_heap", 0))
    assert under in game.heroes[0].hand and game.treasure_discard == []
    game.apply(EndTurn(0))
    game = pack_game(north="scrap_heap")
    game.apply(Move(0, "N"))
    game.apply(Deal(0, "scrap_heap", 0))
    assert "the treasure discard pile is empty: player 0 draws from the treasure deck" in game.log
    assert game.chance_step().event == "treasure"


def test_an_item_a_card_says_you_cannot_pick_up_before_your_next_turn() -> None:
    """p. 16 捡物品: “某些卡牌会明确说明，在你的下轮开始之前不能捡起这件东西。” The Slippery Sword (kit example,
    no_pickup) dropped by player 0: no pick-up for them this turn; player 1 may pick it up on theirs; had nobody
    taken it, player 0 may from their next turn on."""
    game = pack_game(players=2)
    sword, = wear(game, 0, "slippery_sword")
    game.apply(Drop(0, sword))
    assert not any(isinstance(a, PickUp) for a in game.legal_actions(0))
    _next_turn(game)
    move_to(game, 1, "ENT")
    assert PickUp(1) in game.legal_actions(1)
    _next_turn(game)
    assert game.current == 0 and PickUp(0) in game.legal_actions(0)
    game.apply(PickUp(0))
    assert sword in game.heroes[0].carried


def test_a_munchkin_who_can_move_to_your_room_by_magic_may_help() -> None:
    """p. 10 找人帮忙: “能用魔法移去你房间的小白也可以帮你。” Player 1, two rooms away, may be asked only with the Blink
    Ring (kit example, a sure magic move) in play; helping, they come into the room."""
    from tablerules.quest.scenario import room

    for ring in (False, True):
        game = pack_game()
        room(game, "library", (1, 0))
        room(game, "kitchen", (2, 0))
        move_to(game, 1, "kitchen")
        if ring:
            wear(game, 1, "blink_ring")
        monster(game, "pit_bull", "storeroom", "blue")
        game.apply(Move(0, "N"))
        asks = [a for a in game.legal_actions(0) if isinstance(a, AskHelp) and a.helper == 1]
        assert bool(asks) is ring
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    assert game.fight.helper == 1 and game.dungeon.munchkins[game.colours[1]] == "storeroom"


def _one_shot_on_the_goblin(card: str, level: int | None = None) -> tuple:
    """A pack game: player 0 (at ``level``) walks into the Storeroom's fight with the Pit Bull and the Gimpy Goblin
    and plays the one-shot ``card`` on it. Returns (game, the Pit Bull, the Goblin)."""
    game = pack_game()
    if level is not None:
        hero(game, 0, level=level)
    pit_bull = monster(game, "pit_bull", "storeroom", "blue")
    goblin = monster(game, "gimpy_goblin", "storeroom", "blue")
    one_shot, = hand(game, 0, card)
    game.apply(Move(0, "N"))
    game.apply(OneShot(0, one_shot, "munchkins"))
    return game, pit_bull, goblin


def test_treasure_of_a_monster_killed_before_the_others_waits_for_them() -> None:
    """p. 8 开战: “挂掉和逃掉的怪物所拥有的宝藏和掉落的战利品在解决掉其他怪物之前都拿不到手。” The Bomb (kit example)
    kills the
    Gimpy Goblin of a fight with the Pit Bull: it leaves at once and no treasure comes; the Pit Bull beaten, both
    monsters' treasures are drawn (and both kills give a level). Run from the Pit Bull instead: the Goblin's treasure
    comes once the running is over."""
    game, _, goblin = _one_shot_on_the_goblin("bomb", level=6)
    assert goblin not in game.dungeon.monsters and game.fight.killed == [goblin]
    assert len(game.heroes[0].hand) == 0
    roll_fight(game, 6, 1)
    while game.is_chance():
        game.roll()
    treasures = game.monster_card("pit_bull").treasures + game.monster_card("gimpy_goblin").treasures
    assert len(game.heroes[0].hand) == treasures and game.heroes[0].level == 8
    game, pit_bull, goblin = _one_shot_on_the_goblin("bomb")
    roll_fight(game, 1, 6)  # lost: run
    game.apply(RunTo(0, "ENT"))
    game.apply(RollToRun(0, pit_bull))
    assert game.heroes[0].hand == []  # still running: the Goblin's treasure waits
    game.apply(Chance("d6", 6))  # escaped
    assert game.fight is None and game.heroes[0].level == 1
    assert "the other monsters are dealt with: 1 treasure of the monsters killed or driven off" in game.log
    while game.is_chance():
        game.roll()
    assert len(game.heroes[0].hand) == game.monster_card("gimpy_goblin").treasures


def test_treasure_of_a_monster_that_fled_waits_and_the_flight_gives_no_level() -> None:
    """p. 8 开战: “挂掉和逃掉的怪物所拥有的宝藏和掉落的战利品在解决掉其他怪物之前都拿不到手。” The Scare Bell (kit
    example) drives the Gimpy Goblin off a fight with the Pit Bull: it flees the dungeon, not killed; the Pit Bull
    beaten, both monsters' treasures are drawn, but only the Pit Bull's kill gives a level."""
    game, _, goblin = _one_shot_on_the_goblin("scare_bell", level=6)
    assert goblin not in game.dungeon.monsters and game.fight.killed == []
    assert any("drives off Gimpy Goblin (it flees the dungeon)" in line for line in game.log)
    assert len(game.heroes[0].hand) == 0  # the fled monster's treasure waits
    roll_fight(game, 6, 1)
    while game.is_chance():
        game.roll()
    treasures = game.monster_card("pit_bull").treasures + game.monster_card("gimpy_goblin").treasures
    assert len(game.heroes[0].hand) == treasures and game.heroes[0].level == 7  # one kill, one level

def test_the_armoury_buys_from_the_discards_it_is_no_draw_so_an_empty_pile_offers_nothing() -> None:
    """p. 4 管理手牌: “抓弃牌：某些卡牌或房间会让你从某一类卡牌的弃牌堆里抓牌。如果弃牌堆是空的，那就从牌库顶上抓。”
    Decision (docs/rules/quest.md, "Card packs"): a draw takes the top card of the pile, so only it falls back to the
    deck; the Armoury's deal buys an item of your choice from the face-up discards at its price (no draw): with the
    Treasure discards empty it offers nothing, while the Scrap Heap (a discard draw) still draws, from the deck."""
    from tablerules.quest.scenario import room

    game = pack_game(north="armoury")
    room(game, "scrap_heap", (1, 0))
    hero(game, 0, gold=1000)
    game.apply(Move(0, "N"))
    assert game.treasure_discard == [] and not any(isinstance(a, Deal) for a in game.legal_actions(0))
    helmet, = discard(game, "firefighters_helmet")
    assert Deal(0, "armoury", 0, helmet) in game.legal_actions(0)
    move_to(game, 0, "scrap_heap")
    game.apply(Deal(0, "scrap_heap", 0))
    assert helmet in game.heroes[0].hand  # the top of the discards


def test_the_exploring_card_is_drawn_with_the_map_and_used_once_the_fight_is_on() -> None:
    """p. 6 探索: “3.在他折腾地图的时候，你可以抓一张主角卡，作为探索的奖励。你可以选择是否立刻使用。” “顺便说一句，你
    现在已经
    在战斗里了，因为……” Decision (docs/rules/quest.md, "The card for exploring"): the room, the card, the links and the
    monster are the map keeper's steps, drawn back to back with nobody acting between them (any-time actions wait
    while a step waits for chance); "at once" is the fight that is on when the monster stands there: the Elf is
    playable then, before the roll, or kept."""
    from tablerules.quest.actions import PlayCard, Roll
    from tablerules.quest.exploration import Explore
    from tablerules.quest.scenario import ready

    game = ready(players=2)
    game.apply(Explore(0, "N"))
    game.apply(Chance("room", "treasure_vault"))
    elf = next(c for c in game.dxm_deck if c.startswith("elf#"))
    game.apply(Chance("dxm", elf))
    while game.chance_step().event == "link":
        assert elf in game.heroes[0].hand and not game.legal_actions(0)  # the map is still being built
        game.roll()
    assert game.chance_step().event == "monster" and not game.legal_actions(0)
    game.apply(Chance("monster", "gimpy_goblin"))
    game.apply(Chance("base", "blue"))
    while game.is_chance():
        game.roll()
    assert game.fight is not None
    assert PlayCard(0, elf) in game.legal_actions(0) and Roll(0) in game.legal_actions(0)


def test_the_kept_curses_are_counted_among_the_cards() -> None:
    """The invariants count every DxM and Treasure card once: curses kept in front of a player, for a next fight,
    and on a fight are places too (no card lost or doubled)."""
    game = pack_game()
    lead, fingers = hand(game, 1, "curse_lead_feet", "curse_butterfingers")
    game.apply(PlayCurse(1, lead, 0))
    game.apply(PlayCurse(1, fingers, 2))
    assert game.curses_on and game.next_fight and game.invariants() == []
    monster(game, "pit_bull", "storeroom", "blue")
    game.apply(Move(0, "N"))
    assert game.invariants() == []
