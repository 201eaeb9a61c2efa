"""A card's text, what a teacher shows on hover. Every card file holds each card's rule in English and
Chinese (``text``, ``text_zh``); :func:`card_text` and :func:`card_text_zh` return it. The texts were
written from the card's data (the effect vocabulary of :mod:`tablerules.core.cards`) by
:func:`generated_text` and :func:`generated_text_zh`, which are also the fallback for a card file without
texts; tests/test_card_texts.py checks the numbers of each text against the data the engine plays.
Munchkin and Munchkin Quest cards (and Quest monster cards) share it."""

from __future__ import annotations

from typing import Any

from ...core.words import counted

SLOTS = {"headgear": "headgear", "armour": "armour", "footgear": "footgear", "hands1": "1 hand",
         "hands2": "2 hands", "other": "no slot", "": "no slot"}
#: an item bad stuff may take, by the slot its effect names, in words ("has no headgear", "has no big item")
SLOT_ITEM = {"any": "item", "hands": "item in hand", "big": "big item", "small": "small item"}
#: an item bad stuff may take, by the slot its effect names, in words ("has no headgear", "has no big item")
SLOT_ITEM = {"any": "item", "hands": "item in hand", "big": "big item", "small": "small item"}

KINDS = {"go_up_a_level": "Go Up a Level: gain a level at any time (not the winning level)",
         "half_breed": "Half-Breed: play with a race card to have two races (or one, without a human's drawbacks)",
         "super_munchkin": "Super Munchkin: play with a class card to have two classes",
         "divine_intervention": "Divine Intervention: every cleric goes up a level",
         "remove_curse": "Remove a curse that is on you",
         "wandering": "Wandering Monster: play with a monster from your hand to bring it into a fight",
         "loaded_die": "Loaded Die: after a die is rolled, turn it to the number you like",
         "summon_wall": "Summon a wall between two rooms", "mate": "Mate: the monster's twin joins the fight "
         "(twice the level, the treasures and the bad stuff)",
         "cheat": "Cheat!: carry and use one item you could not otherwise use",
         "escape": "Escape: leave a fight for an adjacent room without rolling to run away"}


#: Munchkin's race and class powers and when each is used, as its card says them (seed 000 职业: "每个职业都有不同
#: 的能力，在职业牌上写着" and "职业牌上有何时使用能力的说明"; the numbers from facts.md, the engine's constants):
#: Door-deck cards only (Munchkin Quest's race and class cards keep their own rules, seed 001)
POWERS = {
    "elf": "+1 to run away. When you help kill monsters, you go up a level for each of them.",
    "dwarf": "You may carry any number of big items and keep 6 cards in your hand.",
    "halfling": "-1 to run away. On your turn, the first item you sell sells for double its value.",
    "warrior": "You win ties in a fight. Berserk, in a fight: discard up to 3 cards, +1 each.",
    "wizard": "Flight, when running away: discard up to 3 cards, +1 each to run away. Charm, in your own fight: "
              "discard your whole hand (3 cards or more) and a monster leaves the fight; you get its treasure, "
              "no level.",
    "thief": "Backstab, in another player's fight, once a fight: discard a card, -2 to the munchkins. Steal, on "
             "your turn outside a fight: discard a card and roll a die; on 4 or more take a small item another "
             "player has in play, else lose a level.",
    "cleric": "Resurrection, instead of kicking open the door: discard a card and take the top Door discard as if "
              "you had kicked it. Turning, in a fight against undead: discard up to 3 cards, +3 each.",
}
POWERS_ZH = {
    "elf": "逃跑+1。帮助别人干掉怪物时，每干掉一个怪物你也升一级。",
    "dwarf": "可以携带任意数量的大物品，手牌上限6张。",
    "halfling": "逃跑-1。在你的回合中，你卖出的第一件物品按双倍价值计算。",
    "warrior": "战斗中点数持平时你获胜。狂暴（战斗中）：弃掉最多3张牌，每张+1。",
    "wizard": "飞行术（逃跑时）：弃掉最多3张牌，每张逃跑+1。魅惑（在你自己的战斗中）：弃掉所有手牌（至少3张），一个怪物"
              "离开战斗；你得到它的宝藏，但不升级。",
    "thief": "背刺（在其他小白的战斗中，每场战斗一次）：弃掉一张牌，小白一方-2。偷窃（在你的回合，不在战斗中）：弃掉"
             "一张牌并投骰，4或以上拿走其他小白桌面上的一件小物品，否则掉一级。",
    "cleric": "复活（代替踢门）：弃掉一张牌，拿取地城弃牌堆顶的牌，当作踢门所得。驱散（与不死生物战斗时）：弃掉最多3张"
              "牌，每张+3。",
}


def _powers(card: Any, table: dict[str, str]) -> list[str]:
    """The race's or class's powers as a Munchkin card says them (none for other decks' cards)."""
    if card.deck != "door":
        return []
    return [table[getattr(card, "race", "") or getattr(card, "cls", "")]]


def effect_text(effect: Any) -> str:
    """One effect of the vocabulary (``lose_levels`` 2 -> "lose 2 levels")."""
    kind, n, slot = effect.effect, effect.n, effect.slot
    words = {
        "lose_levels": f"lose {n} level{'s' if n != 1 else ''}",
        "lose_item": f"lose an item ({slot or 'any'})",
        "lose_all_items": f"lose every item ({slot or 'any'})",
        "lose_race": "lose your race", "lose_class": "lose your class", "discard_hand": "discard your hand",
        "death": "you die", "change_sex": "change sex (-5 in your next fight)",
        "chicken": "Chicken on Your Head (-1 to run away)", "hits": f"lose {n} health",
        "lose_gold": f"lose {n} gold",
    }
    return words.get(kind, kind.replace("_", " ") + (f" {n}" if n else ""))


def _signed(n: int) -> str:
    return f"{n:+d}"


def card_text(card: Any) -> str:
    """The card's rule in English: its data's ``text``, else the text generated from its fields."""
    return getattr(card, "text", "") or generated_text(card)


def card_text_zh(card: Any) -> str:
    """The card's rule in Chinese: its data's ``text_zh``, else the text generated from its fields."""
    return getattr(card, "text_zh", "") or generated_text_zh(card)


def generated_text(card: Any) -> str:
    """The card's rule in a line or two, from its fields; works for items, one-shots, monsters, curses,
    races, classes and the special cards."""
    kind = card.kind
    parts: list[str] = []
    if kind == "monster" or hasattr(card, "dice"):
        dice = getattr(card, "dice", 0)
        dice_words = f", {counted(dice, 'combat die', 'combat dice')}" if dice else ""
        parts.append(f"Monster, level {card.level}" + dice_words
                     + (", undead" if card.undead else "") + ".")
        parts += [f"{_signed(m.bonus)} against {m.against}." for m in card.modifiers]
        if card.run_modifier:
            parts.append(f"{_signed(card.run_modifier)} to run away from it.")
        if card.no_pursuit_up_to:
            parts.append(f"Will not pursue anyone of level {card.no_pursuit_up_to} or lower.")
        if card.bad_stuff:
            parts.append("Bad stuff: " + ", ".join(effect_text(e) for e in card.bad_stuff) + ".")
        if getattr(card, "else_bad_stuff", ()):
            parts.append("Otherwise: " + ", ".join(effect_text(e) for e in card.else_bad_stuff) + ".")
        if getattr(card, "chased_by", ""):
            parts.append(f"A {card.chased_by} fighting or helping against it may chase it away "
                         "(one treasure, no level).")
        parts += _quest_monster(card)
        parts.append(f"{counted(card.treasures, 'treasure')}, {counted(card.levels, 'level')}.")
        if keywords := quest_keywords(card):
            parts.append("Keywords: " + ", ".join(keywords) + ".")
    elif kind == "item":
        parts.append(f"Item, {SLOTS.get(card.slot, card.slot)}{', big' if card.big else ''}: "
                     f"{_signed(card.bonus)} bonus" + (f", {_signed(card.run_bonus)} to run away" if card.run_bonus
                                                      else "") + ".")
        if card.only:
            parts.append("Usable only by " + ", ".join(card.only) + ".")
        if card.not_for:
            parts.append("Not usable by " + ", ".join(card.not_for) + ".")
    elif kind == "one_shot":
        parts.append(f"One-shot: {_signed(card.bonus)} to either side in a fight, then discard"
                     + (" (may be thrown into an adjacent room)" if getattr(card, "thrown", False) else "") + ".")
    elif kind == "enhancer":
        parts.append(f"Monster enhancer: {_signed(card.bonus)} to a monster"
                     + (f", {_signed(card.treasures)} {'treasure' if abs(card.treasures) == 1 else 'treasures'}"
                        if card.treasures else "") + ".")
    elif kind == "curse":
        parts.append("Curse: " + (", ".join(effect_text(e) for e in card.effects) or "see the rules") + ".")
    elif kind in ("race", "class"):
        parts.append(f"{kind.capitalize()} card: you become {card.name}.")
        if card.deck == "dxm" and (card.race or card.cls) in QUEST_POWERS:
            parts.append(QUEST_POWERS[card.race or card.cls][0])
        parts += _powers(card, POWERS)
    else:
        text = KINDS.get(kind, kind.replace("_", " "))
        parts.append(text[0].upper() + text[1:] + ".")
    if getattr(card, "value", 0):
        parts.append(f"Worth {card.value} gold.")
    return " ".join(parts)


#: what a Munchkin Quest race or class card gives (seed 001 p. 15: 每个职业的能力都不一样，见职业卡上的具体说明; the
#: numbers are the engine's: tablerules/quest/rules/common.py MAX_POWER_DISCARDS, heroes.py DWARF_HAND_LIMIT,
#: combat.py and running.py); the halfling has no power of its own in the engine (the seed prints no race cards)
_D10 = ("A d10 power works on a roll of at most your level.", "d10威能在掷出的点数不大于你的等级时生效。")
QUEST_POWERS = {
    "elf": ("+1 to run away; an elf who helps win a fight goes up a level.", "逃跑+1；精灵帮人打赢时升一级。"),
    "dwarf": ("A hand of 6 cards (others 5).", "手牌上限6张（其他人5张）。"),
    "warrior": ("Berserk: in a fight, discard up to 3 cards, +1 each; you win ties. d10 fury: one more combat die "
                "in this fight. " + _D10[0],
                "狂暴：战斗中最多弃3张牌，每张+1；平局算你赢。d10怒火：本场战斗多掷一个战斗骰。" + _D10[1]),
    "wizard": ("Flight: running away, discard up to 3 cards, +1 each to run. d10 teleport: outside fights, to any "
               "explored room. " + _D10[0],
               "飞行术：逃跑时最多弃3张牌，每张逃跑+1。d10传送：在战斗之外去任意一个已探索的房间。" + _D10[1]),
    "thief": ("Backstab: discard a card, -2 to a munchkin fighting in your room or next door (once a fight). "
              "d10 steal: a small item in play from a munchkin in your room; a failure costs you a level. " + _D10[0],
              "背刺：弃一张牌，让同一房间或相邻房间里正在战斗的小白-2（每场战斗一次）。d10偷窃：偷走同一房间里一个小白场上的一件"
              "小物品；失败则掉一级。" + _D10[1]),
    "cleric": ("Turning: against the undead, discard up to 3 cards, one more combat die each. d10 prayer: stop a "
               "curse played on you. " + _D10[0],
               "驱散不死：对抗不死怪物时最多弃3张牌，每张多掷一个战斗骰。d10祈祷：阻止一个对你施放的诅咒。" + _D10[1]),
}

MOVES = {"fast": "fast (after stopping, one more step the way it last moved)", "slow": "slow (at most one step)",
         "lurking": "lurking (it does not move on the monster turn)",
         "reverse": "reverse (its first step goes against the arrow)"}


#: the links every Quest monster passes (seed 001 p. 13: 通常情况下，怪物只能穿过走廊或普通的门)
USUAL_PASSES = ("corridor", "door")
PASSES = {"locked": "locked doors", "secret": "secret doors", "wall": "walls"}
PASSES_ZH = {"locked": "上锁的门", "secret": "密门", "wall": "墙"}
#: a Quest monster's keywords (seed 001 p. 13, 怪物关键词): size (none for a human-sized one), how it moves,
#: its kind; "mighty" (强大, worth 2 levels, p. 15) as on the Bull Demon's card (p. 5)
SIZE_WORDS = {"tiny": ("tiny", "微型"), "small": ("small", "小型"), "huge": ("huge", "巨型")}
MOVE_WORDS = {"fast": ("fast", "快速"), "slow": ("slow", "迟缓"), "lurking": ("lurking", "潜伏"),
              "reverse": ("reverse", "逆行")}


def quest_keywords(card: Any, zh: bool = False) -> list[str]:
    """The keywords at the foot of a Munchkin Quest monster card (p. 13: 怪物卡最下面列出了怪物的关键词。这些词说
    明了它的体形、移动方式、类别和能力): its size first unless it is human-sized, its movement unless normal,
    mighty, undead. Empty for a card without a standee (a Munchkin monster)."""
    if not hasattr(card, "size"):
        return []
    i = 1 if zh else 0
    words = [SIZE_WORDS[card.size][i]] if card.size in SIZE_WORDS else []
    movement = getattr(card.movement, "value", "normal")
    if movement in MOVE_WORDS:
        words.append(MOVE_WORDS[movement][i])
    if card.levels >= 2:
        words.append("强大" if zh else "mighty")
    if card.undead:
        words.append("不死" if zh else "undead")
    return words


def _passes(card: Any) -> list[str]:
    """The links beyond corridors and doors a Quest monster passes (p. 13: 有些怪物可以通过上锁的门或者密门，有些
    可以穿墙), in the order locked, secret, wall."""
    kinds = {getattr(k, "value", k) for k in getattr(card, "passes", ())}
    return [k for k in PASSES if k in kinds]


def _quest_monster(card: Any) -> list[str]:
    """A Munchkin Quest monster's movement, the links it passes beyond corridors and doors, and whom it
    ignores (seed 001 p. 8, p. 13 and p. 14)."""
    parts = []
    movement = getattr(getattr(card, "movement", None), "value", "normal")
    if movement != "normal":
        parts.append(f"Moves {MOVES[movement]}.")
    if extra := _passes(card):
        parts.append("Passes " + " and ".join(PASSES[k] for k in extra) + ".")
    if getattr(card, "ignores", ()):
        parts.append("Ignores " + ", ".join(card.ignores) + ".")
    return parts


# Chinese: the seeds' terms (seed 000: 等级, 宝藏/宝物, 恶果, 逃跑, 诅咒, 种族, 职业; seed 001: 一次性物品,
# 增强卡, 大物品, 帽子/盔甲/鞋子, 战斗骰, 潜伏, 无视, 生命值, 金币).
TAGS_ZH = {"human": "人类", "elf": "精灵", "dwarf": "矮人", "halfling": "半身人", "warrior": "战士",
           "wizard": "法师", "thief": "盗贼", "cleric": "牧师", "male": "男性", "female": "女性"}
SLOTS_ZH = {"headgear": "帽子", "armour": "盔甲", "footgear": "鞋子", "hands": "手持物品", "big": "大物品",
            "small": "小物品", "any": "任意", "hands1": "单手", "hands2": "双手", "other": "无装备位", "": "无装备位"}
MOVES_ZH = {"fast": "快速（停下后沿上一步的方向再走一步）", "slow": "迟缓（最多走一步）",
            "lurking": "潜伏（怪物回合不移动）", "reverse": "逆行（第一步逆着箭头走）"}
KINDS_ZH = {"go_up_a_level": "升一级：任何时候均可使用，升一级（不能用来升到获胜的等级）",
            "half_breed": "混血：与一张种族卡一起打出，同时拥有两个种族（或只有一个种族，但没有人类的缺点）",
            "super_munchkin": "超级小白：与一张职业卡一起打出，同时拥有两个职业",
            "divine_intervention": "神祇干涉：每个牧师升一级",
            "remove_curse": "解除一个作用在你身上的诅咒",
            "wandering": "游荡怪物：这会让你手牌上的怪物加入任何一场战斗",
            "loaded_die": "灌铅骰子：在掷骰之后改变一个掷骰结果，把骰子转到你想要的点数",
            "summon_wall": "在两个房间之间召唤一堵墙",
            "mate": "怪物的另一半：怪物的双胞胎加入战斗（等级、宝藏和恶果都加倍）",
            "cheat": "规则去死！：对某件物品使用时，可以无视所有限制，携带并使用一件你原本不能用的物品",
            "escape": "逃脱：不掷骰逃跑，离开战斗去相邻的房间"}


def _tags_zh(tags: Any) -> str:
    return "、".join(TAGS_ZH.get(t, t) for t in tags)


def effect_text_zh(effect: Any) -> str:
    """One effect in Chinese (``lose_levels`` 2 -> "掉2级")."""
    kind, n, slot = effect.effect, effect.n, effect.slot
    words = {
        "lose_levels": f"掉{n}级", "lose_item": f"失去一件物品（{SLOTS_ZH.get(slot or 'any', slot)}）",
        "lose_all_items": f"失去所有物品（{SLOTS_ZH.get(slot or 'any', slot)}）",
        "lose_race": "失去你的种族", "lose_class": "失去你的职业", "discard_hand": "弃掉所有手牌",
        "death": "你死了", "change_sex": "变换性别（下一场战斗-5）", "chicken": "头上顶着小鸡（逃跑-1）",
        "hits": f"失去{n}点生命值", "lose_gold": f"失去{n}金币",
    }
    return words.get(kind, kind.replace("_", " ") + (f" {n}" if n else ""))


def generated_text_zh(card: Any) -> str:
    """:func:`generated_text` in Chinese, sentence for sentence."""
    kind = card.kind
    parts: list[str] = []
    if kind == "monster" or hasattr(card, "dice"):
        parts.append(f"怪物，等级{card.level}" + (f"，{card.dice}个战斗骰" if getattr(card, "dice", 0) else "")
                     + ("，不死生物" if card.undead else "") + "。")
        parts += [f"对{TAGS_ZH.get(m.against, m.against)}{_signed(m.bonus)}。" for m in card.modifiers]
        if card.run_modifier:
            parts.append(f"从它面前逃跑{_signed(card.run_modifier)}。")
        if card.no_pursuit_up_to:
            parts.append(f"不会追赶等级{card.no_pursuit_up_to}或以下的玩家。")
        if card.bad_stuff:
            parts.append("恶果：" + "，".join(effect_text_zh(e) for e in card.bad_stuff) + "。")
        if getattr(card, "else_bad_stuff", ()):
            parts.append("否则：" + "，".join(effect_text_zh(e) for e in card.else_bad_stuff) + "。")
        if getattr(card, "chased_by", ""):
            parts.append(f"如果有个{TAGS_ZH[card.chased_by]}来战斗或帮你对付它，那么他可以直接驱逐它"
                         "（得一个宝藏，不升级）。")
        movement = getattr(getattr(card, "movement", None), "value", "normal")
        if movement != "normal":
            parts.append(f"移动：{MOVES_ZH[movement]}。")
        if extra := _passes(card):
            parts.append("可以通过" + "和".join(PASSES_ZH[k] for k in extra) + "。")
        if getattr(card, "ignores", ()):
            parts.append(f"无视{_tags_zh(card.ignores)}。")
        parts.append(f"{card.treasures}个宝藏，升{card.levels}级。")
        if keywords := quest_keywords(card, zh=True):
            parts.append("关键词：" + "，".join(keywords) + "。")
    elif kind == "item":
        parts.append(f"物品，{SLOTS_ZH.get(card.slot, card.slot)}{'，大物品' if card.big else ''}：加值"
                     f"{_signed(card.bonus)}" + (f"，逃跑{_signed(card.run_bonus)}" if card.run_bonus else "") + "。")
        if card.only:
            parts.append(f"仅限{_tags_zh(card.only)}使用。")
        if card.not_for:
            parts.append(f"{_tags_zh(card.not_for)}不能使用。")
    elif kind == "one_shot":
        parts.append(f"一次性物品：在战斗中给任意一方{_signed(card.bonus)}，然后弃掉"
                     + ("（可以扔进相邻房间的战斗）" if getattr(card, "thrown", False) else "") + "。")
    elif kind == "enhancer":
        parts.append(f"怪物增强卡：怪物{_signed(card.bonus)}"
                     + (f"，宝藏{_signed(card.treasures)}个" if card.treasures else "") + "。")
    elif kind == "curse":
        parts.append("诅咒：" + ("，".join(effect_text_zh(e) for e in card.effects) or "见规则") + "。")
    elif kind in ("race", "class"):
        parts.append(f"{'种族' if kind == 'race' else '职业'}卡：你成为{card.name_zh}。")
        if card.deck == "dxm" and (card.race or card.cls) in QUEST_POWERS:
            parts.append(QUEST_POWERS[card.race or card.cls][1])
        parts += _powers(card, POWERS_ZH)
    else:
        parts.append(KINDS_ZH.get(kind, kind.replace("_", " ")) + "。")
    if getattr(card, "value", 0):
        parts.append(f"价值{card.value}金币。")
    return "".join(parts)
