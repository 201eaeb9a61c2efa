"""The Munchkin step-through panel: every character's sheet (level, race, class, strength with its
breakdown, items, hand as this seat may see it), each card's text on hover, the fight with both totals
explained and the exact odds of winning and running away, a rule box per stage, the legal actions as
buttons, agents for the other seats, saves and the rulebook's worked examples."""

from __future__ import annotations

import html
from fractions import Fraction

from ..core.protocol import Chance
from ..families.munchkin.cardtext import card_text, card_text_zh
from ..munchkin import breakdown, scenario
from ..munchkin.analysis import fight_outlook
from ..munchkin.game import AnswerHelp, AskHelp, MunchkinGame, PlayCard, Ready, RollToRun
from . import munchkin_board
from .pieces import breakdown_html, card_html, hidden_html, odds_html
from .rolls import is_die_roll
from .scenarios import munchkin_spec
from .stepper import StepThrough

SEED = "seeds/000_911cc6d064cb2adb.txt (小白世纪)"
#: stage -> (what may happen now and why, where the seed says it)
STAGE_RULES = {
    "character creation": ("Each player starts at level 1 with 4 Door and 4 Treasure cards; play a race, a class "
                           "and items, then say you are ready.", "人物创建"),
    "dealing": ("The starting cards are dealt: 4 Door and 4 Treasure cards each.", "人物创建"),
    "kick open the door": ("Draw a Door card face up: a monster is fought at once, a curse strikes you, anything "
                           "else goes to your hand.", "回合的阶段 1. 踢门"),
    "look for trouble or loot the room": ("No monster came: fight a monster from your hand (look for trouble), or "
                                          "draw a Door card face down (loot the room).",
                                          "回合的阶段 2. 找麻烦 / 3. 洗劫房间"),
    "combat": ("Your level plus items and one-shots must beat the monster's level plus its bonuses; ties go to "
               "the monster unless you are a warrior. Ask for help, play one-shots, or run.", "战斗"),
    "interference": ("The other players get the 2.6 seconds to play monster enhancers, one-shots or curses "
                     "before the fight is won.", "战斗 (2.6秒)"),
    "asking for help": ("One other player may help; the helper's level and items add to yours, and monster "
                        "bonuses against the helper's race or class count too (once).", "请求帮助"),
    "running away": ("Roll a d6 for each monster: 5 or more escapes (elves +1, halflings -1); caught, you "
                     "suffer its bad stuff.", "逃跑"),
    "running away: rolling": ("The d6 for running away: 5 or more escapes.", "逃跑"),
    "stealing: rolling": ("A thief's steal: roll a d6, 4 or more and the item is yours; fail and the victim may "
                          "hit you.", "职业 (盗贼)"),
    "charity": ("More than 5 cards in hand (6 for a dwarf)? Give the excess to the lowest-level player (shared "
                "out when several are lowest), or discard it if you are the lowest.", "回合的阶段 4. 慈善捐赠"),
    "end of turn": ("Play cards, trade items, sell items for levels, then end the turn.", "交易 / 宝藏"),
    "looting the body": ("A dead character's cards are shared out, one each, from the highest level down.",
                         "死亡"),
    "trade offer": ("Items in play may be traded outside a fight; the other player accepts or refuses.", "交易"),
    "rolling for the first player": ("Everybody rolls a die; the highest roll plays first.", "游戏开始和结束"),
    "bad stuff: choose an item to lose": ("Bad stuff or a curse hits one of several items and the victim "
                                          "chooses which one is lost.", "逃跑 (恶果) / 诅咒"),
    "game over": ("The first player to reach level 10 wins; the 10th level must come from killing a monster "
                  "(or a card that says otherwise).", "游戏开始和结束"),
}


def dealt(players: int = 3, seed: int = 0) -> MunchkinGame:
    """A game dealt with the seeded draws (every hand as its log says), nobody's character made yet."""
    game = MunchkinGame({"players": players}, seed=seed)
    while game.is_chance():
        game.roll()
    return game


def start(game: MunchkinGame) -> None:
    """Everybody still creating is ready; player 0 goes first (the roll for the first player, as the referee)."""
    while game.stage() == "character creation":
        game.apply(Ready(game.to_act()[0]))
    if game.is_chance():
        game.apply(Chance("first", 0))


def helper_example() -> MunchkinGame:
    """请求帮助 (asking for help): player 1 was dealt an Elf and plays it; player 0 kicks open the door on the
    Drooling Slime (level 1, +4 against elves) and asks player 1 to help for 1 treasure. With an elf on the
    munchkins' side the slime fights at 5: the monster's bonus against the helper's race counts, once."""
    game = dealt(players=3, seed=25)  # seed 25: player 1's eight cards hold an Elf
    game.apply(Ready(0))
    game.apply(PlayCard(1, next(c for c in game.players[1].hand if c.startswith("elf#"))))
    start(game)
    scenario.kick(game, "drooling_slime")
    game.apply(AskHelp(0, 1, 1))
    game.apply(AnswerHelp(1, True))
    return game


def big_monster_example() -> MunchkinGame:
    """战斗 / 逃跑 (combat, running away): player 0 kicks open the door on 3,872 Orcs (level 10), far too strong
    for a level-1 character with what was dealt: the lesson is to run (5 or more on a d6 escapes)."""
    game = dealt(players=3, seed=2)
    start(game)
    scenario.kick(game, "3_872_orcs")
    return game


EXAMPLES = {"an elf helps against the Drooling Slime (请求帮助)": helper_example,
            "a monster too strong: run (逃跑)": big_monster_example}


class MunchkinPanel(StepThrough):
    """``humans`` defaults to seat 0; heuristic agents play the other seats. The board
    (:mod:`.munchkin_board`) draws the table; clicking a card, a seat, the door or a phase plays its action."""

    stage_rules = STAGE_RULES
    seed_ref = SEED

    def __init__(self, game: MunchkinGame, humans=(0,), agents=None, **kwargs) -> None:
        kwargs.setdefault("examples", EXAMPLES)
        kwargs.setdefault("scenario", munchkin_spec())
        super().__init__(game, agents=agents if agents is not None else game.heuristic_agent(), humans=humans,
                         **kwargs)
        self.widget.add_class("tablerules-munchkin")
        self.message.add_class("tablerules-message")

    # ----- the board ------------------------------------------------------------------------
    def me(self) -> int:
        """The seat drawn at the bottom: the seat shown, else the first human seat, else whose turn it is."""
        if self.viewer is not None:
            return self.viewer
        return self.seat if self.seat is not None else self.game.state.current

    def die_waiting(self) -> str:
        """What your die waiting to be rolled decides ("" when none waits)."""
        game = self.game
        if self.humans is None or not game.is_chance() or not is_die_roll(game):
            return ""
        step_ = game.chance_step()
        return step_.description if step_ else "the die"

    def board_svg(self) -> str:
        active = {t for a in self.human_actions() for t in self.action_targets(a)}
        return munchkin_board.board(self.game, self.viewer, self.me(), self.humans or (), self.die_waiting(), active,
                                    quiz=self.quiz)

    def action_targets(self, action) -> tuple[str, ...]:
        return munchkin_board.targets_of(self.game, action)

    def target_label(self, target: str) -> str:
        return munchkin_board.label_of(self.game, target, self.viewer)

    def click_target(self, target: str) -> None:
        if target == "dice:roll" and self.die_waiting():
            self._safely(self.roll)
            return
        mine = [a for a in self.human_actions() if target in self.action_targets(a)]
        super().click_target(target)
        if len(mine) == 1 and isinstance(mine[0], RollToRun) and self.die_waiting():
            self._safely(self.roll)  # "roll to run away from this monster" is the roll itself: one click

    def refresh(self) -> None:
        super().refresh()
        if self.die_waiting():
            self.board.active = sorted({*self.board.active, "dice:roll"})

    def card(self, copy: str) -> str:
        c = self.game.card(copy)
        return card_html(c.name, card_text(c), c.name_zh, card_text_zh(c))

    def action_tooltip(self, action) -> str:
        copy = next((v for v in vars(action).values() if isinstance(v, str) and "#" in v), None)
        text = action.describe()
        return f"{text}\n{card_text(self.game.card(copy))}" if copy else text

    def render_state(self) -> str:
        game: MunchkinGame = self.game
        obs = game.observation(self.viewer)["state"]
        rows = []
        for i, p in enumerate(game.players):
            items = ", ".join(self.card(c) + (" (Cheat!)" if c in p.cheats else "") for c in p.carried) or "&ndash;"
            seen = obs["players"][i].get("hand")
            cards = (", ".join(self.card(c) for c in sorted(seen)) or "&ndash;") if seen is not None \
                else hidden_html(obs["players"][i]["hand_size"])
            who = "you" if self.humans and i in self.humans else "agent"
            style = " style='background:#fff8e1'" if i == game.current else ""
            character = html.escape(game.character(i))
            strength = breakdown.strength_terms(game, i)
            why = " + ".join(f"{label} {v}" for label, v in strength)
            rows.append(f"<tr{style}><td>{i} ({who})</td><td class='level'>{p.level}</td><td>{character}</td>"
                        f"<td title='{html.escape(why, quote=True)}'>{game.strength(i)}</td><td>{items}</td>"
                        f"<td class='tablerules-hand' data-seat='{i}'>{cards}</td></tr>")
        table = ("<table class='tablerules-sheets'><tr><th>player</th><th>level</th><th>character</th>"
                 "<th>strength</th><th>items in play</th><th>hand</th></tr>" + "".join(rows) + "</table>")
        decks = (f"<p>Door deck {len(game.door_deck)} (discards {len(game.door_discard)}), Treasure deck "
                 f"{len(game.treasure_deck)} (discards {len(game.treasure_discard)}), turn {game.turns}</p>")
        return table + self.fight_html() + decks

    def fight_html(self) -> str:
        game: MunchkinGame = self.game
        c = game.combat
        if c is None or not c.monsters:
            return ""
        helper = f" with player {c.helper}'s help" if c.helper is not None else ""
        monsters = " and ".join(self.card(m) for m in c.monsters)
        # "player 1 7 against Potted Plant 1" read as a list of numbers: each total is named
        head = (f"<p class='tablerules-fight'><b>Fight</b>: player {c.fighter}{helper}, strength "
                f"<b>{game.fighter_strength()}</b>, against {monsters}, strength <b>{game.monster_strength()}</b>: "
                f"{'the munchkins win' if game.winning() else 'the monsters win'} as things stand</p>")
        why = ("<div class='tablerules-why'>"
               + breakdown_html("munchkins", breakdown.fighter_terms(game), game.fighter_strength())
               + breakdown_html("monsters", breakdown.monster_terms(game), game.monster_strength())
               + (breakdown_html("running away modifier", breakdown.run_terms(game, c.fighter))
                  if breakdown.run_terms(game, c.fighter) else "") + "</div>")
        outlook = fight_outlook(game)
        lines = [("the munchkins win the fight as things stand (no dice in a Munchkin fight)",
                  Fraction(int(outlook.wins_now)))]
        lines.append((f"player {c.fighter} escapes every monster when running (5+ on a d6 each, with the modifier)",
                      outlook.escape))
        plan = ""
        if not outlook.wins_now and self.viewer in (None, c.fighter):
            names = ", ".join(game.card(x).name for x in outlook.plan) if outlook.plan else None
            plan = (f"<p>One-shots from the hand that would turn it: {html.escape(names)}</p>" if names
                    else "<p>No one-shots in the hand turn this fight.</p>")
        return head + why + odds_html(lines) + plan
