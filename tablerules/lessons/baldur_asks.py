"""Baldur's Gate's asks (seed 002): cards drawn by heroes held, the function cards' levels, tax, protection
numbers and how many heroes a hand protects (注9's example), the hand limit, scores, the heroes needed to end,
the Persian wall's connected numbers ([黑10]'s example), Dracula's least life ([红4]'s example), the best bid,
and the next event's odds as the learner's seat knows the cards
(:func:`tablerules.baldur.analysis.event_odds`)."""

from __future__ import annotations

from fractions import Fraction

from ..baldur import actions as A
from ..baldur.analysis import event_odds
from ..baldur.cards import HERO_NAMES, JOKER_VALUE, LEVELS, card_label, is_hero, protections, rules, score, value
from ..baldur.game import Baldur
from ..baldur.rules.common import draw_count, tax_count
from ..core.words import counted
from .asks import Answer, ask, drill, percent, terms_lines
from .common_asks import learner_actions, register_play_kind
from .model import Kind

GAME = "baldursgate"
HAND_LIMIT = 13  # 所有玩家回合结束，玩家手牌上限不可超过13张
HEROES_TO_END = 10  # 一位玩家拥有10张英雄，则游戏当场结束

register_play_kind(GAME, {
    "Open": "开局: every player plays one hand card face down (no joker); the highest number, then suit, starts.",
    "Use": "主动使用: a function card is used by the hero of its kind (K: 8, 9, 10; Q: 6, 7; J: 4, 5; A: 2, 3); "
           "the hero is turned face down after acting.",
    "Recruit": "招募英雄: after the hero actions, the inn offers a random hero and every player bids 2 hand cards.",
    "EndTurn": "每位玩家可以做两件事情：先英雄行动、後招募英雄: recruiting is not a must; you may end the turn.",
    "Defend": "被动使用: the thief's 5s cancel a hero action's effect on you (5s of the action's level); it is no "
              "hero action.",
    "Reverse": "随时使用: an unused witch's 7s reverse a hero action of the same level, at any time.",
    "Protect": "注9: hand cards making the protection number by any arithmetic keep one hero alive.",
    "Join": "德古拉: rock fights Dracula, paper stays out, shown by everybody at once.",
})


def _seat(game: Baldur, player: int | None) -> int:
    return game.state.current if player is None else player


def heroes_words(n: int, rank: str = "") -> str:
    """"1 hero", "4 heroes", "2 thieves"."""
    noun = HERO_NAMES.get(rank, "hero")
    return counted(n, noun, {"hero": "heroes", "thief": "thieves"}.get(noun, ""))


def _heroes(game: Baldur, p: int) -> int:
    return len(game.state.seats[p].all_heroes())


@ask(GAME, Kind.NUMBER, "the cards a player draws at the start of their turn")
def turn_draw(game: Baldur, player: int) -> Answer:
    n = _heroes(game, player)
    return Answer(draw_count(n), (f"Player {player} holds {heroes_words(n)}.",
                                  "玩家持有的英雄数目，决定抽取手牌数量: 0 or more heroes draw 3 cards, 4 or more 4, "
                                  f"6 or more 5, 8 or more 6: so {draw_count(n)}."))


@ask(GAME, Kind.NUMBER, "the highest level of a function card the player can play now")
def best_level(game: Baldur, rank: int, player: int | None = None) -> Answer:
    p = _seat(game, player)
    uses = [a for a in learner_actions(game, p) if isinstance(a, A.Use) and a.rank == rank]
    if not uses:
        raise ValueError(f"player {p} cannot use a {rank} now")
    best = max(uses, key=lambda a: (a.level, -a.jokers))
    hand = ", ".join(card_label(c) for c in game.state.seats[p].hand)
    return Answer(best.level, ("功能牌: any 1 card is the basic level, 2 of one colour the advanced, 3 of one colour "
                               "the special (同色: black or red); a black-and-white joker stands in for a black card, "
                               "a coloured joker for a red one.",
                               f"Player {p}'s hand: {hand}. The best: "
                               f"{counted(best.level - best.jokers, f'{best.colour} {rank}')}"
                               + (f" and {counted(best.jokers, 'joker')}" if best.jokers else "")
                               + f", the {LEVELS[best.level - 1]} level ({best.level})."))


@ask(GAME, Kind.NUMBER, "the cards a basic 9 (tax the bank) brings the player")
def tax_cards(game: Baldur, player: int | None = None) -> Answer:
    p = _seat(game, player)
    taxes = [a for a in learner_actions(game, p) if isinstance(a, A.Use) and a.rank == 9 and a.level == 1]
    if not taxes:
        raise ValueError(f"player {p} cannot tax the bank now")
    trial = game.copy()
    before = len(trial.state.seats[p].hand) - 1  # the 9 is spent
    trial.apply(taxes[0])
    for _ in range(50):  # the draws, and nobody answering the tax (no defence, no reversal)
        if trial.is_chance():
            trial.roll()
            continue
        lets = [a for q in trial.to_act() for a in trial.legal_actions(q) if isinstance(a, A.Let)]
        if not lets:
            break
        trial.apply(lets[0])
    got = len(trial.state.seats[p].hand) - before
    n = _heroes(game, p)
    return Answer(got, (f"注6: a tax brings the actor's heroes + 2 cards, 5 at most: player {p} holds "
                        f"{heroes_words(n)}, so {n} + 2 = {n + 2}, capped at 5: {tax_count(n)}.",))


@ask(GAME, Kind.NUMBER, "the protection number of the event")
def protection_number(game: Baldur) -> Answer:
    s = game.state
    if not s.protect_number:
        raise ValueError("no protection event now")
    data = rules().events[_event_key(game)]
    return Answer(s.protect_number, (f"The event {card_label(s.event)} is {data['name']} ({data['name_zh']}): "
                                     f"every {HERO_NAMES[s.protect_rank]} must be protected with hand cards making "
                                     f"{s.protect_number} (保护数字为{s.protect_number}).",
                                     "注10: one set of cards per hero; a hero not protected dies."))


def _event_key(game: Baldur) -> str:
    from ..baldur.cards import event_key

    return event_key(game.state.event)


def _disjoint(hand: list[str], number: int, heroes: int) -> list[tuple[str, ...]]:
    """The most sets making ``number`` that the hand pays at once (up to ``heroes``), the smallest first."""
    best: list[tuple[str, ...]] = []

    def search(rest: list[str], chosen: list[tuple[str, ...]]) -> None:
        nonlocal best
        if len(chosen) > len(best):
            best = list(chosen)
        if len(chosen) == heroes:
            return
        for option in protections(rest, number):
            left = list(rest)
            for c in option:
                left.remove(c)
            search(left, [*chosen, option])
            if len(best) == heroes:
                return

    search(list(hand), [])
    return best


@ask(GAME, Kind.NUMBER, "the cards a bonus event (red 3, 5, 7 or 9) brings a player")
def bonus_cards(game: Baldur, player: int) -> Answer:
    s = game.state
    if not s.event:
        raise ValueError("no event now")
    data = rules().events[_event_key(game)]
    if data["kind"] != "bonus":
        raise ValueError(f"{data['name']} brings no cards by heroes")
    trial = game.copy()
    before = len(trial.state.seats[player].hand)
    while trial.is_chance() and any(t.what == "draw" and t.dst == player for t in trial.state.tasks):
        trial.roll()
    got = len(trial.state.seats[player].hand) - before
    held = sum(h[:-1] == data["hero"] for h in s.seats[player].all_heroes())
    return Answer(got, (f"The event {card_label(s.event)} is {data['name']} ({data['name_zh']}): every player draws "
                        f"one bank card per {HERO_NAMES[data['hero']]} held (可以从银行抽取等数量的手牌).",
                        f"Player {player} holds {heroes_words(held, data['hero'])}: {counted(got, 'card')}."))


@ask(GAME, Kind.NUMBER, "how many of their heroes a player's hand can protect in this event")
def heroes_protected(game: Baldur, player: int) -> Answer:
    s = game.state
    if not s.protect_number:
        raise ValueError("no protection event now")
    heroes = sum(h[:-1] == s.protect_rank for h in s.seats[player].all_heroes())
    sets = _disjoint(s.seats[player].hand, s.protect_number, heroes)
    made = "; ".join(" + ".join(card_label(c) for c in group) for group in sets) or "none"
    return Answer(len(sets), (f"注9: the protection number {s.protect_number} is made with hand cards by any "
                              "arithmetic, as many cards as you like (例如：保护数字为5，可以直接打出1张 [5]，"
                              "也可以利用 [2] + [3] = 5).",
                              f"注10: one set per hero. Player {player} has {heroes_words(heroes, s.protect_rank)}"
                              f" to protect; the hand makes {counted(len(sets), 'set')} at once: {made}."))


@ask(GAME, Kind.NUMBER, "how many hand cards a player must discard before the event")
def discard_before_event(game: Baldur, player: int) -> Answer:
    n = len(game.state.seats[player].hand)
    return Answer(max(0, n - HAND_LIMIT), (f"手牌上限不可超过13张: after every player's turn, before the event, each "
                                           f"player discards down to 13. Player {player} holds {n}: "
                                           f"{counted(max(0, n - HAND_LIMIT), 'card')} to discard.",))


@ask(GAME, Kind.NUMBER, "a player's score if the game ended now")
def score_now(game: Baldur, player: int) -> Answer:
    seat = game.state.seats[player]
    terms = [(f"{counted(len(seat.all_heroes()), 'hero')} x 8", 8 * len(seat.all_heroes()))]
    terms += [(card_label(c), score(c)) for c in seat.hand]
    total = sum(v for _, v in terms)
    return Answer(total, (*terms_lines(f"Player {player}'s score", terms, total),
                          "计分: a hand card scores its number, a hero 8, a joker -40."))


@ask(GAME, Kind.NUMBER, "how many more heroes a player needs to end the game")
def heroes_to_end(game: Baldur, player: int) -> Answer:
    n = _heroes(game, player)
    return Answer(HEROES_TO_END - n, (f"游戏结束: the game ends at once when a player holds 10 heroes (or the inn is "
                                      f"empty). Player {player} holds {n}: {HEROES_TO_END - n} more.",))


@ask(GAME, Kind.ODDS, "the chance the round's event is one of the named ones, as the learner's seat knows the cards")
def event_chance(game: Baldur, events: list[str], player: int) -> Answer:
    odds = event_odds(game, player)
    if not odds:
        raise ValueError("the event cannot be told from the cards now")
    names = rules().events
    p = sum((odds.get(k, Fraction(0)) for k in events), Fraction(0))
    parts = "; ".join(f"{k} ({names[k]['name']}): {percent(odds.get(k, Fraction(0)))}" for k in events)
    return Answer(p, ("随机事件是从银行中的第一张牌决定: the event is the bank card drawn after every turn of the "
                      "round.",
                      f"As player {player} knows the cards (its own hand and every card it has seen are not in the "
                      "bank), each card it has not seen is as likely to be the event.",
                      f"{parts}: {percent(p)} in all."))


@ask(GAME, Kind.NUMBER, "how many different single numbers the player may build on the Persian wall now")
def wall_singles(game: Baldur, player: int) -> Answer:
    s = game.state
    if s.stage != "wall":
        raise ValueError("no wall is being built")
    singles = sorted({a.numbers[0] for a in learner_actions(game, player)
                      if isinstance(a, A.Build) and len(a.numbers) == 1})
    groups = sorted({a.numbers for a in learner_actions(game, player)
                     if isinstance(a, A.Build) and len(a.numbers) == 2})
    last = " and ".join(map(str, s.wall_last)) or "nothing yet"
    return Answer(len(singles), ("[黑10]: the next play is a number connected to the last (相连: 跟 [3] 相连的数字为 "
                                 "[2]、[4]) or a group of 2 whose sum or difference is one (相关: 跟 [5] 有加减相关的"
                                 "牌组 [2] + [3] 或是 [9]–[4]).",
                                 f"The last play: {last}. Player {player} may play the single numbers "
                                 f"{', '.join(map(str, singles)) or 'none'}"
                                 + (f", and the groups {', '.join(f'{a} and {b}' for a, b in groups)}." if groups
                                    else ".")))


@ask(GAME, Kind.NUMBER, "the least life Dracula can have with this many fighters")
def dracula_least_life(game: Baldur, fighters: int, player: int) -> Answer:
    s = game.state
    unseen = [c for c in s.bank + s.bank_under if not is_hero(c)]
    unseen += [c for q, seat in enumerate(s.seats) if q != player for c in seat.hand]
    low = sorted(value(c) for c in unseen)[:fighters]
    total = 16 + sum(low)
    return Answer(total, (f"[红4] 德古拉: 16 plus one bank card per fighter (a joker counts {JOKER_VALUE}), kept "
                          "hidden: "
                          "若2位玩家参战，则血量为16 + [?] + [?].",
                          f"The lowest cards player {player} has not seen: {', '.join(map(str, low))}; so at least "
                          f"16 + {' + '.join(map(str, low))} = {total}."))


@ask(GAME, Kind.ACT, "bid the two hand cards of the highest total")
def best_bid(game: Baldur, player: int) -> Answer:
    bids = [a for a in learner_actions(game, player) if isinstance(a, A.Bid)]
    if not bids:
        raise ValueError(f"player {player} cannot bid now")
    def worth(kind: str) -> int:  # a bid names its cards by kind: "10 black", or a joker's code
        return JOKER_VALUE if kind in ("BJ", "RJ") else int(kind.split()[0])

    total = max(sum(map(worth, a.cards)) for a in bids)
    right = [a for a in bids if sum(map(worth, a.cards)) == total]
    return Answer(frozenset(right), ("招募英雄: every player bids 2 hand cards; the highest total recruits the hero, "
                                     "and every bid is spent (a tie bids again, three rounds at most).",
                                     f"Your two highest cards make {total} (a joker counts {JOKER_VALUE}, and scores "
                                     "-40 at the end)."))


# ----- practice ------------------------------------------------------------------------------------------------
def _acting(game: Baldur) -> dict | None:
    return {"player": game.state.current} if game.state.stage == "act" and not game.is_chance() else None


def _protecting(game: Baldur) -> dict | None:
    s = game.state
    return {"player": game.to_act()[0]} if s.stage == "protect" and s.protect_number and game.to_act() else None


def _odds_now(game: Baldur) -> dict | None:
    who = _acting(game)
    if who is None or not event_odds(game, who["player"]):
        return None
    return {"player": who["player"], "events": ["black 3", "black 5", "black 7", "black 9"]}


drill(GAME, "turn_draw", "How many cards does the player to act draw at the start of their next turn?", _acting)
drill(GAME, "score_now", "If the game ended now, what would the player to act score?", _acting)
drill(GAME, "heroes_protected", "How many of their heroes can the player to act protect with their hand?",
      _protecting)
drill(GAME, "event_chance", "What is the chance that this round's event is a protection event (black 3, 5, 7 "
      "or 9)?", _odds_now)
drill(GAME, "heroes_to_end", "How many more heroes must the player to act hold to end the game?", _acting)

