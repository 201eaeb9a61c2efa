"""The Munchkin Quest step-through panel: the dungeon picture, every munchkin's sheet (hands as this seat
may see them, each card's text on hover), the fight with both totals and the dice explained, the exact odds
of the pending fight, flight or search, a rule box per stage, the legal actions as buttons, agents for the
other seats, saves and the rulebook's worked example."""

from __future__ import annotations

import base64
import html

from ..core.protocol import Chance
from ..families.munchkin.cardtext import card_text, card_text_zh
from ..plots.dungeon_plot import dungeon_figure
from ..plots.figures import png_bytes
from ..quest import breakdown, scenario
from ..quest.analysis import pending_odds
from ..quest.dungeon import Dungeon
from ..quest.exploration import DungeonCrawl, Explore
from ..quest.game import QuestGame
from ..quest.tiles import load_rooms
from .pieces import breakdown_html, card_html, hidden_html, odds_html
from .scenarios import quest_spec
from .stepper import StepThrough

SEED = "seeds/001_d407a2bf24c09543.txt (小白历险记)"
STAGE_RULES = {
    "dealing": ("Each munchkin gets 3 DxM and 3 Treasure cards (the decks are shuffled, the cards dealt).",
                "p. 4, 初始设置"),
    "character creation": ("Each munchkin starts at level 1 with 4 health, 3 moves, 300 gold and 3 DxM and 3 "
                           "Treasure cards; play races, classes and items, then get ready.", "p. 4-5, 准备"),
    "rolling for the first player": ("Everybody rolls; the highest roll plays first.", "p. 4, 开场和终局"),
    "first player": ("Everybody rolls; the highest roll plays first.", "p. 4, 开场和终局"),
    "starting the turn": ("A turn starts with a DxM card; a monster already in your room means a fight at once.",
                          "p. 6, 1.抓主角卡 / 回合开始时房间里有怪物"),
    "drawing a dxm card": ("A DxM card is drawn (start of the turn, the monster die's colour, rewards).",
                           "p. 6, 1.抓主角卡 / p. 17, 抓牌"),
    "drawing a treasure card": ("Treasure cards are drawn for a monster killed, a search or a deal.",
                                "p. 9, 如果你赢了 / p. 17, 抓牌"),
    "drawing a * card": ("A card is drawn from its deck.", "p. 17, 抓牌"),
    "moving": ("Spend moves: through a corridor or a door (1), a locked door (2), a secret door (3); explore "
               "an unexplored side; search the room; trade; end the turn with charity.",
               "p. 6-7, 移动 / 所需移动力 / 探索 / 搜刮"),
    "exploring: drawing the room": ("A new room tile is drawn and placed, oriented like the entrance.",
                                    "p. 6, 探索"),
    "exploring: drawing a link": ("Each free side of the new room gets a link drawn from the pool: corridor, "
                                  "door, locked door, secret door or wall.", "p. 6, 探索 / 连接块"),
    "exploring: drawing a monster": ("Exploring a new room brings a monster (a DxM card first).", "p. 6, 探索"),
    "rolling the monster's base colour": ("The monster die gives the new monster's base colour: its owner, who "
                                          "draws a DxM card.", "p. 9, 怪物所属和怪物的目标"),
    "choosing a base colour": ("The colour rolled belongs to nobody (or has no base left): the roller picks a "
                               "base colour.", "p. 9, 怪物所属和怪物的目标"),
    "all rooms placed: draw a monster?": ("Every room is placed: entering an empty room on your turn you may draw "
                                          "a monster (free).", "p. 6, 自动遇敌"),
    "combat": ("Level + items + one-shots + combat dice against the monster's level + its dice; ties go to the "
               "monster unless a warrior fights. Ask for help, play cards, roll, or run.", "p. 8-10, 战斗"),
    "interference": ("Everybody else may interfere: enhancers, one-shots (thrown from the next room), curses.",
                     "p. 10, 干涉"),
    "asking for help": ("A munchkin in the same or an adjacent room may help; their level, items and dice add in.",
                        "p. 10, 帮助"),
    "rolling": ("\"I'm rolling!\": the combat dice are rolled, the munchkins' then the monsters'.",
                "p. 9, 掷战斗骰"),
    "rolling the combat dice": ("Each side rolls its combat dice: one die, +1 per green room icon that matches "
                                "you, -1 per red one.", "p. 9, 房间图标"),
    "after the roll": ("After the roll you may still play one-shots; then the fight is won or lost.", "p. 9"),
    "running: direction": ("Before the run die, choose the explored room you run to (never into the dark).",
                           "p. 10, 掷骰之前先选逃向！"),
    "running away": ("Roll a die per monster: 5 or more escapes; caught, you suffer its bad stuff.",
                     "p. 10, 掷逃跑骰"),
    "rolling to run away": ("The run die for each monster: 5 or more escapes.", "p. 10, 掷逃跑骰"),
    "the helper picks treasures first": ("The helper was promised first pick: they take their share of the "
                                         "treasures just drawn.", "p. 10, 贿赂"),
    "first pick": ("The treasures are drawn for a helper promised first pick, who chooses first.",
                   "p. 10, 贿赂"),
    "bad stuff: choose an item to lose": ("Bad stuff takes one of several items: the victim chooses which.",
                                          "p. 9, 如果你输了或者平局"),
    "cursed: answer the curse": ("A curse is played on you: cancel it (Wishing Ring, the cleric's d10) or let "
                                 "it strike.", "p. 17, 诅咒"),
    "the cleric's d10": ("The cleric's d10 power: it works on a roll at or below the cleric's level.",
                         "p. 15, d10威能"),
    "a d10 power": ("A class's d10 power: it works on a roll at or below your level.", "p. 15, d10威能"),
    "rolling the search dice": ("Search the room (1 move): roll, add the room's search icons, read the search "
                                "table.", "p. 7, 搜索 / p. 20, 搜索表"),
    "betting": ("A room's deal: bet gold on a die roll, as the room tile says.", "p. 7, 交易 (房间规则)"),
    "charity": ("Too many cards in hand at the end of your turn: give the excess away.", "p. 7, 行善"),
    "monster turn": ("After each player's turn the monsters move on the monster die's colour.",
                     "p. 13, 怪物回合"),
    "monster turn: rolling the monster die": ("After each player's turn the monsters move on the monster die's "
                                              "colour.", "p. 13, 怪物回合"),
    "game over": ("Reach level 10 by killing a monster, then kill the boss at the entrance to win; if "
                  "every munchkin is dead, the monsters win.",
                  "p. 4, 如何取胜 / 怪物方胜利"),
}


def room_html(dungeon: Dungeon, room_id: str) -> str:
    """A room's name; its text (and the Chinese text of its tile) on hover or click."""
    r = dungeon.rooms[room_id]
    tile = None if r.entrance else load_rooms().tile(r.id)
    return card_html(r.name or r.id, r.text or "the entrance: no monster stands here", r.name_zh,
                     tile.text_zh if tile is not None else "")


def monster_html(game: DungeonCrawl, piece: str) -> str:
    """A monster standee's card: its text (and Chinese text) on hover or click."""
    c = game.monster_cards[piece.split("#")[0]]
    return card_html(c.name, card_text(c), c.name_zh, card_text_zh(c))


def monsters_html(game: DungeonCrawl) -> str:
    """Each monster standing in the dungeon: its card (text on hover), room, level and base colour."""
    pieces = game.dungeon.monsters
    if not pieces:
        return ""
    rows = "".join(f"<tr><td>{monster_html(game, m)}</td><td>{room_html(game.dungeon, x.room)}</td><td>{x.level}</td>"
                   f"<td>{html.escape(x.target.value) if x.target else '&ndash;'}</td></tr>"
                   for m, x in pieces.items())
    return ("<table class='tablerules-monsters'><tr><th>monster</th><th>room</th><th>level</th><th>base</th></tr>"
            + rows + "</table>")


def shrieking_geek_example() -> QuestGame:
    """The rulebook's worked combat example (pp. 11-12): Munchkin Babe, a level-5 warrior in the Firefighter's
    Helmet, explores into the Padded Cell (red warrior icon: no die) and meets the Shrieking Geek (level 6,
    +6 against warriors)."""
    game = scenario.ready(players=4)
    scenario.hero(game, 0, level=5, cls="warrior")
    scenario.wear(game, 0, "firefighters_helmet")
    scenario.hand(game, 0, "freezing_explosive_potion")
    scenario.hero(game, 3, level=9, race="elf")
    scenario.wear(game, 3, "mithril_armour", "short_sword", "sneaky_bastard_sword")
    game.apply(Explore(game.current, "N"))
    game.apply(Chance("room", "padded_cell"))
    while game.chance_step() is not None and game.chance_step().event in ("dxm", "link"):
        game.roll()
    game.apply(Chance("monster", "shrieking_geek"))
    game.apply(Chance("base", "blue"))
    while game.chance_step() is not None and game.chance_step().event == "dxm":
        game.roll()
    return game


EXAMPLES = {"the Shrieking Geek (pp. 11-12)": shrieking_geek_example}


class QuestPanel(StepThrough):
    """``humans`` defaults to seat 0; heuristic agents play the other seats."""

    stage_rules = STAGE_RULES
    seed_ref = SEED

    def __init__(self, game: QuestGame, humans=(0,), agents=None, picture: bool = True, **kwargs) -> None:
        self.picture = picture
        kwargs.setdefault("examples", EXAMPLES)
        kwargs.setdefault("scenario", quest_spec())
        super().__init__(game, agents=agents if agents is not None else game.heuristic_agent(), humans=humans,
                         **kwargs)
        self.widget.add_class("tablerules-quest")

    def card(self, copy: str) -> str:
        c = self.game.card(copy)
        return card_html(c.name, card_text(c), c.name_zh, card_text_zh(c))

    def monster(self, piece: str) -> str:
        c = self.game.monster_card(piece)
        return card_html(c.name, card_text(c), c.name_zh, card_text_zh(c))

    def room(self, room_id: str) -> str:
        return room_html(self.game.dungeon, room_id)

    def monsters_html(self) -> str:
        return monsters_html(self.game)

    def render_state(self) -> str:
        game: QuestGame = self.game
        obs = game.observation(self.viewer)["state"]
        rows = []
        for i, h in enumerate(game.heroes):
            items = ", ".join(self.card(c) for c in h.carried) or "&ndash;"
            pack = ", ".join(self.card(c) for c in h.backpack) or "&ndash;"
            seen = obs["heroes"][i]["hand"]
            hand = (", ".join(self.card(c) for c in sorted(seen)) or "&ndash;") if isinstance(seen, list) \
                else hidden_html(seen)
            style = " style='background:#fff8e1'" if i == game.current else ""
            health = f"{h.health}/{h.max_health}{' dead' if h.dead else ''}"
            room = self.room(game.room_of(i).id)
            why = " + ".join(f"{label} {v}" for label, v in breakdown.strength_terms(game, i))
            rows.append(f"<tr{style}><td>{i} {h.colour.value}</td><td class='level'>{h.level}</td>"
                        f"<td>{html.escape(game.character(i))}</td><td title='{html.escape(why, quote=True)}'>"
                        f"{game.strength(i)}</td><td>{health}</td><td>{h.gold}</td><td>{room}</td><td>{items}</td>"
                        f"<td>{pack}</td><td class='tablerules-hand' data-seat='{i}'>{hand}</td></tr>")
        table = ("<table class='tablerules-sheets'><tr><th>player</th><th>level</th><th>character</th>"
                 "<th>strength</th><th>health</th><th>gold</th><th>room</th><th>items in play</th><th>backpack</th>"
                 "<th>hand</th></tr>" + "".join(rows) + "</table>")
        fight = ""
        if game.fight is not None and game.fight.monsters:
            where = self.room(game.fight.room)
            monsters = " and ".join(self.monster(m) for m in game.fight.monsters)
            fight = (f"<p class='tablerules-fight'><b>Fight</b> in {where}: {monsters}, munchkins "
                     f"<b>{game.munchkin_strength()}</b> + {game.munchkin_dice()}d6 against "
                     f"<b>{game.monster_strength()}</b> + {game.monster_dice()}d6</p><div class='tablerules-why'>"
                     + breakdown_html("munchkins", breakdown.munchkin_terms(game), game.munchkin_strength())
                     + breakdown_html("monsters", breakdown.monster_terms(game), game.monster_strength())
                     + "".join(breakdown_html(f"player {p}'s dice", breakdown.dice_terms(game, p), game.fight_dice(p))
                               for p in game.fight.side) + "</div>")
        odds = odds_html((o.what, o.probability) for o in pending_odds(game))
        picture = ""
        if self.picture:
            fig = dungeon_figure(game.dungeon, title=f"turn {game.turns}")
            width = int(fig.get_figwidth() * 72)  # shown at 72 px an inch (10-pt room names at 10 px), drawn 2x
            data = base64.b64encode(png_bytes(fig, dpi=144)).decode()
            picture = (f"<img class='tablerules-dungeon' style='width:{max(width, 360)}px;max-width:100%' "
                       f"src='data:image/png;base64,{data}'/>")
        status = f"<p>{game.moves_left} move(s) left; stage: {html.escape(game.stage())}</p>"
        return picture + table + self.monsters_html() + fight + odds + status
