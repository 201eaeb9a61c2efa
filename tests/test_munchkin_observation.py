"""Munchkin hidden information: a seat sees its own hand, the other hands only as counts, the decks only
as sizes; a face-down draw reads "player N draws a Door card face down" to everybody else."""

from __future__ import annotations

import json
import random

from munchkin_helpers import kick, ready, set_discards

from tablerules.core.protocol import Chance, Information
from tablerules.munchkin.game import LootRoom, MunchkinGame


def _views(game: MunchkinGame, player: int) -> dict[str, str]:
    return {"observation": json.dumps(game.observation(player), ensure_ascii=False),
            "observation_string": game.observation_string(player),
            "log_for": "\n".join(game.log_for(player)),
            "information_state_string": game.information_state_string(player)}


def test_munchkin_declares_imperfect_information() -> None:
    info = MunchkinGame.game_info()
    assert (info.min_players, info.max_players, info.information, info.chance) == (3, 6, Information.IMPERFECT, True)


def test_a_face_down_draw_is_seen_by_the_drawer_only() -> None:
    game = ready()
    kick(game, "elf")  # face up: everybody saw it
    game.apply(LootRoom(0))
    game.apply(Chance("door", next(c for c in sorted(game.door_deck) if c.startswith("bigfoot#"))))
    assert game.log[-1] == "player 0 draws Bigfoot face down"  # the referee's text
    for other in (1, 2):
        assert game.log_for(other)[-1] == "player 0 draws a Door card face down"
        for where, text in _views(game, other).items():
            assert "Bigfoot" not in text and "bigfoot#" not in text, where
        seat = game.observation(other)["state"]["players"][0]
        assert "hand" not in seat and seat["hand_size"] == 2
    mine = _views(game, 0)
    for where in ("observation_string", "log_for", "information_state_string"):
        assert "Bigfoot" in mine[where], where
    assert "bigfoot#" in mine["observation"]
    assert "Bigfoot" in game.observation_string(None) and "bigfoot#" in json.dumps(game.observation(None))


def test_the_decks_show_only_their_sizes() -> None:
    game = MunchkinGame({"players": 4}, seed=3)
    state = game.observation(2)["state"]
    assert state["door_deck"] == len(game.door_deck) and state["treasure_deck"] == len(game.treasure_deck)
    assert isinstance(game.observation(None)["state"]["door_deck"], list)


def test_other_hands_never_show_in_a_random_game() -> None:
    game = MunchkinGame({"players": 4}, seed=5)
    rng = random.Random(5)
    for step in range(400):
        if game.is_over():
            break
        if step % 7 == 0:
            for player in range(4):
                seen = json.dumps(game.observation(player))
                for other, seat in enumerate(game.players):
                    for copy in seat.hand:
                        assert (copy in seen) == (other == player), (step, player, other, copy)
                hidden = [line for line in game.log_for(player) if "face down" in line and
                          not line.startswith(f"player {player} ")]
                assert all(" draws a Door card " in line or " draws a Treasure card " in line
                           or "loots the room" in line for line in hidden)
        if game.is_chance():
            game.roll()
        else:
            game.apply(rng.choice(game.legal_actions()))


def test_a_seat_sees_only_the_top_card_of_each_discard_pile() -> None:
    """English sheet, Card Management: "Keep separate face-up discard piles for the two decks. You may not
    look through the discards unless you play a card that allows you to!" A seat sees the top card and the
    size of each pile; the referee (``None``) sees every card."""
    game = ready()
    doors = sorted(game.door_deck)[:3]
    treasures = sorted(game.treasure_deck)[:2]
    assert set_discards(game, [c.split("#")[0] for c in doors], [c.split("#")[0] for c in treasures]) == [
        *doors, *treasures]
    for seat in range(game.num_players()):
        state = game.observation(seat)["state"]
        assert state["door_discard"] == [doors[-1]] and state["door_discard_size"] == 3
        assert state["treasure_discard"] == [treasures[-1]] and state["treasure_discard_size"] == 2
        text = json.dumps(state)
        assert all(f'"{card}"' not in text for card in (*doors[:-1], *treasures[:-1]))
    full = game.observation(None)["state"]
    assert full["door_discard"] == doors and full["treasure_discard"] == treasures
    set_discards(game, treasure=[c.split("#")[0] for c in treasures])
    assert game.observation(1)["state"]["door_discard"] == [] and game.observation(1)["state"]["door_discard_size"] == 0
