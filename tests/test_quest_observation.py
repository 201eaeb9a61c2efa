"""Munchkin Quest's hidden information (seed 001 p. 5: cards are drawn face down into your hand): each
seat sees its own hand, the other hands as counts, and of the decks only their sizes; the log hides the
cards other seats drew face down or were given in charity."""

from __future__ import annotations

import json
import random

from tablerules.core.protocol import Information
from tablerules.core.worlds import sample_world
from tablerules.quest.agents import QuestHeuristicAgent
from tablerules.quest.exploration import DungeonCrawl
from tablerules.quest.game import QuestGame


def dealt(players: int, seed: int) -> QuestGame:
    game = QuestGame({"players": players}, seed=seed)
    while game.is_chance():
        game.roll()
    assert game.stage() == "character creation"
    return game


def views(game: QuestGame, player: int) -> dict[str, str]:
    return {"observation": json.dumps(game.observation(player), ensure_ascii=False),
            "observation_string": game.observation_string(player),
            "log_for": "\n".join(game.log_for(player)),
            "information_state_string": game.information_state_string(player)}


def test_info_says_what_kind_of_game() -> None:
    info = QuestGame.game_info()
    assert (info.min_players, info.max_players, info.information) == (2, 4, Information.IMPERFECT)
    assert info.chance and info.simultaneous and not info.perfect_information
    assert DungeonCrawl.game_info().perfect_information and DungeonCrawl.game_info().max_players == 4


def test_another_seats_hand_never_shows_and_your_own_does() -> None:
    checked = 0
    for seed in range(6):
        game = dealt(2 + seed % 3, seed)
        for p in range(game.params.players):
            seen = views(game, p)
            mine = {game.card(c).name for c in game.heroes[p].hand}
            for name in mine:  # your own hand: in the text, the log, the information state (by name)
                assert all(name in text for kind, text in seen.items() if kind != "observation"), name
            for c in game.heroes[p].hand:
                assert c in seen["observation"]
            for q in range(game.params.players):
                if q == p:
                    continue
                assert game.observation(p)["state"]["heroes"][q]["hand"] == len(game.heroes[q].hand)
                for c in game.heroes[q].hand:
                    assert c not in seen["observation"]
                    name = game.card(c).name
                    if name in mine:
                        continue  # the same card name in your own hand
                    for kind, text in seen.items():
                        assert name not in text, (seed, p, q, name, kind)
                    checked += 1
    assert checked > 50


def test_the_decks_show_only_their_sizes() -> None:
    game = dealt(3, 1)
    full = game.observation(None)["state"]
    for p in range(3):
        state = game.observation(p)["state"]
        assert state["dxm_deck"] == len(game.dxm_deck) and state["treasure_deck"] == len(game.treasure_deck)
        assert state["room_deck"] == len(game.room_deck)
        assert state["monster_deck"] == sum(game.monster_deck.values())
    assert sorted(full["dxm_deck"]) == sorted(game.dxm_deck)  # the referee sees everything
    assert sorted(full["heroes"][1]["hand"]) == sorted(game.heroes[1].hand)


def test_face_down_draws_are_private_lines_and_the_referee_reads_them_whole() -> None:
    game = dealt(3, 2)
    first = game.heroes[1].hand[0]
    line = f"player 1 draws {game.card(first).name} face down"
    assert line in game.log
    assert line in game.log_for(1)
    assert line not in game.log_for(0) and line not in game.log_for(2)
    assert game.log_for(0).count("player 1 draws a DxM card face down") == 3
    assert game.log_for(2).count("player 1 draws a Treasure card face down") == 3


def test_random_play_never_shows_another_seats_copies() -> None:
    """Through whole random games: no copy held in another seat's hand is in your observation."""
    for seed in range(3):
        game = QuestGame({"players": 3}, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not game.is_over() and step < 1500:
            if step % 25 == 0:
                for p in range(3):
                    text = json.dumps(game.observation(p))
                    for q in range(3):
                        if q != p:
                            assert not any(c in text for c in game.heroes[q].hand)
            if game.is_chance():
                game.roll()
            else:
                game.apply(rng.choice(game.legal_actions()))
            step += 1


def test_the_heuristic_agent_does_not_read_other_hands_or_the_decks() -> None:
    """Redrawing what the seat cannot see (the other seats' hands and the decks: ``sample_world``) never
    changes what the agent chooses."""
    agent = QuestHeuristicAgent()
    compared = 0
    for seed in range(3):
        game = QuestGame({"players": 3}, seed=seed)
        step = 0
        while not game.is_over() and step < 800:
            if game.is_chance():
                game.roll()
                step += 1
                continue
            player = game.to_act()[0]
            if step % 10 == 0:
                twin = sample_world(game, player, random.Random(step))
                mine = game.legal_actions(player)
                if twin.legal_actions(player) == mine:
                    assert agent.choose(twin, player) == agent.choose(game, player)
                    compared += 1
            game.apply(agent.choose(game, player))
            step += 1
    assert compared > 50
