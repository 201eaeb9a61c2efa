"""Kragmortha's asks (seed 004): the squares a movement card reaches, the desk, pushing, the dark lord,
teleport and penalty draws, the hand limit, the tomes and who wins the tie; and the chance to reach the desk
(:func:`tablerules.kragmortha.analysis.desk_chance`, exact inside :data:`DESK_MODEL`, which every answer
says)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from ..core.words import counted
from ..kragmortha.actions import Jump, Move, UseTome
from ..kragmortha.analysis import DESK_MODEL, desk_chance
from ..kragmortha.data import card_name
from ..kragmortha.game import Kragmortha
from ..kragmortha.rules.cards import HAND, MAX_PENALTIES, magic, ranking_key, symbols_of, winners
from ..kragmortha.rules.movement import walk_played
from .asks import Answer, ask, drill, percent, terms_lines
from .common_asks import learner_actions, register_play_kind
from .model import Kind

GAME = "kragmortha"

register_play_kind(GAME, {
    "Move": "遊戲玩法: each turn you play one movement card (出一張移動卡) and then draw one (抽一張移動卡).",
    "UseTome": "魔法寶典卡: a tome card is used in your own turn (只能在自己回合使用), then turned face down.",
    "Fly": "傳送 / 黑暗領主: a goblin sent flying goes to any empty teleport square.",
    "Discard": "手牌上限: over your hand limit, you discard down to it.",
    "Jump": "傳送: the dark lord on a teleport square may jump to any empty square not next to a goblin.",
})

YES, NO = "yes", "no"


def _mover(game: Kragmortha, player: int | None) -> int:
    if game.is_over():
        raise ValueError("the game is over")
    return game.state.current if player is None else player


def _moves(game: Kragmortha, player: int | None = None, card: str | None = None) -> list[Move]:
    p = _mover(game, player)
    return [a for a in learner_actions(game, p) if isinstance(a, Move) and a.path
            and (card is None or a.card == card)]


def _steps(game: Kragmortha, a: Move):
    s = game.state
    return walk_played(game.board, tuple(x.square for x in s.seats), s.lord, a.player,
                       game.movement[a.card].piece == "goblin", a.path)


def _card_words(game: Kragmortha, card: str) -> str:
    c = game.movement[card]
    piece = "your goblin" if c.piece == "goblin" else "the dark lord"
    symbols = " and ".join("a crystal ball (any symbol)" if s == "crystal" else f"a {s}" for s in c.symbols)
    return f"the {card_name(card)} moves {piece}: {symbols}, one step each, in either order, each at most once"


def _end_square(game: Kragmortha, a: Move) -> str:
    steps = _steps(game, a)
    last = steps[-1]
    if last.end == "desk":
        return "the desk"
    sq = last.goblins[a.player] if game.movement[a.card].piece == "goblin" else last.lord
    return game.board.label(sq)


@ask(GAME, Kind.NUMBER, "how many squares a movement card in hand can take its piece to")
def squares_reached(game: Kragmortha, card: str = "", player: int | None = None) -> Answer:
    """``card`` "": every goblin card in hand."""
    moves = [a for a in _moves(game, player, card or None)
             if card or game.movement[a.card].piece == "goblin"]
    if not moves:
        raise ValueError(f"no legal step with the {card_name(card) if card else 'goblin cards'} here")
    p = _mover(game, player)
    here = game.board.label(game.state.seats[p].square if not card or game.movement[card].piece == "goblin"
                            else game.state.lord)
    ends: dict[str, set[str]] = {}
    for a in moves:
        end = _end_square(game, a)
        if end != here:  # a step there and back ends where it started: no new square
            ends.setdefault(end, set()).add(", ".join(a.path))
    where = "; ".join(f"{sq} ({' or '.join(sorted(paths))})" for sq, paths in sorted(ends.items()))
    rule = _card_words(game, card) if card else "each goblin card in hand moves your goblin by its symbols"
    return Answer(len(ends), (f"移動: {rule}.",
                              "A step goes to the next square north, south, east or west showing the symbol used "
                              "(卡片上面角落的圖案代表可以移動到的圖案格); the desk and teleport squares take any "
                              "symbol; nobody enters a bookcase; a teleport square ends the move.",
                              f"It reaches {counted(len(ends), 'square')} besides {here}: {where}."))


@ask(GAME, Kind.CHOICE, "can the goblin reach the desk this turn")
def reaches_desk(game: Kragmortha, player: int | None = None) -> Answer:
    p = _mover(game, player)
    moves = _moves(game, p)
    onto = [a for a in moves if _steps(game, a)[-1].end == "desk"]
    where = game.board.label(game.state.seats[p].square)
    if onto:
        a = onto[0]
        why = f"Yes: the {card_name(a.card)} goes {', '.join(a.path)} from {where} onto the desk."
    else:
        cards = ", ".join(sorted({card_name(c) for c in game.state.seats[p].hand}))
        why = f"No: from {where}, none of the cards in hand ({cards}) has steps that end on the desk."
    return Answer(YES if onto else NO, ("書桌可以用任何圖案移動到上面: any symbol steps onto the desk (d1 or e1), "
                                          "once the goblin stands next to it.", why), (YES, NO))


@ask(GAME, Kind.ODDS, "the chance to reach the desk within some turns (exact inside the analysis model)")
def desk_odds(game: Kragmortha, turns: int, player: int | None = None) -> Answer:
    p = _mover(game, player)
    seat = game.state.seats[p]
    p_desk = desk_chance(seat.square, list(seat.hand), turns, game.params.players)
    return Answer(p_desk, (f"From {game.board.label(seat.square)} with "
                           f"{', '.join(sorted(card_name(c) for c in seat.hand))}: {percent(p_desk)} within "
                           f"{counted(turns, 'turn')}.",
                           f"Exact only inside a {DESK_MODEL}."))


def _acts(game: Kragmortha, keep, words: str, refuse: str) -> Answer:
    right = [a for a in _moves(game) if keep(a)]
    if not right:
        raise ValueError(refuse)
    return Answer(frozenset(right), (words,))


@ask(GAME, Kind.ACT, "play a movement card that takes your goblin onto the desk")
def move_onto_desk(game: Kragmortha) -> Answer:
    return _acts(game, lambda a: _steps(game, a)[-1].end == "desk",
                 "若移動到書桌，則可以抽一張魔法寶典卡，然後回到起始位置: on the desk the goblin draws a magic tome "
                 "card and goes back to its start square.", "no card reaches the desk here")


@ask(GAME, Kind.ACT, "play a movement card that pushes another goblin")
def push_goblin(game: Kragmortha) -> Answer:
    s = game.state

    def pushes(a: Move) -> bool:
        if game.movement[a.card].piece != "goblin":
            return False
        end = _steps(game, a)[-1].goblins
        return any(end[q] != s.seats[q].square for q in range(len(s.seats)) if q != a.player)

    return _acts(game, pushes, "推人: stepping onto another goblin's square pushes it one square on in the same "
                               "direction (依照方向可以將他推到下一格); a goblin pushed onto another pushes that one "
                               "too.", "no card pushes a goblin here")


@ask(GAME, Kind.ACT, "play a dark lord card that catches a goblin")
def lord_catches(game: Kragmortha) -> Answer:
    return _acts(game, lambda a: game.movement[a.card].piece != "goblin"
                 and any(st.end == "lord-meet" for st in _steps(game, a)),
                 "若任一哥布林與黑暗領主在同一格時: the goblin the dark lord reaches draws a penalty card, then flies "
                 "to an empty teleport square; the move ends there.", "no dark lord card reaches a goblin here")


@ask(GAME, Kind.ACT, "use the named magic tome card")
def use_tome(game: Kragmortha, tome: str) -> Answer:
    p = game.state.current
    right = [a for a in learner_actions(game, p) if isinstance(a, UseTome) and a.tome == tome]
    if not right:
        raise ValueError(f"the tome {tome} cannot be used here")
    t = game.tomes[tome]
    return Answer(frozenset(right), (f"{t.name} ({t.name_zh}): {t.text}",
                                     "魔法寶典卡只能在自己回合使用: in your own turn; used, it is turned face down "
                                     "(使用過的魔法寶典卡將其翻面蓋著) and still counts in a tie."))


@ask(GAME, Kind.CHOICE, "which of the named squares the dark lord on a teleport square may jump to")
def lord_jump(game: Kragmortha, squares: list[str]) -> Answer:
    jumps = {a.label for a in learner_actions(game) if isinstance(a, Jump) and a.square >= 0}
    if not jumps:
        raise ValueError("the dark lord is not to jump now")
    allowed = [sq for sq in squares if sq in jumps]
    if len(allowed) != 1:
        raise ValueError(f"{len(allowed)} of {', '.join(squares)} are allowed; a question needs exactly one")
    b = game.board
    goblins = {b.label(x.square) for x in game.state.seats if x.square >= 0}

    def why_not(label: str) -> str:
        sq = next(i for i in range(len(b.kinds)) if b.label(i) == label)
        if b.kinds[sq] in ("bookcase", "desk"):
            return f"{label} is the {b.kinds[sq]}"
        if label in goblins or sq == game.state.lord:
            return f"{label} is taken"
        near = sorted(b.label(n) for n in b.neighbours(sq) if b.label(n) in goblins)
        return f"{label} is next to the goblin on {', '.join(near)}" if near else f"{label} may not be jumped to"

    return Answer(allowed[0], ("傳送: 若黑暗領主走到傳送格則可以移動到任一空格，但不可以與哥布林相鄰: any empty square "
                               "(no bookcase, not the desk) that no goblin stands next to; he may also stay.",
                               *(why_not(sq) + "." for sq in squares if sq != allowed[0]),
                               f"{allowed[0]} is empty and no goblin stands next to it."), tuple(squares))


def limit_terms(game: Kragmortha, p: int) -> tuple[list[tuple[str, int]], int]:
    """The hand limit term by term (as the panel shows it)."""
    seat = game.state.seats[p]
    terms = [("base hand limit", HAND)] + ([("Swift tome (迅捷)", 1)] if seat.swift else [])
    total = game.limit(p)
    if total != sum(v for _, v in terms):
        terms.append(("hand-limit penalty card: 2 at most", total - sum(v for _, v in terms)))
    return terms, total


@ask(GAME, Kind.NUMBER, "a player's hand limit")
def hand_limit(game: Kragmortha, player: int) -> Answer:
    terms, total = limit_terms(game, player)
    return Answer(total, (*terms_lines(f"Player {player}'s hand limit", terms, total),
                          "起始設定: each player is dealt 3 movement cards (每位玩家發三張) and draws back up to the "
                          "limit after each card played; 迅捷 makes it 4, the hand-limit penalty card 2."))


@ask(GAME, Kind.NUMBER, "how many movement cards the player draws after the card played")
def cards_drawn(game: Kragmortha) -> Answer:
    p = game.state.current
    plain = [a for a in learner_actions(game, p) if isinstance(a, Move) and (not a.path or not _steps(game, a)[-1].end)]
    if not plain:
        raise ValueError("no movement card can be played here without a teleport, the desk or the dark lord")
    trial = game.copy()
    trial.apply(plain[0])
    before = len(trial.state.seats[p].hand)
    turns = trial.state.turns
    while not trial.is_over() and trial.state.turns == turns:
        if not trial.is_chance():
            raise ValueError("the turn does not end by itself after the card played")
        trial.roll()
    drawn = len(trial.state.seats[p].hand) - before
    _terms, limit = limit_terms(game, p)
    return Answer(drawn, ("遊戲玩法: 分別出一張移動卡與抽一張移動卡: play a movement card, then draw back up to "
                          "the hand limit.",
                          f"Player {p} holds {len(game.state.seats[p].hand)}, plays 1 and keeps {before}; the hand "
                          f"limit is {limit}, so {counted(drawn, 'card')} drawn."))


@ask(GAME, Kind.NUMBER, "how many more penalty cards end the game for a player")
def penalties_to_end(game: Kragmortha, player: int) -> Answer:
    held = len(game.state.seats[player].penalties)
    return Answer(MAX_PENALTIES - held, (f"如果得到四張懲罰卡的人最輸，而且遊戲就結束了: the 4th penalty card ends the "
                                         f"game and its holder loses. Player {player} holds {held}, so "
                                         f"{MAX_PENALTIES - held} more end it.",))


@ask(GAME, Kind.ODDS, "the chance that the next penalty card drawn is kept at the first draw")
def penalty_kept_chance(game: Kragmortha, player: int) -> Answer:
    s, pen = game.state, game.penalties
    deck = s.penalty_deck
    if not deck:
        raise ValueError("the penalty deck is empty")
    have = symbols_of(s.seats[player], pen)
    fresh = sum(1 for c in deck if pen[c].symbol not in have)
    p = Fraction(fresh, len(deck))
    mine = ", ".join(sorted(have)) or "none"
    return Answer(p, ("每種符號的懲罰卡只能擁有一張，若抽到同樣則放回底下重抽: a card of a symbol you hold goes "
                      "under the deck and you draw again.",
                      f"Player {player} holds the symbols: {mine}. Of the {len(deck)} penalty cards in the deck, "
                      f"{fresh} have another symbol: {percent(p)}."))


@ask(GAME, Kind.ODDS, "the chance that the teleport card drawn is of a kind")
def teleport_chance(game: Kragmortha, kind: str) -> Answer:
    s = game.state
    if s.teleport_top:
        raise ValueError("a teleport card lies seen on top")
    deck = Counter(game.teleports[c].kind for c in s.teleport_deck)
    if not deck:
        raise ValueError("the teleport deck is empty")
    total = sum(deck.values())
    p = Fraction(deck[kind], total)
    makeup = ", ".join(f"{n} {k}" for k, n in sorted(deck.items()))
    words = {"teleport": "fly to an empty teleport square", "tome": "fly, then draw a magic tome card",
             "trap": "draw a penalty card"}
    return Answer(p, ("若任一哥布林走到傳送格，必須結束動作，然後抽一張傳送卡執行; 傳送卡抽完才重洗: the played "
                      "teleport cards stay out until the deck runs out.",
                      f"Left in the deck: {makeup} ({total} cards); a {kind} card ({words[kind]}) is "
                      f"{deck[kind]} of them: {percent(p)}."))


def _standing(game: Kragmortha) -> list[str]:
    s = game.state
    out = []
    for p, seat in enumerate(s.seats):
        pens, tomes = len(seat.penalties), len(seat.tomes) + len(seat.used_tomes)
        out.append(f"player {p}: {counted(pens, 'penalty card')}, {counted(tomes, 'tome')}, "
                   f"{counted(magic(seat, game.tomes), 'magic symbol')}")
    return out


@ask(GAME, Kind.CHOICE, "who wins if the game ended now")
def winner_now(game: Kragmortha) -> Answer:
    s = game.state
    who = winners(s, game.tomes)
    options = tuple(f"player {p}" for p in range(len(s.seats)))
    value = options[who[0]] if len(who) == 1 else "a shared win"
    if len(who) > 1:
        options = (*options, "a shared win")
    best = min(ranking_key(x, game.tomes) for x in s.seats)
    treasure = [f"Player {p} holds the Lost Treasure (失落的寶藏): 如果和領先者平手，你獲得遊戲勝利; "
                f"it ties the leader on penalty cards ({len(x.penalties)})"
                + (", so it wins." if p in who else ", but another rule decides.")
                for p, x in enumerate(s.seats) if "lost-treasure" in x.tomes + x.used_tomes
                and len(x.penalties) == best[0]]
    return Answer(value, ("遊戲結束: fewest penalty cards wins; a tie goes to the most tome cards, then to the most "
                          "magic symbols (每張魔法寶典卡上面有1到3個魔法記號，在平手時才會用到).",
                          *_standing(game), f"The best standing: {counted(best[0], 'penalty card')}, "
                          f"{counted(-best[1], 'tome')}, {counted(-best[2], 'magic symbol')}.", *treasure), options)


@ask(GAME, Kind.NUMBER, "a player's magic symbols (they break a tie)")
def magic_symbols(game: Kragmortha, player: int) -> Answer:
    seat = game.state.seats[player]
    terms = [(game.tomes[t].name, game.tomes[t].magic) for t in seat.tomes + seat.used_tomes]
    total = magic(seat, game.tomes)
    return Answer(total, (*terms_lines(f"Player {player}'s magic symbols", terms, total),
                          "每張魔法寶典卡上面有1到3個魔法記號: used tomes (face down) count too."))


# ----- practice ------------------------------------------------------------------------------------------------
def _playing(game: Kragmortha) -> dict | None:
    return {} if game.stage() == "play" and not game.is_over() else None


def _goblin_card(game: Kragmortha) -> dict | None:
    if _playing(game) is None:
        return None
    return {} if any(game.movement[a.card].piece == "goblin" for a in _moves(game)) else None


def _seat_to_play(game: Kragmortha) -> dict | None:
    return {"player": game.state.current} if _playing(game) is not None else None


drill(GAME, "squares_reached", "How many different squares (besides its own) can the player to play move their "
      "goblin to with the goblin cards in hand?", _goblin_card)
drill(GAME, "reaches_desk", "Can the player to play reach the desk this turn?", _playing)
drill(GAME, "desk_odds", "What is the chance that the player to play reaches the desk within 1 turn?",
      lambda g: {"turns": 1} if _playing(g) is not None else None)
drill(GAME, "hand_limit", "What is the hand limit of the player to play?", _seat_to_play)
drill(GAME, "winner_now", "If the game ended now, who would win?", _playing)
drill(GAME, "magic_symbols", "How many magic symbols does the player to play have?", _seat_to_play)
