"""The Baldur's Gate step-through panel: hands (other seats' as counts in seat view), heroes face up or
exhausted, each card's text on hover, the inn, the bank, the auction, the event of the round explained with
its exact odds (and why: how many bank cards bring it), a rule box per stage, the legal actions as buttons
(the generic :class:`~tablerules.widgets.StepThrough`), agents for the other seats, saves and a worked
example."""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction
from math import lcm

from ..baldur import scenario
from ..baldur.actions import EndTurn
from ..baldur.cards import HERO_NAMES, card_label, event_key, is_hero, is_joker, protection_solution, rank_of, rules
from ..baldur.game import Baldur
from ..baldur.state import EVENT
from ..core.agents import Agent
from ..core.words import counted
from ..explain import explain
from . import baldur_board
from .baldur_board import glyphs, signed_sum, sum_words
from .pieces import breakdown_html, card_html, hidden_html, odds_html
from .scenarios import baldur_spec
from .stepper import StepThrough

SEED = "seeds/002_fc686e29a8be8ead.txt (柏德之门)"
STAGE_RULES = {
    "first player: everybody plays a card face down": ("The highest card (number, then suit) plays first.",
                                                       "开局玩家"),
    "rock-paper-scissors for the first turn": ("Same number and suit: the tied players decide by "
                                               "rock-paper-scissors (猜拳).", "开局玩家"),
    "drawing": ("Cards are drawn from the bank: 2 each before the first turn, then at the start of each turn 3 "
                "with 0+ heroes, 4 with 4+, 5 with 6+, 6 with 8+.", "抽取手牌数量"),
    "hero actions": ("Each hero face up may use its function cards (K: 8-10, Q: 6-7, J: 4-5, A: 2-3) at the "
                     "basic, advanced or special level (1, 2 or 3 cards); then recruit.", "英雄行动 / 功能牌"),
    "choosing cards": ("Choose the cards the action asks for.", "英雄行动"),
    "answering a hero action (thief's *, witch's *)": ("A thief's 5s defend against a hero action (passive, not "
                                                       "a hero action); a witch not yet used may reverse it with "
                                                       "7s (at any time).", "注2 / 功能牌 5 and 7"),
    "looking at cards (6)": ("The 6: look at 6 cards (the bank's top 6, or a player's hand) and hand out or "
                             "take the cards the level says.", "功能牌 6"),
    "recruiting *: bidding round *": ("Bid hand cards for the hero in up to 3 rounds; the highest total "
                                      "recruits it; you may give up at any time.", "招募英雄 / 注7 / 注8"),
    "protecting heroes": ("Pay hand cards that make the event's protection number, or the heroes die.",
                          "随机事件 / 注9"),
    "full moon: silver bullets face down": ("Full moon (满月): three rounds of face-down cards against 50 + 4 "
                                            "hidden bank cards; fail and the lowest total loses 2 heroes, the "
                                            "others 1.", "随机事件 黑4 满月"),
    "Dracula: rock or paper": ("Dracula (德古拉): rock joins the fight, paper stays out.", "随机事件 红4 德古拉"),
    "fighting Dracula": ("Dracula's life is 16 + one hidden bank card per fighter: beat it and every fighter "
                         "wins 2 random heroes.", "随机事件 红4 德古拉"),
    "the gods of Northern Europe: match the colour": ("Seven rounds: match the colour of the bank card shown, "
                                                      "or sacrifice a hero for 3 open cards; survivors get 3 "
                                                      "cards and a random hero.", "随机事件 红10 北欧诸神"),
    "the Persian wall: build in turn": ("Seven rounds of linked or related numbers build the wall; success: a "
                                        "random hero each; failure: each loses a hero.", "随机事件 黑10 波斯王朝侵略"),
    "between steps": ("The engine moves on to the next step of the round.", "英雄行动 / 随机事件"),
    "over": ("The inn is empty or a player has 10 heroes: score 1 a hand card, 8 a hero, -40 a joker; the "
             "highest score wins.", "游戏结束 (计分)"),
    "game over": ("The inn is empty or a player has 10 heroes: score 1 a hand card, 8 a hero, -40 a joker; the "
                  "highest score wins.", "游戏结束 (计分)"),
}


def card_text(card: str) -> tuple[str, str, str, str]:
    """(name, text, name_zh, text_zh) of a poker card as this game reads it: a hero, a function card, a joker;
    the name as a player reads the card ("K♠", "10♥", "red joker"), never its code ("KS")."""
    if is_joker(card):
        e = rules().events["joker"]
        return card_label(card), f"Joker: as an event, {e['name']}: {e['text']}", "鬼牌", e["text_zh"]
    rank = rank_of(card)
    if is_hero(card):
        hero = next(h for h in rules().heroes if h["rank"] == rank)
        return card_label(card), f"Hero {hero['text']}", hero["name_zh"], hero["text_zh"]
    f = rules().functions[int(rank)]
    text = " / ".join(f"{lv['level']} ({counted(lv['cards'], 'card')}): {lv['text']}" for lv in f["levels"])
    zh = " / ".join(lv["text_zh"] for lv in f["levels"])
    return card_label(card), f"Function card {rank} ({f['use']}): {text}", "", zh


def chip(card: str) -> str:
    name, text, name_zh, text_zh = card_text(card)
    return card_html(name, text, name_zh, text_zh)


def seats_html(game: Baldur, seat: int | None) -> str:
    obs = game.observe(seat)
    rows = []
    for p, info in enumerate(obs["seats"]):
        hand = " ".join(chip(c) for c in info["hand"]) if isinstance(info["hand"], list) else hidden_html(info["hand"])
        up = " ".join(f"{chip(h)} ({HERO_NAMES[rank_of(h)]})" for h in info["heroes"]) or "-"
        down = " ".join(f"{chip(h)} ({HERO_NAMES[rank_of(h)]})" for h in info["exhausted"])
        mark = " ◀" if p == obs["current"] else ""
        rows.append(f"<tr><td>player {p}{mark}</td><td class='tablerules-hand' data-seat='{p}'>{hand}</td>"
                    f"<td>{up}</td><td>{down or '-'}</td></tr>")
    return ("<table class='tablerules-sheets'><tr><th>seat</th><th>hand</th><th>heroes face up</th>"
            "<th>exhausted (face down)</th></tr>" + "".join(rows) + "</table>")


def event_html(game: Baldur, viewer: int | None = None) -> str:
    """The event of the round (its text), or the next event's exact odds as ``viewer`` may know them
    (:func:`tablerules.explain.explain`) with their breakdown: each likely event's share of the equal chances,
    and the rest as "any other event", so the terms add up to the total."""
    s = game.state
    if s.event:
        data = rules().events[event_key(s.event)]
        head = (f"<p><b>Event {glyphs(s.event)}: {html.escape(data['name'])} {data['name_zh']}</b><br>"
                f"{html.escape(data['text'])}<br><i>{data['text_zh']}</i></p>")
        return head + protection_html(game, viewer)
    odds = explain(game, viewer).odds
    if not odds:
        return ""
    chances = lcm(*(p.denominator for _, p in odds))
    terms = [(what.removeprefix("the event is "), int(p * chances)) for what, p in odds]
    rest = chances - sum(n for _, n in terms)
    if rest:
        terms.append(("any other event", rest))
    why = breakdown_html(f"why: the next event's chances, out of {chances} equal chances", terms, chances)
    # the chances and the exact odds side by side: stacked, they made a long column of numbers below the board
    return "<div style='display:flex;gap:2em;flex-wrap:wrap;align-items:flex-start'><div class='tablerules-why'>" \
        + why + "</div>" + odds_html(
        [*((what.removeprefix("the event is "), p) for what, p in odds),
         *([("any other event", Fraction(rest, chances))] if rest else [])]) + "</div>"


def protection_html(game: Baldur, viewer: int | None) -> str:
    """At a protection event: for the seat shown, one way its hand makes the number (注9), as a sum."""
    s = game.state
    seat = 0 if viewer is None else viewer
    if s.stage != "protect" or not s.protect_number or seat >= len(s.need) or not s.need[seat]:
        return ""
    found = protection_solution(s.seats[seat].hand, s.protect_number)
    if not found:
        return f"<p>Player {seat}'s hand cannot make {s.protect_number}: the hero dies.</p>"
    values = [15 if is_joker(c) else int(rank_of(c)) for c in found]
    signed = signed_sum(values, s.protect_number)
    if signed is None:
        return (f"<p>Protection number {s.protect_number}: player {seat}'s hand makes it with "
                f"{' '.join(map(glyphs, found))} (multiplying or dividing).</p>")
    terms = sorted(((glyphs(c), v) for c, v in zip(found, signed, strict=True)), key=lambda t: -t[1])
    return breakdown_html(f"protection number {s.protect_number}: one way with player {seat}'s hand, "
                          f"{sum_words(signed)}", terms, s.protect_number)


def event_odds_example() -> Baldur:
    """随机事件 (the event of the round): player 0 plays first; after every turn the bank's top card names the
    event, so its exact odds come from the cards the bank may hold (the likeliest events, the rest summed)."""
    return scenario.new_game(players=3, seed=1)  # seed 1: player 0 plays first, nothing set by hand


def crusades_example() -> Baldur:
    """随机事件 黑3 十字军东征 / 注9 (the Crusades; protection numbers): every seat was dealt an assassin (A);
    everybody ends the turn without recruiting, and the event card turned up is the black 3 (the referee's
    pick of the bank's top card): each assassin must be protected with hand cards making 3 by any arithmetic.
    Player 0 holds no 3, but 7 - 4 = 3 and 9 - 6 = 3 do; a hero left unprotected dies."""
    game = scenario.new_game(players=3, seed=0)  # seed 0: player 0 was dealt the A of spades and the K of spades
    s = game.state
    while not game.is_over():
        if game.is_chance():
            if s.tasks and s.tasks[0].dst == EVENT:
                scenario.deal(game, "3S")
                break
            game.roll()
        else:
            ends = [a for a in game.legal_actions() if isinstance(a, EndTurn)]
            game.apply(ends[0] if ends else game.legal_actions()[0])
    return game


EXAMPLES = {"the next event's exact odds (随机事件)": event_odds_example,
            "the Crusades: protect your assassin with cards making 3 (随机事件 黑3, 注9)": crusades_example}


class BaldurPanel(StepThrough):
    """Step through Baldur's Gate: seat ``humans`` (default 0) with the board and the buttons, agents for the
    others. The board (:mod:`.baldur_board`) draws the table; clicking a hero, a card, the inn or a seat plays
    its action (several: offered as buttons)."""

    stage_rules = STAGE_RULES
    seed_ref = SEED

    def __init__(self, game: Baldur, agents: Agent | Sequence[Agent] | None = None,
                 humans: Sequence[int] | None = (0,), **kwargs) -> None:
        if agents is None:
            from ..baldur.agents import GreedyAgent

            agents = GreedyAgent()
        kwargs.setdefault("examples", EXAMPLES)
        kwargs.setdefault("scenario", baldur_spec())
        super().__init__(game, agents, title="Baldur's Gate 柏德之门", humans=humans, **kwargs)
        self.widget.add_class("tablerules-baldur")
        self.message.add_class("tablerules-message")

    # ----- the board ------------------------------------------------------------------------
    def me(self) -> int:
        if self.viewer is not None:
            return self.viewer
        return self.seat if self.seat is not None else self.game.state.current

    def board_svg(self) -> str:
        active = {t for a in self.human_actions() for t in self.action_targets(a)}
        return baldur_board.board(self.game, self.viewer, self.me(), self.humans or (), active, quiz=self.quiz)

    def action_targets(self, action) -> tuple[str, ...]:
        return baldur_board.targets_of(self.game, action)

    def target_label(self, target: str) -> str:
        return baldur_board.label_of(target)

    def action_tooltip(self, action) -> str:
        """What the action does, in words: a hero action with its function card's text, a bid with its total."""
        return baldur_board.action_words(self.game, action)

    def render_state(self) -> str:
        game = self.game
        s = game.state
        parts = [f"<p>Round {s.round}; player {s.first} plays first this round; the inn holds "
                 f"{len(s.inn) + len(s.inn_under)} heroes"
                 f"{', the next shown: ' + chip(s.revealed) if s.revealed else ''}; the bank holds "
                 f"{len(s.bank) + len(s.bank_under)} cards.</p>"]
        if s.auction:
            bidders = " and ".join(f"player {p}" for p in s.bidders) or "nobody"
            parts.append(f"<p><b>Auction</b> for {chip(s.auction)} ({HERO_NAMES[rank_of(s.auction)]}), "
                         f"round {s.auction_round} of 3; still bidding: {bidders}</p>")
        if s.bans:
            banned = "; ".join(f"player {b.split(':')[0]}'s {HERO_NAMES.get(b.split(':')[1], b.split(':')[1])}"
                               for b in s.bans)
            parts.append(f"<p>Hero actions banned this round: {html.escape(banned)}</p>")
        parts.append(seats_html(game, self.viewer))
        parts.append(event_html(game, self.viewer))
        return "".join(parts)
