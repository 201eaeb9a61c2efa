""""Why this number": every breakdown sums to the engine's own total, in every fight of seeded games, and
the rulebook's helper example reads as the seed says it."""

from __future__ import annotations

from tablerules.core.agents import RandomAgent, seat_agents, step
from tablerules.munchkin import breakdown as mb
from tablerules.munchkin import scenario as ms
from tablerules.munchkin.game import AnswerHelp, AskHelp, MunchkinGame
from tablerules.quest import breakdown as qb
from tablerules.quest.game import QuestGame


def total(terms: list[tuple[str, int]]) -> int:
    return sum(v for _, v in terms)


def test_munchkin_breakdowns_sum_to_the_engine_totals_in_every_fight() -> None:
    fights = 0
    for seed in range(4):
        game = MunchkinGame({"players": 3}, seed=seed)
        agents = seat_agents(game.heuristic_agent(), seed)
        while not game.is_over() and game.num_actions < 1500:
            for p in range(3):
                assert total(mb.strength_terms(game, p)) == game.strength(p)
            c = game.combat
            if c is not None and c.monsters:
                fights += 1
                assert total(mb.fighter_terms(game)) == game.fighter_strength()
                assert total(mb.monster_terms(game)) == game.monster_strength()
                runner = c.runners[0] if c.runners else c.fighter
                assert total(mb.run_terms(game, runner)) == game.run_modifier(runner)
            step(game, agents)
    assert fights > 20


def test_munchkin_helper_example_breakdown() -> None:
    """Seed 000, 请求帮助: an elf who helps you against the Drooling Slime gives it +4 against elves, once."""
    game = ms.ready(players=3, seed=1)
    ms.become(game, 1, race="elf")
    ms.kick(game, "drooling_slime")
    game.apply(AskHelp(0, 1, 1))
    game.apply(AnswerHelp(1, True))
    terms = mb.monster_terms(game)
    assert ("Drooling Slime +4 against elf", 4) in terms
    assert total(terms) == game.monster_strength()
    assert [label for label, _ in mb.fighter_terms(game)][:2] == ["player 0 level", "player 1 level"]


def test_quest_breakdowns_sum_to_the_engine_totals_in_every_fight() -> None:
    fights = 0
    for seed in range(3):
        game = QuestGame({"players": 3}, seed=seed)
        agents = seat_agents(RandomAgent(seed), seed)
        while not game.is_over() and game.num_actions < 1500:
            for p in range(3):
                assert total(qb.strength_terms(game, p)) == game.strength(p)
            f = game.fight
            if f is not None and f.monsters:
                fights += 1
                assert total(qb.munchkin_terms(game)) == game.munchkin_strength()
                assert total(qb.monster_terms(game)) == game.monster_strength()
                for p in f.side:
                    assert max(0, total(qb.dice_terms(game, p))) == game.fight_dice(p)
            step(game, agents)
    assert fights > 10
