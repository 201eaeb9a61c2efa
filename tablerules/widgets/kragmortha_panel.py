"""The Kragmortha step-through panel: the board with goblins and the dark lord, the hands (other seats' as
counts in seat view), penalty and tome cards with their text on hover, the hand limit explained, the exact
chance to reach the desk, a rule box per stage, the legal moves as buttons (the generic
:class:`~tablerules.widgets.StepThrough`), agents for the other seats, saves and a worked example."""

from __future__ import annotations

import html

import ipywidgets as w

from ..core.agents import RandomAgent
from ..kragmortha import scenario
from ..kragmortha.agents import GreedyAgent
from ..kragmortha.analysis import desk_chance
from ..kragmortha.game import Kragmortha
from ..kragmortha.rules.cards import HAND
from .pieces import breakdown_html, card_html, hidden_html, odds_html
from .scenarios import kragmortha_spec
from .stepper import StepThrough

COLOURS = {"grimoire": "#d9c7a3", "parchment": "#f3ecd2", "potion": "#c9e2f5", "gems": "#e2c9f5",
           "teleport": "#9be39b", "bookcase": "#6b4f2f", "desk": "#b22222", "crystal": "#d0f0f0"}
SEED = "seeds/004_136acf3175cc4d8d.txt (搗蛋大法師)"
STAGE_RULES = {
    "play": ("Play a movement card: move your goblin (or the dark lord) over the squares it shows, pushing "
             "goblins in the way; reach the desk to win.", "移動卡 / 推擠"),
    "place": ("Place your goblin on a start square of the bottom row.", "設置"),
    "penalty": ("Caught by the dark lord's withering look: draw a penalty card (one of each symbol).",
                "懲罰卡"),
    "spare": ("Face to face with the dark lord while holding 法師學徒 or 法師之友: use the tome to avoid the "
              "penalty card (可以避免: may), or keep it and draw the card.", "魔法書卡 / 法師學徒, 法師之友"),
    "teleport": ("On a teleport square: draw a teleport card.", "傳送"),
    "tome": ("A magic tome card: keep it face up, use it once.", "魔法書卡"),
    "discard": ("Over the hand limit: discard down to it.", "手牌上限"),
    "draw": ("Draw movement cards back up to your hand limit.", "移動卡"),
    "flee": ("The dark lord looks your way: flee back to your start square.", "黑暗領主"),
    "first player": ("The player who looks most like a goblin starts (here: drawn at random).", "起始設定"),
    "deal": ("Each player is dealt 3 movement cards.", "起始設定"),
    "refill": ("After playing a movement card, draw back up to your hand limit.", "遊戲玩法 / 移動卡"),
    "jump": ("The dark lord ended on a teleport square: move him to any empty square not next to a goblin.",
             "傳送"),
    "fly": ("Teleported (or caught by the dark lord): fly your goblin to an empty teleport square; none free, "
            "back to your start square.", "傳送 / 移動"),
    "peek": ("A card lets you look at the top teleport card before anyone draws it.", "魔法書卡 (忘了些事情 / 幽靈)"),
    "limit": ("Your hand limit becomes 2: choose a card to discard at once.", "懲罰卡 (手牌上限變成2張)"),
    "grab": ("The card discarded for the hand-limit penalty: the first opponent to grab it may play it at once.",
             "懲罰卡 (第一個搶到的對手可以馬上使用它)"),
    "friend": ("Dear friend: every opponent shows you their movement cards; swap up to three of them.",
               "魔法書卡 (親愛的朋友)"),
    "effect": ("Two penalty cards of one kind after a swap: your opponent decides which one takes effect.",
               "魔法書卡 (你的對手必須決定哪一張生效)"),
    "over": ("The game ends when a player has four penalty cards or the last tome is drawn: fewest penalty cards "
             "wins, then most tomes, then most magic symbols.", "遊戲結束"),
    "game over": ("The game ends when a player has four penalty cards or the last tome is drawn: fewest penalty "
                  "cards wins, then most tomes, then most magic symbols.", "遊戲結束"),
}


def board_html(game: Kragmortha) -> str:
    b, s = game.board, game.state
    rows = []
    for r in range(b.rows):
        cells = []
        for c in range(b.cols):
            sq = b.square(r, c)
            text = b.kinds[sq][:4]
            pieces = [f"G{q}" for q, x in enumerate(s.seats) if x.square == sq]
            if s.lord == sq:
                pieces.append("LORD")
            if pieces:
                text = f"<b>{' '.join(pieces)}</b>"
            cells.append(f'<td style="background:{COLOURS.get(b.kinds[sq], "#fff")};width:54px;height:30px;'
                         f'text-align:center;font-size:11px" title="{b.label(sq)}">{text}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return '<table style="border-collapse:collapse">' + "".join(rows) + "</table>"


def near_the_desk_example() -> Kragmortha:
    """移動卡: player 0's goblin three rows from the desk with its dealt hand: what is the exact chance to get
    there this turn, or within two turns?"""
    game = scenario.placed(players=3, seed=1)
    scenario.move_goblin(game, 0, "d4")
    scenario.set_turn(game, 0)
    return game


EXAMPLES = {"a goblin near the desk (移動卡)": near_the_desk_example}


class KragmorthaPanel(StepThrough):
    """Play ``seat`` through buttons; the other seats are played by the greedy (or random) agent."""

    stage_rules = STAGE_RULES
    seed_ref = SEED

    def __init__(self, players: int = 4, seat: int = 0, seed: int = 0, agent: str = "greedy",
                 game: Kragmortha | None = None, **kwargs) -> None:
        self.board = w.HTML()
        self.cards = w.HTML()
        kwargs.setdefault("examples", EXAMPLES)
        kwargs.setdefault("scenario", kragmortha_spec())
        super().__init__(game or Kragmortha({"players": players}, seed=seed),
                         GreedyAgent() if agent == "greedy" else RandomAgent(seed), title="Kragmortha 搗蛋大法師",
                         humans=(seat,), **kwargs)
        self.buttons = self.actions_box
        self.extra.children = (w.HBox([self.board, self.cards]),)
        self.widget.add_class("tablerules-kragmortha")
        self.refresh()

    def limit_terms(self, p: int) -> list[tuple[str, int]]:
        g = self.game
        seat = g.state.seats[p]
        terms = [("base hand limit", HAND)] + ([("Swift tome (迅捷)", 1)] if seat.swift else [])
        total = g.limit(p)
        if total != sum(v for _, v in terms):
            terms.append(("hand-limit penalty card: 2 at most", total - sum(v for _, v in terms)))
        return terms

    def render_state(self) -> str:
        if not hasattr(self, "board"):
            return ""
        g = self.game
        obs = g.observation(self.viewer)["state"]
        self.board.value = board_html(g)
        rows = []
        for q, seat in enumerate(g.state.seats):
            seen = obs["seats"][q]["hand"]
            hand = (", ".join(card_html(c, g.movement[c].text, "", g.movement[c].text_zh) for c in sorted(seen))
                    if isinstance(seen, list) else hidden_html(seen)) or "&ndash;"
            tomes = ", ".join(card_html(t, g.tomes[t].text, g.tomes[t].name_zh, g.tomes[t].text_zh)
                              for t in seat.tomes) or "&ndash;"
            pens = ", ".join(card_html(c, g.penalties[c].text, "", g.penalties[c].text_zh)
                             for c in seat.penalties) or "&ndash;"
            where = g.board.label(seat.square) if seat.square >= 0 else "-"
            rows.append(f"<tr><td>player {q}{' ◀' if q == g.state.current else ''}</td><td>{where}</td>"
                        f"<td class='tablerules-hand' data-seat='{q}'>{hand}</td><td>{tomes}</td><td>{pens}</td></tr>")
        table = ("<table class='tablerules-sheets'><tr><th>seat</th><th>goblin</th><th>hand</th><th>tomes</th>"
                 "<th>penalty cards</th></tr>" + "".join(rows) + "</table>")
        me = self.seat if self.seat is not None else g.state.current
        why = breakdown_html(f"player {me}'s hand limit", self.limit_terms(me), g.limit(me))
        odds = ""
        mine = g.state.seats[me]
        if mine.square >= 0 and not g.is_over():
            lines = [(f"player {me}'s goblin reaches the desk within {t} turn(s), playing its best",
                      desk_chance(mine.square, list(mine.hand), t, g.params.players)) for t in (1, 2)]
            odds = odds_html(lines)
        result = ""
        if g.is_over():
            result = f"<p><b>Game over: winners {g.result().winners} ({html.escape(g.result().reason)})</b></p>"
        if self.seat is not None:
            own = ", ".join(card_html(c, g.movement[c].text, "", g.movement[c].text_zh)
                            for c in sorted(g.state.seats[self.seat].hand)) or "empty"
            self.cards.value = f"<p><b>Your hand</b> (player {self.seat}): {own}</p>"
        return table + "<div class='tablerules-why'>" + why + "</div>" + odds + result
