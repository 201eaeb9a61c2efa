"""The Kragmortha step-through panel: the board drawn as a picture you click (:mod:`.kragmortha_board`:
coordinates, symbols as pictures with a legend, goblins, the dark lord, the desk, the hand as cards), the
hand limit explained, the chance to reach the desk with the model it assumes in words, a rule box per stage,
worked examples whose position, log and text agree, agents for the other seats (the generic
:class:`~tablerules.widgets.StepThrough`).

A turn by clicks: click the square a movement card takes your piece to (one click when only one card and
path go there; equivalent paths count as one); or click a card first to see only its squares; a tome card,
then the square or goblin it aims at. Actions no part of the board stands for stay buttons under it."""

from __future__ import annotations

import html
from dataclasses import dataclass

import ipywidgets as w

from ..core.agents import RandomAgent
from ..core.protocol import Action
from ..kragmortha import actions as A
from ..kragmortha import scenario
from ..kragmortha.agents import GreedyAgent
from ..kragmortha.analysis import DESK_MODEL, desk_chance
from ..kragmortha.game import Kragmortha
from ..kragmortha.rules.cards import HAND, MAX_PENALTIES
from ..kragmortha.rules.movement import walk_played
from . import kragmortha_board as kb
from .pieces import breakdown_html, card_html, hidden_html, odds_html
from .scenarios import kragmortha_spec
from .stepper import StepThrough

SEED = "seeds/004_136acf3175cc4d8d.txt (搗蛋大法師)"
STAGE_RULES = {
    "play": ("Play a movement card: click the square it takes your goblin (or the dark lord) to; each symbol on "
             "the card is one step onto a square showing it (a crystal ball: any symbol), in either order; "
             "goblins in the way are pushed; reach the desk for a magic tome.", "移動卡 / 推人"),
    "place": ("Place your goblin: click an empty start square of the bottom row (rank 10), across from the desk.",
              "起始設定"),
    "penalty": ("Caught by the dark lord: draw a penalty card (only one of each symbol).", "懲罰卡"),
    "spare": ("Face to face with the dark lord while holding 法師學徒 or 法師之友: click the tome to avoid the "
              "penalty card (可以避免: may), or keep it and draw the card.", "魔法書卡 / 法師學徒, 法師之友"),
    "teleport": ("On a teleport square: draw a teleport card.", "傳送"),
    "tome": ("A magic tome card: keep it face up, use it once.", "魔法書卡"),
    "discard": ("Over the hand limit, or after 新方向 / 換季 (discard as many as you drew): click a card to "
                "discard it.", "手牌上限 / 魔法寶典卡 (新方向, 換季)"),
    "after": ("You have moved: you may still use a magic tome in your own turn (新方向 only now, after moving), "
              "then draw a movement card and the turn passes.", "魔法寶典卡 (只能在自己回合使用 / 在你移動後)"),
    "draw": ("Draw movement cards back up to your hand limit.", "移動卡"),
    "flee": ("The dark lord caught you: click an empty teleport square to fly to (none free: back to your start "
             "square).", "黑暗領主"),
    "first player": ("The player who looks most like a goblin starts (here: drawn at random).", "起始設定"),
    "deal": ("Each player is dealt 3 movement cards.", "起始設定"),
    "refill": ("After playing a movement card, draw back up to your hand limit.", "遊戲玩法 / 移動卡"),
    "jump": ("The dark lord ended on a teleport square: click any empty square not next to a goblin to move him "
             "there, or his own square to leave him.", "傳送"),
    "fly": ("Teleported: click an empty teleport square to fly your goblin there; none free, it stays.",
            "傳送 / 移動"),
    "peek": ("A card lets you look at the top teleport card before anyone draws it.", "魔法書卡 (忘了些事情 / 幽靈)"),
    "limit": ("Your hand limit becomes 2: click a card to discard at once.", "懲罰卡 (手牌上限變成2張)"),
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


# ----- worked examples: a position set up by hand, a log line saying so, and the text they teach ---------------
@dataclass(frozen=True)
class Example:
    rule: str  #: the rule it teaches, with the seed's words
    text: str  #: what the position shows and what to click
    click: str  #: the board part the text says to click


def _stage(players: int, seed: int, goblins: dict[int, str], hand: list[str], note: str) -> Kragmortha:
    game = scenario.placed(players=players, seed=seed)
    for p in goblins:  # clear the squares first (a goblin may move onto another's start square)
        game.state.seats[p].square = -1
    for p, label in goblins.items():
        scenario.move_goblin(game, p, label)
    scenario.set_hand(game, 0, hand)
    scenario.set_turn(game, 0)
    names = ", ".join(kb.card_name(game.movement[c]) for c in sorted(hand))
    where = "; ".join(f"player {p}'s goblin on {label}" for p, label in goblins.items())
    game.event(f"worked example, set up by hand: {where}; player 0 holds {names}; player 0 to play. {note}",
               seen_by=(0,), hidden=f"worked example, set up by hand: {where}; player 0 to play. {note}")
    return game


def near_the_desk_example() -> Kragmortha:
    """移動 / 書桌: player 0's goblin on d4, three steps from the desk: 0 this turn, certain within two."""
    return _stage(3, 1, {0: "d4"}, ["goblin-parchment-gems", "goblin-grimoire-potion", "lord-potion-gems"],
                  "Click d2.")


def push_example() -> Kragmortha:
    """推人: player 0's goblin on d8 steps onto d7 and pushes player 1's goblin on to d6."""
    return _stage(4, 1, {0: "d8", 1: "d7"}, ["goblin-parchment-potion", "lord-grimoire-gems", "lord-potion-gems"],
                  "Click d7.")


def dark_lord_example() -> Kragmortha:
    """黑暗領主: a dark lord card moves him from d5 over d6 onto player 1's goblin on e6."""
    return _stage(4, 1, {1: "e6"}, ["lord-potion-gems", "goblin-grimoire-parchment", "goblin-grimoire-potion"],
                  "Click e6.")


EXAMPLE_TEXT = {
    near_the_desk_example: Example(
        "移動 (each symbol on the card is one step, in either order) and 書桌可以用任何圖案移動到上面 (the desk "
        "takes any symbol)",
        "Player 0's goblin stands on d4, a potion square three steps below the desk. Goblin: parchment + gems "
        "takes it to d3 (gems) and then d2 (parchment); next turn any goblin card steps onto the desk (d1). So "
        "reaching the desk this turn is impossible (0) and within two turns certain (1): another goblin card "
        "stays in the hand. Click d2.", "square:d2"),
    push_example: Example(
        "推人 (moving onto another goblin pushes it one square on, the same way)",
        "Player 0's goblin on d8 holds Goblin: parchment + potion; player 1's goblin stands on d7 (parchment) "
        "just above it. Click d7: player 0's goblin steps onto d7 and pushes player 1's goblin on to d6.", "square:d7"),
    dark_lord_example: Example(
        "黑暗領主 (a dark lord card moves him; a goblin he meets draws a penalty card 懲罰卡 and flies to an "
        "empty teleport square)",
        "The dark lord stands on d5; player 1's goblin on e6 (gems). Player 0's Dark lord: potion + gems card "
        "moves him to d6 (potion) and on to e6 (gems): he meets player 1's goblin, which draws a penalty card "
        "and flies to an empty teleport square. Click e6.", "square:e6"),
}
EXAMPLES = {"a goblin near the desk (移動 / 書桌)": near_the_desk_example, "pushing a goblin (推人)": push_example,
            "the dark lord's look (黑暗領主 / 懲罰卡)": dark_lord_example}


class KragmorthaPanel(StepThrough):
    """Play ``seat`` by clicking the board; the other seats are played by the greedy (or random) agent."""

    stage_rules = STAGE_RULES
    seed_ref = SEED

    def __init__(self, players: int = 4, seat: int = 0, seed: int = 0, agent: str = "greedy",
                 game: Kragmortha | None = None, **kwargs) -> None:
        self.cards = w.HTML()  # kept for scripts: the hand in words
        self.picked = ""  # a card or tome clicked first (its squares only are offered)
        self.picked_at = -1
        self.note = ""  # the worked example's text
        kwargs.setdefault("examples", EXAMPLES)
        kwargs.setdefault("scenario", kragmortha_spec())
        super().__init__(game or Kragmortha({"players": players}, seed=seed),
                         GreedyAgent() if agent == "greedy" else RandomAgent(seed), title="Kragmortha 搗蛋大法師",
                         humans=(seat,), **kwargs)
        self.buttons = self.actions_box
        self.extra.children = (self.cards,)
        self.widget.add_class("tablerules-kragmortha")
        self.refresh()

    # ----- what the board parts stand for ----------------------------------------------------------
    @property
    def me(self) -> int:
        return self.seat if self.seat is not None else self.game.state.current

    def destination(self, player: int, card: str, path: tuple[str, ...]) -> int:
        """The square a card played along ``path`` takes its piece to (-1: it does not move)."""
        g = self.game
        if not path:
            return -1
        goblin = g.movement[card].piece == "goblin"
        steps = walk_played(g.board, tuple(x.square for x in g.state.seats), g.state.lord, player, goblin, path)
        return steps[-1].goblins[player] if goblin else steps[-1].lord

    def outcome(self, action: Action) -> tuple:
        """What an action leads to, to tell paths that end alike (same card, same places, same meetings)."""
        if not isinstance(action, A.Move | A.Grab) or not action.path:
            return (action,)
        g = self.game
        goblin = g.movement[action.card].piece == "goblin"
        steps = walk_played(g.board, tuple(x.square for x in g.state.seats), g.state.lord, action.player, goblin,
                            action.path)
        return (type(action), action.card, steps[-1].goblins, steps[-1].lord, steps[-1].end,
                tuple(m for st in steps for m in st.met))

    def action_targets(self, action: Action) -> tuple[str, ...]:
        if self.quiz:  # a lesson asks how far the cards go: no square lights up to tell it
            return ()
        g = self.game
        label = g.board.label
        picked = self.current_pick()
        if isinstance(action, A.Place | A.Fly):
            return (f"square:{label(action.square)}",)
        if isinstance(action, A.Jump):
            return (f"square:{label(action.square if action.square >= 0 else g.state.lord)}",)
        if isinstance(action, A.Move | A.Grab):
            hand = g.state.seats[action.player].hand
            cards = kb.targets_of_cards(hand, action.card) if isinstance(action, A.Move) else ()
            dest = self.destination(action.player, action.card, action.path)
            mine = not picked or picked in cards
            # the square first: it is where the card goes, the click that plays it (a lesson clicks the first)
            return (*((f"square:{label(dest)}",) if dest >= 0 and mine else ()), *cards)
        if isinstance(action, A.Discard):
            return kb.targets_of_cards(g.state.seats[action.player].hand, action.card)
        if isinstance(action, A.UseTome):
            name = f"tome:{action.tome}"
            aim: tuple[str, ...] = ()
            if picked == name and action.tome in ("glitch", "forgot-something", "ghost"):
                aim = (f"square:{label(action.target)}",)
            elif picked == name and action.target >= 0:
                aim = (f"goblin:{action.target}",)
            return (name, *aim)
        if isinstance(action, A.Effect):
            return (f"penalty:{action.owner}:{action.card}",)
        return ()

    def current_pick(self) -> str:
        if self.picked and self.picked_at != self.game.num_actions:
            self.picked = ""
        return self.picked

    def target_label(self, target: str) -> str:
        kind, _, name = target.partition(":")
        g = self.game
        if kind == "card":
            hand = sorted(g.state.seats[self.me].hand)
            return kb.card_name(g.movement[hand[int(name)]]) if int(name) < len(hand) else "a card"
        if kind == "tome":
            return kb.tome_name(g.tomes[name])
        if kind == "goblin":
            return f"player {name}'s goblin"
        if kind == "penalty":
            owner, _, card = name.partition(":")
            return f"player {owner}'s penalty card “{g.penalties[card].text}”"
        return name if kind == "square" else f"{kind} {name}"

    def action_text(self, action: Action) -> str:
        """An action in plain words (the choice buttons and the board's tooltips)."""
        g = self.game
        label = g.board.label
        if isinstance(action, A.Move | A.Grab):
            card = g.movement[action.card]
            name = kb.card_name(card)
            if not action.path:
                return f"play {name} without moving (no legal step)"
            piece = "your goblin" if card.piece == "goblin" else "the dark lord"
            verb = "grab and play" if isinstance(action, A.Grab) else "play"
            return (f"{verb} {name}: {piece} goes {' then '.join(action.path)} to "
                    f"{label(self.destination(action.player, action.card, action.path))}")
        if isinstance(action, A.Place):
            return f"put your goblin on {action.label}"
        if isinstance(action, A.Fly):
            return f"fly your goblin to {action.label}"
        if isinstance(action, A.Jump):
            return f"the dark lord jumps to {action.label}" if action.square >= 0 else "leave the dark lord there"
        if isinstance(action, A.Discard):
            return f"discard {kb.card_name(g.movement[action.card])}"
        if isinstance(action, A.UseTome):
            return self.tome_text(action)
        if isinstance(action, A.Effect):
            return f"player {action.owner}'s “{g.penalties[action.card].text}” takes effect"
        return action.describe()

    def tome_text(self, a: A.UseTome) -> str:
        g = self.game
        head = f"use {kb.tome_name(g.tomes[a.tome])}"
        pen = g.penalties
        if a.tome in ("betrayal", "pass-the-doom") and a.card in pen:
            return f"{head}: give “{pen[a.card].text}” to player {a.target}"
        if a.tome == "misery-loves-company" and ">" in a.card:
            mine, theirs = a.card.split(">")
            return f"{head}: swap your “{pen[mine].text}” for player {a.target}'s “{pen[theirs].text}”"
        if a.tome == "quick-hands" and a.card in g.tomes:
            return f"{head}: take {kb.tome_name(g.tomes[a.card])} from player {a.target}"
        if a.tome == "immunity" and a.card in pen:
            return f"{head}: immune to “{pen[a.card].text}”"
        return f"{head}: {a.label}" if a.label else head

    def action_tooltip(self, action: Action) -> str:
        return self.action_text(action)

    # ----- clicks ------------------------------------------------------------------------------------
    def click_target(self, target: str) -> None:
        """One legal action there (paths that end alike count as one): it is played. A card or tome with
        several: it is picked (its squares only are offered; click it again for the list). Several others:
        buttons in plain words under the board."""
        self.current_pick()
        mine = [a for a in self.human_actions() if target in self.action_targets(a)]
        distinct: dict[tuple, Action] = {}
        for a in mine:
            distinct.setdefault(self.outcome(a), a)
        choices = list(distinct.values())
        label = self.target_label(target)
        if len(choices) == 1:
            self.picked = ""
            self.play(choices[0])
            return
        if not choices:
            self.choice_box.children = ()
            self.message.value = f"{html.escape(label)}: nothing you can do there now"
            return
        if target.startswith(("card:", "tome:")) and self.picked != target:
            self.picked, self.picked_at = target, self.game.num_actions
            self.choice_box.children = ()
            self.refresh()
            self.message.value = (f"picked {html.escape(label)}: click one of the outlined squares (or the card "
                                  "again for the list)")
            return
        cancel = w.Button(description="never mind", icon="times", layout=w.Layout(width="auto"))
        cancel.on_click(lambda _: setattr(self.choice_box, "children", ()))
        buttons = []
        for a in choices:
            button = w.Button(description=self.action_text(a), layout=w.Layout(width="auto", height="auto"))
            button.on_click(lambda _, a=a: self.play(a))
            buttons.append(button)
        self.choice_box.children = (w.HTML(f"<b>{html.escape(label)}</b>:"), *buttons, cancel)
        self.message.value = ""

    def play(self, action: Action) -> None:
        self.picked = ""
        super().play(action)

    def load_example(self, name: str | None) -> None:
        super().load_example(name)
        made = self.examples.get(name) if name else None
        ex = EXAMPLE_TEXT.get(made) if made else None
        self.note = f"<b>Rule</b>: {html.escape(ex.rule)}<br>{html.escape(ex.text)}" if ex else ""
        self.refresh()

    def replace_game(self, game: Kragmortha, before: str = "Set-up") -> None:
        self.note = ""
        self.picked = ""
        super().replace_game(game, before)

    # ----- the picture and the words ----------------------------------------------------------------------
    def tips(self) -> dict[str, str]:
        """Per board part with actions: what clicking it does, in words."""
        found: dict[str, list[Action]] = {}
        for a in self.human_actions():
            for t in self.action_targets(a):
                found.setdefault(t, []).append(a)
        out = {}
        for t, acts in found.items():
            seen: dict[tuple, Action] = {}
            for a in acts:
                seen.setdefault(self.outcome(a), a)
            if len(seen) == 1:
                out[t] = self.action_text(next(iter(seen.values())))
            else:
                out[t] = f"{len(seen)} choices: " + "; ".join(self.action_text(a) for a in list(seen.values())[:4]) + \
                    ("; ..." if len(seen) > 4 else "")
        return out

    def board_svg(self) -> str:
        if not hasattr(self, "cards"):
            return ""
        return kb.draw(self.game, kb.View(self.viewer, self.me, self.current_pick(), self.tips(), quiz=self.quiz))

    def limit_terms(self, p: int) -> list[tuple[str, int]]:
        g = self.game
        seat = g.state.seats[p]
        terms = [("base hand limit", HAND)] + ([("Swift tome (迅捷)", 1)] if seat.swift else [])
        total = g.limit(p)
        if total != sum(v for _, v in terms):
            terms.append(("hand-limit penalty card: 2 at most", total - sum(v for _, v in terms)))
        return terms

    def render_state(self) -> str:
        if not hasattr(self, "cards"):
            return ""
        g = self.game
        s = g.state
        obs = g.observation(self.viewer)["state"]
        rows = []
        for q, seat in enumerate(s.seats):
            seen = obs["seats"][q]["hand"]
            hand = (", ".join(card_html(kb.card_name(g.movement[c]), g.movement[c].text, kb.card_name_zh(g.movement[c]),
                                        g.movement[c].text_zh) for c in sorted(seen))
                    if isinstance(seen, list) else hidden_html(seen)) or "&ndash;"
            tomes = ", ".join(card_html(g.tomes[t].name, g.tomes[t].text, g.tomes[t].name_zh, g.tomes[t].text_zh)
                              for t in seat.tomes + seat.used_tomes) or "&ndash;"
            pens = ", ".join(card_html(g.penalties[c].text, f"symbol: {g.penalties[c].symbol}", "",
                                       g.penalties[c].text_zh) for c in seat.penalties) or "&ndash;"
            where = g.board.label(seat.square) if seat.square >= 0 else "not placed"
            rows.append(f"<tr><td>player {q}{' ◀ to play' if q == s.current else ''}</td><td>{where}</td>"
                        f"<td class='tablerules-hand' data-seat='{q}'>{hand}</td><td>{tomes}</td><td>{pens} "
                        f"({len(seat.penalties)} of {MAX_PENALTIES})</td></tr>")
        table = ("<table class='tablerules-sheets'><tr><th>seat</th><th>goblin on</th><th>movement cards</th>"
                 "<th>magic tome cards</th><th>penalty cards (4 end the game)</th></tr>" + "".join(rows) + "</table>")
        me = self.me
        why = breakdown_html(f"player {me}'s hand limit", self.limit_terms(me), g.limit(me))
        decks = (f"<p>Decks: {len(s.move_deck)} movement cards left to draw, {len(s.move_discard)} played ones in "
                 f"the discard pile (shuffled back in when the deck runs out); {len(s.tome_deck)} magic tome cards "
                 "left (the game ends when the last one is drawn).</p>")
        odds = ""
        mine = s.seats[me]
        if mine.square >= 0 and not g.is_over():
            lines = [(f"player {me}'s goblin reaches the desk within {t} turn{'s' if t > 1 else ''}",
                      desk_chance(mine.square, list(mine.hand), t, g.params.players)) for t in (1, 2)]
            odds = odds_html(lines) + f"<p class='tablerules-model'><i>Exact only inside a {html.escape(DESK_MODEL)}." \
                "</i></p>"
        result = ""
        if g.is_over():
            r = g.result()
            names = ", ".join(f"player {p}" for p in r.winners)
            result = f"<p><b>Game over: {names} won ({html.escape(r.reason)})</b></p>"
        note = f"<div class='tablerules-example-note'>{self.note}</div>" if self.note else ""
        own = ", ".join(kb.card_name(g.movement[c]) for c in sorted(s.seats[me].hand)) or "none"
        self.cards.value = f"<p><b>Your hand</b> (player {me}): {html.escape(own)}</p>" if self.seat is not None else ""
        return note + table + "<div class='tablerules-why'>" + why + "</div>" + decks + odds + result
