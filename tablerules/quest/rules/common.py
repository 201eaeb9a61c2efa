"""Numbers and tables the rule modules share (seed 001)."""

from __future__ import annotations

from ...core.protocol import Chance

START_CARDS, REVIVE_CARDS = 3, 2
RULES = 2  #: the rules edition (QuestParams.rules): 2 since the seed-fidelity fixes of issue #10
BOSS_LEVEL = 20
RUN_NEED = 5
LEVEL_PRICE = 1000
MAX_POWER_DISCARDS = 3
_DRAWS: dict[str, dict[str, Chance]] = {}  # deck -> copy -> its draw outcome (immutable, shared)
IDENTITY_KINDS = ("race", "class", "half_breed", "super_munchkin")
#: the turn's stages (the names stage() shows; rules/flow.py has what each does)
DEALING, CREATION, FIRST_PLAYER, MOVING = "dealing", "character creation", "first player", "moving"
COMBAT, ASKING, INTERFERENCE, ROLLING, AFTER_ROLL = ("combat", "asking for help", "interference", "rolling",
                                                     "after the roll")
RUN_DIRECTION, RUNNING, CHARITY, MONSTER_TURN = "running: direction", "running away", "charity", "monster turn"
GAME_OVER = "game over"
#: the interruptions of the turn flow (stage names)
CHOOSE_LOSS, ANSWER_CURSE = "bad stuff: choose an item to lose", "cursed: answer the curse"
FIRST_PICK = "the helper picks treasures first"
DECK_NAMES = {"dxm": "DxM", "treasure": "Treasure"}
POWER_CLASS = {"berserk": "warrior", "turning": "cleric", "flight": "wizard", "backstab": "thief"}


