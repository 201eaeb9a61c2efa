"""Every card in data/ has its rule in English and Chinese (``text``, ``text_zh``; ``name_zh`` for the
name), and the numbers a text states are the numbers of the data the engine plays, so text and data
cannot drift apart."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tablerules.core.cards import Card
from tablerules.core.data import data_path, load_json
from tablerules.core.errors import DataError
from tablerules.families.munchkin import DWARF_HAND_LIMIT
from tablerules.families.munchkin.cardtext import card_text, card_text_zh, generated_text, generated_text_zh
from tablerules.munchkin.actions import CHARM_MIN_HAND, MAX_POWER_DISCARDS, STEAL_NEED
from tablerules.munchkin.cards import load_cards
from tablerules.quest.cards import load_quest_cards
from tablerules.quest.tiles import load_monsters

CJK = re.compile(r"[\u4e00-\u9fff]")

# (file, schema, key of the list of cards) for every file of cards, monsters, rooms, heroes and powers
CARD_FILES = [
    (("munchkin", "cards.json"), "munchkin-cards", "cards"),
    (("quest", "cards.json"), "quest-cards", "cards"),
    (("quest", "monsters.json"), "quest-monsters", "monsters"),
    (("quest", "rooms.json"), "quest-rooms", "rooms"),
    (("baldur", "cards.json"), "baldur-cards", "heroes"),
    (("smallworld", "powers.json"), "smallworld-powers", "powers"),
    (("smallworld", "races.json"), "smallworld-races", "races"),
]


def _items(parts: tuple[str, ...], key: str) -> list[dict[str, Any]]:
    return json.loads(data_path(*parts).read_text(encoding="utf-8"))[key]


@pytest.mark.parametrize(("parts", "schema", "key"), CARD_FILES, ids=lambda v: "/".join(v) if isinstance(v, tuple)
                         else v)
def test_every_card_has_a_chinese_name_and_its_text_in_english_and_chinese(parts, schema: str, key: str) -> None:
    items = _items(parts, key)
    assert items
    for item in items:
        label = item.get("id", item.get("name"))
        assert item["name"] and CJK.search(item["name_zh"]), label
        assert len(item["text"]) > 8 and not CJK.search(item["text"]), label
        assert CJK.search(item["text_zh"]), label


@pytest.mark.parametrize("parts", [("kragmortha", f"{name}.json") for name in ("penalty", "movement", "teleport",
                                                                            "tomes")], ids="/".join)
def test_kragmortha_cards_have_their_text_in_english_and_chinese(parts) -> None:
    """Kragmortha's cards are named by their text (the tomes also by a Chinese name)."""
    for card in _items(parts, "cards"):
        assert len(card["text"]) > 4 and CJK.search(card["text_zh"]), card["id"]
        assert "name_zh" not in card or CJK.search(card["name_zh"])


@pytest.mark.parametrize(("parts", "schema", "key"), CARD_FILES[:5], ids=lambda v: "/".join(v)
                         if isinstance(v, tuple) else v)
def test_the_schemas_require_both_texts(tmp_path: Path, parts, schema: str, key: str) -> None:
    doc = json.loads(data_path(*parts).read_text(encoding="utf-8"))
    for field in ("text", "text_zh"):
        bad = copy.deepcopy(doc)
        del bad[key][0][field]
        file = tmp_path / "bad.json"
        file.write_text(json.dumps(bad, ensure_ascii=False), encoding="utf-8")
        with pytest.raises(DataError, match=field):
            load_json(file, schema)


def _monsters() -> list[Card]:
    return [c for c in load_cards().values() if c.kind == "monster"] + list(load_monsters())


def _all_cards() -> list[Card]:
    return [*load_cards().values(), *load_quest_cards().values(), *load_monsters()]


def _one(pattern: str, text: str, card: Card) -> int:
    found = re.findall(pattern, text)
    assert len(found) == 1, (card.id, pattern, text)
    return int(found[0])


@pytest.mark.parametrize("card", _monsters(), ids=lambda c: c.id)
def test_a_monsters_text_states_its_level_treasures_levels_and_modifiers(card: Card) -> None:
    en, zh = card.text, card.text_zh
    assert _one(r"^Monster, level (\d+)", en, card) == card.level == _one(r"^怪物，等级(\d+)", zh, card)
    assert _one(r"(\d+) treasures?\b", en, card) == card.treasures == _one(r"(\d+)个宝藏", zh, card)
    assert _one(r"treasures?, (\d+) levels?\.", en, card) == card.levels == _one(r"宝藏，升(\d+)级。", zh, card)
    if getattr(card, "dice", 0):
        assert _one(r"(\d+) combat di(?:e|ce)\b", en, card) == card.dice == _one(r"(\d+)个战斗骰", zh, card)
    assert sorted(int(n) for n in re.findall(r"([+-]\d+) against", en)) == sorted(m.bonus for m in card.modifiers)
    if card.run_modifier:
        assert _one(r"([+-]\d+) to run away", en, card) == card.run_modifier == _one(r"逃跑([+-]\d+)", zh, card)
    if card.no_pursuit_up_to:
        assert _one(r"level (\d+) or lower", en, card) == card.no_pursuit_up_to
    assert ("undead" in en) == card.undead == ("不死" in zh)


@pytest.mark.parametrize("card", [c for c in _all_cards() if c.kind in ("item", "one_shot", "enhancer")
                                  or c.value], ids=lambda c: c.id)
def test_an_items_text_states_its_bonus_and_gold(card: Card) -> None:
    en, zh = card.text, card.text_zh
    pattern = {"item": (r"([+-]\d+) bonus", r"加值([+-]\d+)"), "one_shot": (r"([+-]\d+) to either side",
               r"任意一方([+-]\d+)"), "enhancer": (r"([+-]\d+) to a monster", r"怪物([+-]\d+)")}.get(card.kind)
    if pattern:
        assert _one(pattern[0], en, card) == card.bonus == _one(pattern[1], zh, card)
    if card.kind == "enhancer":
        assert re.findall(r"([+-]\d+) treasure", en) == ([f"{card.treasures:+d}"] if card.treasures else [])
    if card.run_bonus:
        assert _one(r"([+-]\d+) to run away", en, card) == card.run_bonus
    if card.value:
        assert _one(r"Worth (\d+) gold", en, card) == card.value == _one(r"价值(\d+)金币", zh, card)
    else:
        assert "Worth" not in en and "价值" not in zh


@pytest.mark.parametrize("card", _all_cards(), ids=lambda c: f"{c.deck}-{c.id}")
def test_every_number_in_a_text_is_a_number_of_the_cards_data(card: Card) -> None:
    """No number in a text that the data does not hold (the fixed -5 of a sex change, -1 of the chicken
    and the 1 or 2 hands of a weapon are the vocabulary's own)."""
    numbers = {abs(v) for k, v in vars(card).items() if isinstance(v, int) and not isinstance(v, bool) and k != "count"}
    for effect in (*card.bad_stuff, *card.else_bad_stuff, *card.effects):
        numbers |= {effect.n} | ({5} if effect.effect == "change_sex" else set()) | \
            ({1} if effect.effect == "chicken" else set())
    numbers |= {abs(m.bonus) for m in card.modifiers} | ({1, 2} if card.slot in ("hands1", "hands2") else set())
    if card.deck == "dxm" and card.kind in ("race", "class"):  # a Quest race's or class's powers: the engine's numbers
        from tablerules.quest.heroes import DWARF_HAND_LIMIT as QUEST_DWARF_LIMIT
        from tablerules.quest.heroes import HAND_LIMIT as QUEST_HAND_LIMIT
        from tablerules.quest.rules.common import MAX_POWER_DISCARDS as QUEST_DISCARDS

        numbers |= {1, 2, 10, QUEST_DISCARDS, QUEST_HAND_LIMIT, QUEST_DWARF_LIMIT}  # +1, backstab -2, the d10
    if card.kind in ("race", "class") and card.deck == "door":  # Munchkin's powers: the engine's numbers
        numbers |= {1, 2, 3, DWARF_HAND_LIMIT, STEAL_NEED, CHARM_MIN_HAND, MAX_POWER_DISCARDS}  # elf +1, turning +3
    for text in (card.text, card.text_zh):
        assert {int(n) for n in re.findall(r"\d+", text.replace("3,872", ""))} <= numbers, (card.id, text)


def test_the_hover_text_is_the_datas_text_and_generation_is_the_fallback() -> None:
    """card_text / card_text_zh (tablerules.widgets' hover text) read the data; a card without texts gets
    the text generated from its fields, which is what the data's texts were written from."""
    for card in _all_cards():
        assert card_text(card) == card.text and card_text_zh(card) == card.text_zh
        assert card.text == generated_text(card) and card.text_zh == generated_text_zh(card), \
            f"{card.id}: its data changed; python -m tablerules.families.munchkin.cardfile rewrites its texts"
    bare = Card("x", "X", "艾克斯", "treasure", "item", 1, slot="headgear", bonus=3, value=200)
    assert card_text(bare) == "Item, headgear: +3 bonus. Worth 200 gold."
    assert card_text_zh(bare) == "物品，帽子：加值+3。价值200金币。"


def test_the_seeds_cards_say_what_the_seed_says() -> None:
    """Seed 001 p. 11-12: "“远古”给怪物+10，“长毛”再+5" ... "“怪物小鬼”给怪物-5" ... "本来有2个宝藏，远古加两个，
    长毛加一个，怪物小鬼再减一个"; "这张药剂是可以+5的一次性卡牌" (冰寒爆炸药剂); "他用这瓶药剂给怪物+5" (力量药剂);
    "+4的精金盔甲"; "最多+5的戳砍之矛"; 消防队员头盔 "能给她+2"; "这只宅男是6级的怪物，但是对抗战士还能+6";
    "她打出了灌铅骰子，允许你在掷骰之后改变一个掷骰结果"; "“规则去死！”… 可以无视所有限制".
    Seed 001 p. 10: "如果你面对一条钚龙，而帮手是半身人的话，这条龙有+3加值".
    Seed 000: "使用游荡怪物。这会让你手牌上的怪物加入任何一场战斗"; 口水史莱姆 with an elf: "怪物等级会增加4"."""
    quest = load_quest_cards()
    assert [quest[i].text_zh for i in ("ancient", "hairy", "baby")] == [
        "怪物增强卡：怪物+10，宝藏+2个。", "怪物增强卡：怪物+5，宝藏+1个。", "怪物增强卡：怪物-5，宝藏-1个。"]
    assert quest["freezing_explosive_potion"].text_zh.startswith("一次性物品：在战斗中给任意一方+5")
    assert quest["potion_of_strength"].text_zh.startswith("一次性物品：在战斗中给任意一方+5")
    assert [quest[i].text_zh.split("。")[0] for i in ("mithril_armour", "poking_spear", "firefighters_helmet")] == [
        "物品，盔甲，大物品：加值+4", "物品，双手：加值+5", "物品，帽子：加值+2"]
    assert "在掷骰之后改变一个掷骰结果" in quest["loaded_die"].text_zh
    assert "可以无视所有限制" in quest["cheat"].text_zh
    assert "这会让你手牌上的怪物加入任何一场战斗" in load_cards()["wandering_monster"].text_zh
    geek = next(m for m in load_monsters() if m.id == "shrieking_geek")
    assert geek.text_zh.startswith("怪物，等级6，1个战斗骰。对战士+6。") and "2个宝藏" in geek.text_zh
    assert "对精灵+4" in load_cards()["drooling_slime"].text_zh
    assert "对半身人+3" in next(m for m in load_monsters() if m.id == "plutonium_dragon").text_zh


def test_refreshing_a_card_file_rewrites_only_the_texts_whose_data_changed(tmp_path: Path) -> None:
    """A card's numbers change (a rules fix) and another card has no texts yet: the refresh rewrites and
    inserts those text lines only, and the file then validates with matching texts."""
    from tablerules.core.cards import parse_cards
    from tablerules.core.data import read_json
    from tablerules.families.munchkin.cardfile import refresh_texts

    original = data_path("munchkin", "cards.json").read_text(encoding="utf-8")
    lines = original.split("\n")
    start = lines.index('   "id": "amazon",')
    amazon_texts = [i for i in range(start, start + 6) if lines[i].lstrip().startswith(('"text"', '"text_zh"'))]
    assert len(amazon_texts) == 2
    edited = [line for i, line in enumerate(lines) if i not in amazon_texts]
    edited = "\n".join(edited).replace('"level": 10,', '"level": 11,', 1)  # 3,872 Orcs, the first monster
    file = tmp_path / "cards.json"
    file.write_text(edited, encoding="utf-8")
    assert refresh_texts(file, parse_cards(read_json(file), str(file)).values()) == ["3_872_orcs", "amazon"]
    after = file.read_text(encoding="utf-8").split("\n")
    assert len(after) == len(lines) and sum(a != b for a, b in zip(after, lines, strict=True)) == 3  # level, 2 texts
    orcs = load_cards(str(file))["3_872_orcs"]
    assert orcs.text.startswith("Monster, level 11.") and orcs.text_zh.startswith("怪物，等级11。")
    assert load_cards(str(file))["amazon"].text == load_cards()["amazon"].text
