"""The Munchkin Quest step-through panel: the dungeon picture, every munchkin's sheet (hands as this seat
may see them, each card's text on hover), the fight with both totals and the dice explained, the exact odds
of the pending fight, flight or search, a rule box per stage, the legal actions as buttons, agents for the
other seats, saves and the rulebook's worked example."""

from __future__ import annotations

import html

import ipywidgets as w

from ..core.protocol import Action, Chance
from ..core.words import counted
from ..families.munchkin.cardtext import card_text, card_text_zh
from ..quest import breakdown, scenario
from ..quest.actions import (
    AskHelp,
    DiscardCard,
    Drop,
    DropGold,
    FightAnyway,
    GiveCard,
    GiveGold,
    GiveItem,
    GiveUp,
    Pack,
    Pass,
    PlayCurse,
    Roll,
    RollToRun,
    RunTo,
    Search,
    SpendItem,
    Suicide,
)
from ..quest.analysis import pending_odds
from ..quest.dungeon import Room, link_key
from ..quest.exploration import DungeonCrawl, Explore, Move
from ..quest.game import QuestGame
from ..quest.geometry import Side
from ..quest.rules.common import AFTER_ROLL, CHARITY
from . import quest_board as qb
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


def room_html(game: DungeonCrawl, room_id: str) -> str:
    """A room's name; its text (and the Chinese text of its tile: the deck's or a card pack's) on hover or click."""
    r = game.dungeon.rooms[room_id]
    tile = None if r.entrance else game.room_tile(r.id)
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
    rows = "".join(f"<tr><td>{monster_html(game, m)}</td><td>{room_html(game, x.room)}</td><td>{x.level}</td>"
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


PASS_ASK, PASS_ONLY, PASS_OTHERS = "ask", "only", "others"  #: the "Pass for me" choices
SETUP_STAGES = ("dealing", "character creation", "first player", "rolling for the first player")


class DungeonBoard:
    """The dungeon board (:mod:`.quest_board`) of a step-through panel whose game has a dungeon (the crawl
    and the whole game): what stands where, which part of the board each action concerns, the header's turn."""

    game: DungeonCrawl
    show_board = True

    def board_pieces(self) -> qb.Pieces:
        """The crawl's pieces: pawns and monster tokens (the whole game adds levels, health, the fight)."""
        d = self.game.dungeon
        colours = list(self.game.colours)
        pawns = [qb.Pawn(colours.index(c), c, room, f"player {colours.index(c)} ({c.value})")
                 for c, room in d.munchkins.items() if c in colours]
        tokens = [qb.Token(m.id, m.room, (m.name or m.id).split(" (")[0], m.level, m.target,
                           f"{(m.name or m.id).split(' (')[0]}, level {m.level}"
                           + (f", {m.target.value} base" if m.target else "")) for m in d.monsters.values()]
        return qb.Pieces(pawns, tokens)

    def board_svg(self) -> str:
        if not self.show_board:
            return ""
        return qb.draw(self.game.dungeon, self.board_pieces(), label=self.turn_text(),
                       rules=getattr(self.game, "room_rules_of", None))

    def where(self, player: int) -> Room:
        d = self.game.dungeon
        return d.rooms[d.munchkins[self.game.colours[player]]]

    def action_targets(self, action: Action) -> tuple[str, ...]:
        if isinstance(action, Move | Explore):
            here = self.where(action.player)
            side = Side(action.side)
            door = qb.door_target(link_key(here.at, side))
            beyond = self.game.dungeon.room_at(side.step(here.at))
            return (door, qb.room_target(beyond.id)) if isinstance(action, Move) and beyond else (door,)
        return ()

    def target_label(self, target: str) -> str:
        kind, _, name = target.partition(":")
        d = self.game.dungeon
        if kind == "room" and name in d.rooms:
            return d.rooms[name].name or name
        if kind == "door":
            return qb.door_label(d, qb.door_key(target))
        if kind == "monster" and name in d.monsters:
            return (d.monsters[name].name or name).split(" (")[0]
        if kind == "pawn":
            return f"player {name}"
        return f"{kind} {name}".strip()

    def turn_text(self) -> str:
        """``Turn 3: player 1 (blue)``, counted from 1 (the engine counts turns played, from 0)."""
        g = self.game
        if g.is_over():
            return f"after {g.turn_number()} turns"
        if g.stage() in SETUP_STAGES:
            return "Set-up"
        p = g.current
        return f"Turn {g.turn_number() + 1}: player {p} ({g.colours[p].value})"


def locked_door_example() -> QuestGame:
    """Moving costs moves (p. 6, 移动 / 所需移动力): player 0 stands in the Hospital with 3 moves. East, a locked
    door leads to the Armoury (2 moves, the "2" on it); south, an open corridor leads back to the Entrance (1
    move); north is an unexplored door (explore: 1 move, a new room and a monster). Click the locked door or
    the Armoury to go through it: 1 move is left after it."""
    game = scenario.ready(players=3)
    scenario.room(game, "hospital", (0, -1), {"N": "door"})
    scenario.room(game, "armoury", (1, -1), {"W": "locked"})
    scenario.move_to(game, 0, "hospital")
    return game


def running_away_example() -> QuestGame:
    """Running away (p. 10, 逃跑): player 0, a level-1 munchkin, explores north into the Crypt and meets the
    3,872 Orcs (level 10, 2 dice). The munchkins roll 1 and the Orcs 5 and 6: 2 against 21, the monsters win and
    player 0 takes a hit. Before the run die, choose where to run, never into the dark: click the Entrance, then
    the Orcs to roll. A die of 5 or more escapes (1/3)."""
    game = scenario.ready(players=3)
    game.apply(Explore(game.current, "N"))
    game.apply(Chance("room", "crypt"))
    while game.chance_step() is not None and game.chance_step().event in ("dxm", "link"):
        game.roll()
    game.apply(Chance("monster", "orcs"))
    game.apply(Chance("base", "blue"))
    while game.chance_step() is not None and game.chance_step().event == "dxm":
        game.roll()
    game.apply(Roll(0))
    while game.fight.window is not None and game.fight.window.waiting:
        game.apply(Pass(game.fight.window.waiting[0]))
    for face in (1, 5, 6):
        game.apply(Chance("d6", face))
    while game.stage() == AFTER_ROLL:
        game.apply(Pass(game.to_act()[0]))
    while game.chance_step() is not None:
        game.roll()
    return game


def searching_example() -> QuestGame:
    """Searching (p. 7, 搜索; p. 20, 搜索表): player 0 stands in the Library (search icon +2) with no monster
    and 3 moves. Click the room to search it (1 move): one die + 2 read on the search table. Only row 7 brings a
    monster here (a roll of 5: 1/6); row 1 or less cannot come up."""
    game = scenario.ready(players=3)
    scenario.room(game, "library", (0, -1))
    scenario.move_to(game, 0, "library")
    return game


EXAMPLES = {"the Shrieking Geek (pp. 11-12)": shrieking_geek_example,
            "moving through a locked door (p. 6, 所需移动力)": locked_door_example,
            "running away from the Orcs (p. 10, 逃跑)": running_away_example,
            "searching the Library (p. 7 搜索, p. 20 搜索表)": searching_example}


#: the moves a turn rarely needs (trading, dropping, packing, spending, cursing, giving up a class, dying on
#: purpose): under the board they are folded in one "more" row, so the buttons a turn or a fight needs (play a
#: card, a one-shot, a power, end the turn, pass) stand alone
SIDE_ACTIONS = (Drop, DropGold, GiveItem, GiveGold, GiveCard, DiscardCard, Pack, SpendItem, Suicide, PlayCurse, GiveUp)


class QuestPanel(DungeonBoard, StepThrough):
    """``humans`` defaults to seat 0; heuristic agents play the other seats. The dungeon is the clickable
    board (``picture=False``: no board); a window where a person could only pass is passed for them ("Pass
    for me", also every window of the other players' fights if chosen), and only the dice of a person's own
    fight, flight or search wait for their click."""

    stage_rules = STAGE_RULES
    seed_ref = SEED

    lesson_state = True  # a lesson shows the sheets under the board (render_state hides the asked numbers)

    def __init__(self, game: QuestGame, humans=(0,), agents=None, picture: bool = True, **kwargs) -> None:
        self.show_board = picture
        self.auto_pass = w.Dropdown(options=[("ask me every time", PASS_ASK),
                                             ("when passing is all I can do", PASS_ONLY),
                                             ("in the other players' fights", PASS_OTHERS)],
                                    value=PASS_ONLY, description="Pass for me:",
                                    style={"description_width": "initial"}, layout=w.Layout(width="360px"))
        self.auto_pass.add_class("tablerules-auto-pass")
        kwargs.setdefault("examples", EXAMPLES)
        kwargs.setdefault("scenario", quest_spec())
        super().__init__(game, agents=agents if agents is not None else game.heuristic_agent(), humans=humans,
                         **kwargs)
        self.charity_button = w.Button(description="Charity: give away my least valuable cards", icon="gift",
                                       layout=w.Layout(width="auto", display="none"),
                                       tooltip="p. 7, 行善: more than 5 cards at the end of your turn go to the "
                                               "lowest-level munchkin (or the discards); this gives the cards "
                                               "worth least, one by one, as the heuristic agent would")
        self.charity_button.add_class("tablerules-charity")
        self.charity_button.on_click(lambda _: self._safely(self.give_charity))
        self.extra.children = (w.HBox([self.auto_pass, self.charity_button]),)
        self.charity_button.layout.display = "none" if self.charity_seat() is None else "flex"
        self.auto_pass.observe(lambda _change: self._safely(lambda: None), names="value")
        self.widget.add_class("tablerules-quest")

    # ----- the board ------------------------------------------------------------------------------
    def board_pieces(self) -> qb.Pieces:
        game: QuestGame = self.game
        st = game.state
        pawns = []
        for i, h in enumerate(game.heroes):
            # what the board tells about a munchkin (the sheets below have gold and cards): it changes rarely,
            # so most clicks send no new picture
            tip = (f"player {i} ({h.colour.value}): level {h.level} {game.character(i)}, {h.health}/{h.max_health} "
                   f"health{', dead' if h.dead else ''}")
            pawns.append(qb.Pawn(i, h.colour, game.room_of(i).id, tip, h.dead))
        standing = list(st.dungeon.monsters.values()) + ([st.boss] if st.boss is not None else [])
        tokens = []
        for m in standing:
            card = game.monster_card(m.id)
            enhancers = st.enhanced.get(m.id, [])
            level = game.monster_level(m.id) + sum(game.card(e).bonus for e in enhancers)
            room = st.dungeon.entrance.id if m is st.boss else m.room
            extra = f", with {', '.join(game.card(e).name for e in enhancers)}" if enhancers else ""
            tip = (f"{card.name}: level {level}{extra}, {counted(card.dice, 'combat die', 'combat dice')}, "
                   + (f"{m.target.value} base (owner: player {game.colours.index(m.target)})"
                      if m.target in game.colours else "no owner")
                   + f"\n{card_text(card)}")
            tokens.append(qb.Token(m.id, room, card.name, level, m.target, tip))
        pieces = qb.Pieces(pawns, tokens)
        for room, token in st.tokens.items():
            pieces.badges.setdefault(room, []).append(token.value)
        if game.fight is not None and game.fight.monsters:
            pieces.fight_room = game.fight.room
            pieces.badges.setdefault(game.fight.room, []).insert(0, "fight")
        for room, cards in st.dropped.items():
            if cards:
                pieces.notes.setdefault(room, []).append("dropped here: " + ", ".join(game.card(c).name for c in cards))
        for room, gold in st.dropped_gold.items():
            if gold:
                pieces.notes.setdefault(room, []).append(f"dropped here: {gold} gold")
        for room in st.searched:
            pieces.notes.setdefault(room, []).append("searched this turn")
        return pieces

    def action_targets(self, action: Action) -> tuple[str, ...]:
        game: QuestGame = self.game
        f = game.fight
        if isinstance(action, Search):
            return (qb.room_target(game.room_of(action.player).id),)
        if isinstance(action, Roll) and f is not None:
            return tuple(qb.monster_target(m) for m in f.monsters)
        if isinstance(action, FightAnyway):
            room = game.room_of(action.player).id
            return tuple(qb.monster_target(m.id) for m in game.dungeon.monsters_in(room))
        if isinstance(action, RollToRun):
            return (qb.monster_target(action.monster),)
        if isinstance(action, RunTo):
            return (qb.room_target(action.room),)
        if isinstance(action, AskHelp):
            return (qb.pawn_target(action.helper),)
        return super().action_targets(action)

    # ----- no chores ------------------------------------------------------------------------------
    def waits_for_people(self) -> bool:
        """Besides referee mode, a die waits for a person only in their own fight (fighter or helper),
        their own flight or their own search: the dice of the other seats' fights roll themselves, even
        after the person passed (the monster's owner rolls its die, p. 9, but has nothing to decide)."""
        game: QuestGame = self.game
        waits = super().waits_for_people()
        if self.humans is None or self.referee.value or not waits:
            return waits
        f = game.fight
        step = game.state.pending[0] if game.state.pending else None
        kind = getattr(step, "kind", "")
        if kind == "fight die":
            return f is not None and any(p in self.humans for p in f.side)
        if kind == "run die":
            return f is not None and bool(f.runners) and f.runners[0] in self.humans
        if kind == "search":
            return game.current in self.humans
        return False

    def charity_seat(self) -> int | None:
        """The person who must give cards away now (p. 7, 行善), if any."""
        game: QuestGame = self.game
        if self.humans is None or game.is_over() or game.is_chance() or game.stage() != CHARITY:
            return None
        return next((p for p in game.to_act() if p in self.humans), None)

    def give_charity(self) -> None:
        """One click for the whole charity: the cards worth least go, one by one (the heuristic agent's choice;
        the buttons still give any card the person picks)."""
        game: QuestGame = self.game
        agent = game.heuristic_agent()
        for _ in range(100):
            seat = self.charity_seat()
            if seat is None:
                return
            game.apply(agent.choose(game, seat))
            self.marks.note(game)

    def refresh(self) -> None:
        super().refresh()
        if hasattr(self, "charity_button"):
            self.charity_button.layout.display = "none" if self.charity_seat() is None else "flex"
        self.fold_side_actions()

    def fold_side_actions(self) -> None:
        """Under the board, the rows of :data:`SIDE_ACTIONS` (give, drop, pack, spend...) go into one folded
        "more" section: a turn's page showed eight rows of "player 0 gives 100 gold to player 1" buttons."""
        more = self.__dict__.get("more_actions")
        if more is None:
            more = self.more_actions = w.Accordion(children=[w.VBox()])
            more.add_class("tablerules-more-actions")
        action_of = {id(b): a for a, b in self.__dict__.get("_buttons", {}).items()}
        kept, side = [], []
        for row in self.direct_rows.children:
            actions = [action_of.get(id(b)) for b in getattr(row, "children", ())[1:]]
            (side if actions and all(isinstance(a, SIDE_ACTIONS) for a in actions) else kept).append(row)
        if not side:
            return
        count = sum(len(row.children) - 1 for row in side)
        kinds = ", ".join(row.children[0].value.removeprefix("<b>").removesuffix("</b>:") for row in side)
        more.children[0].children = tuple(side)
        more.set_title(0, f"More: {kinds} ({count})")
        more.selected_index = None
        self.direct_rows.children = (*kept, more)

    def passes_for_me(self) -> Action | None:
        """The pass "Pass for me" makes now: when passing is all a person can do (the default), or (chosen) in
        every window of a fight they are not in, whatever cards they hold; ``None``: they decide."""
        game: QuestGame = self.game
        mode = self.auto_pass.value
        if (self.humans is None or mode == PASS_ASK or game.is_over() or game.is_chance()
                or not any(p in self.humans for p in game.to_act())):
            return None
        mine = self.human_actions()
        passes = [a for a in mine if isinstance(a, Pass)]
        if not passes:
            return None
        if all(isinstance(a, Pass) for a in mine):
            return passes[0]
        f = game.fight
        if mode == PASS_OTHERS and f is not None and not any(p in self.humans for p in f.side):
            return passes[0]
        return None

    def run_agents(self) -> None:
        """The agents play; then a window the person leaves to "Pass for me" is passed, and the agents go on."""
        for _ in range(1_000):
            super().run_agents()
            action = self.passes_for_me()
            if action is None:
                return
            self.game.apply(action)
            self.marks.note(self.game)

    def card(self, copy: str) -> str:
        c = self.game.card(copy)
        return card_html(c.name, card_text(c), c.name_zh, card_text_zh(c))

    def monster(self, piece: str) -> str:
        c = self.game.monster_card(piece)
        return card_html(c.name, card_text(c), c.name_zh, card_text_zh(c))

    def room(self, room_id: str) -> str:
        return room_html(self.game, room_id)

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
            strength = "" if self.quiz else (f"<td title='{html.escape(why, quote=True)}'>{game.strength(i)}</td>")
            rows.append(f"<tr{style}><td>{i} {h.colour.value}</td><td class='level'>{h.level}</td>"
                        f"<td>{html.escape(game.character(i))}</td>{strength}<td>{health}</td><td>{h.gold}</td>"
                        f"<td>{room}</td><td>{items}</td>"
                        f"<td>{pack}</td><td class='tablerules-hand' data-seat='{i}'>{hand}</td></tr>")
        table = ("<table class='tablerules-sheets'><tr><th>player</th><th>level</th><th>character</th>"
                 + ("" if self.quiz else "<th>strength</th>")
                 + "<th>health</th><th>gold</th><th>room</th><th>items in play</th><th>backpack</th>"
                 "<th>hand</th></tr>" + "".join(rows) + "</table>")
        if self.quiz:  # a lesson asks for the fight's numbers or the moves: the sheets and the monsters only
            return table + self.monsters_html()
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
        status = f"<p>{counted(game.moves_left, 'move')} left; stage: {html.escape(game.stage())}</p>"
        return table + self.monsters_html() + fight + odds + status
