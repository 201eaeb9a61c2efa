"""Card packs for Munchkin Quest (tablerules.quest.packs, QuestParams.card_packs): a JSON file of kit-made cards,
monsters and rooms joins the decks; it is checked against the decks' own schemas, every entry marked as a kit
example; a bad pack names its file and field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from quest_pack_helpers import PACK

from tablerules.core.errors import DataError
from tablerules.quest.game import QuestGame
from tablerules.quest.packs import load_pack, pack_file
from tablerules.quest.scenario import hand, ready


def _write(tmp_path: Path, doc: dict) -> str:
    file = tmp_path / "pack.json"
    file.write_text(json.dumps(doc), encoding="utf-8")
    return str(file)


def _pack() -> dict:
    return json.loads(Path(pack_file(PACK)).read_text(encoding="utf-8"))


def test_a_pack_adds_its_cards_monsters_and_rooms_to_the_decks() -> None:
    plain = QuestGame({"players": 3}, seed=1)
    game = QuestGame({"players": 3, "card_packs": (PACK,)}, seed=1)
    pack = load_pack(PACK)
    assert set(game.cards) == set(plain.cards) | set(pack.cards)
    assert len(game.dxm_deck) + len(game.treasure_deck) + sum(len(h.hand) for h in game.heroes) == \
        len(plain.dxm_deck) + len(plain.treasure_deck) + sum(len(h.hand) for h in plain.heroes) + len(pack.cards)
    assert {m.id for m in pack.monsters} <= set(game.monster_deck)
    assert {r.id for r in pack.rooms} <= set(game.room_deck)
    assert all(card.example for card in pack.cards.values()) and all(m.example for m in pack.monsters)
    assert all("(kit example)" in c.name for c in [*pack.cards.values(), *pack.monsters, *pack.rooms])
    assert game.invariants() == []
    assert game.params.card_packs == (PACK,)


def test_a_pack_game_is_saved_with_its_packs_and_replays() -> None:
    from tablerules.core.agents import RandomAgent

    game = ready(players=3, card_packs=[PACK])
    copy, = hand(game, 0, "lucky_coin")
    assert game.card(copy).name == "Lucky Coin (kit example)"
    fresh = QuestGame({"players": 3, "card_packs": (PACK,)}, seed=4)
    agent = RandomAgent(4)
    for _ in range(300):
        if fresh.is_over():
            break
        if fresh.is_chance():
            fresh.roll()
        else:
            fresh.apply(agent.choose(fresh, fresh.current_players()[0]))
    again = QuestGame.from_json(json.loads(json.dumps(fresh.to_json())))
    assert again.history == fresh.history and again.params.card_packs == (PACK,)


def test_a_pack_entry_must_be_marked_a_kit_example(tmp_path: Path) -> None:
    doc = _pack()
    del doc["cards"][0]["example"]
    with pytest.raises(DataError) as err:
        load_pack(_write(tmp_path, doc))
    assert err.value.file.endswith("pack.json") and err.value.path == "$.cards[0]"
    assert "example" in err.value.reason


def test_a_bad_field_is_named_by_file_and_json_path(tmp_path: Path) -> None:
    doc = _pack()
    doc["cards"][3]["kill_levels"] = 0
    with pytest.raises(DataError) as err:
        load_pack(_write(tmp_path, doc))
    assert err.value.path == "$.cards[3].kill_levels" and err.value.file.endswith("pack.json")
    doc = _pack()
    doc["rooms"][0]["rules"][0]["ability"] = "swimming"
    with pytest.raises(DataError) as err:
        load_pack(_write(tmp_path, doc))
    assert err.value.path.startswith("$.rooms[0].rules[0]")
    doc = _pack()
    doc["monsters"][1]["smashes"] = ["wall"]
    with pytest.raises(DataError) as err:
        load_pack(_write(tmp_path, doc))
    assert err.value.path == "$.monsters[1].smashes[0]"


def test_a_pack_cannot_reuse_an_id_of_the_game(tmp_path: Path) -> None:
    doc = _pack()
    doc["cards"][0]["id"] = "elf"
    with pytest.raises(DataError) as err:
        load_pack(_write(tmp_path, doc))
    assert err.value.path == "$.cards[0].id" and "'elf'" in err.value.reason
    doc = _pack()
    doc["rooms"][1]["id"] = doc["cards"][0]["id"]
    with pytest.raises(DataError) as err:
        load_pack(_write(tmp_path, doc))
    assert err.value.path == "$.rooms[1].id"


def test_a_missing_pack_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(DataError) as err:
        QuestGame({"players": 3, "card_packs": (str(tmp_path / "nowhere.json"),)}, seed=0)
    assert err.value.file.endswith("nowhere.json")
