"""Agents decide from what their seat may know (issue 26, item 1): at many positions of seeded games, an
agent's choice is the same when everything hidden from its seat is redrawn (``sample_world``: the other
hands, the decks, face-down cards), with the same tie-break seed."""

from __future__ import annotations

import random

import pytest

from tablerules.core.agents import Agent, make_agent, play_game
from tablerules.core.protocol import Game
from tablerules.core.registry import game_class
from tablerules.core.worlds import sample_world

#: every game (the crawl hides nothing, so its worlds are the game itself: the test checks the tie-breaks
#: and the copy replay the same choice)
GAMES = ["munchkin", "quest", "quest-crawl", "smallworld", "baldursgate", "kragmortha"]


def positions(name: str, count: int, seed: int = 0, agent: str = "heuristic") -> list[Game]:
    """``count`` positions where a seat is to act, from seeded games played by ``agent`` in every seat
    (copies taken every few actions)."""
    cls = game_class(name)
    out: list[Game] = []
    game_seed = seed
    while len(out) < count:
        game = cls(seed=game_seed)
        game_seed += 1
        agents = make_agent(agent, cls, seed=game_seed)
        every = 7 + game_seed % 5
        while not game.is_over() and game.num_actions < 600 and len(out) < count:
            play_game(game, agents, max_steps=game.num_actions + every)
            if not game.is_over() and not game.is_chance() and len(game.legal_actions(game.to_act()[0])) > 1:
                out.append(game.copy())
    return out


def changed_choices(agent: Agent, games: list[Game], worlds: int = 3) -> list[str]:
    """Positions where ``agent`` chooses otherwise in a world redrawn for its seat (each named)."""
    rng = random.Random(5)
    bad = []
    for game in games:
        player = game.to_act()[0]
        want = agent.choose(game, player)
        for _ in range(worlds):
            world = sample_world(game, player, rng)
            got = agent.choose(world, player)
            if got != want:
                bad.append(f"after {game.num_actions} actions (seed {game.seed}), seat {player}: "
                           f"{want.describe()} in the real game, {got.describe()} in a redrawn one")
                break
    return bad


@pytest.mark.parametrize("name", GAMES)
def test_heuristic_agent_decides_from_its_seat_only(name: str) -> None:
    cls = game_class(name)
    agent = make_agent("heuristic", cls, seed=3)
    games = positions(name, 60)
    assert len(games) == 60
    assert changed_choices(agent, games) == []
