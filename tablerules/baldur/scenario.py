"""Setting up positions for tests, notebooks and teaching: move named cards to a seat, keeping all 108."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.errors import ScenarioError
from ..core.protocol import Chance
from .cards import HERO_RANKS, full_deck, is_hero
from .game import RULES, Baldur


def new_game(players: int = 4, seed: int = 0, rules: int = RULES, max_rounds: int = 0) -> Baldur:
    """A game played (first legal choices, seeded chance) up to the first player's hero actions (under
    the rules edition ``rules``, the current one unless asked; ``max_rounds``: the round-limit variant)."""
    game = Baldur({"players": players, "rules": rules, "max_rounds": max_rounds}, seed=seed)
    while game.state.stage != "act" or game.is_chance():
        if game.is_chance():
            game.roll()
        else:
            game.apply(game.legal_actions()[0])
    return game


def take(game: Baldur, card: str) -> None:
    """Take one copy of ``card`` from wherever it is (the bank and the inn first)."""
    s = game.state
    for pile in (s.bank, s.bank_under, s.inn, s.inn_under):
        if card in pile:
            pile.remove(card)
            return
    for seat in s.seats:
        for pile in (seat.hand, seat.heroes, seat.tired):
            if card in pile:
                pile.remove(card)
                return
    raise _refuse("card", f"no {card} is left outside the players' hands and heroes")


def set_hand(game: Baldur, player: int, cards: Iterable[str]) -> None:
    """Give ``player`` exactly these hand cards (the old hand goes back into the bank)."""
    s = game.state
    s.bank += s.seats[player].hand
    s.seats[player].hand = []
    cards = list(cards)
    for c in cards:
        take(game, c)
    s.seats[player].hand = sorted(cards)
    s.bank.sort()
    game.refresh()


def set_heroes(game: Baldur, player: int, heroes: Iterable[str], tired: Iterable[str] = ()) -> None:
    """Give ``player`` exactly these heroes, face up, and these exhausted (the old ones back to the inn)."""
    s = game.state
    seat = s.seats[player]
    s.inn += seat.heroes + seat.tired
    seat.heroes, seat.tired = [], []
    heroes, tired = list(heroes), list(tired)
    for c in heroes + tired:
        if not is_hero(c):
            raise _refuse(f"heroes[{player}]", f"{c} is not a hero card (A, J, Q or K)")
        take(game, c)
    seat.heroes, seat.tired = sorted(heroes), sorted(tired)
    s.inn.sort()
    game.refresh()


def stack_bank(game: Baldur, cards: Iterable[str]) -> None:
    """Make ``cards`` the next cards drawn from the bank, in order (all other cards go under them)."""
    s = game.state
    cards = list(cards)
    for c in cards:
        take(game, c)
    s.bank_under = cards + sorted(s.bank) + s.bank_under
    s.bank = []
    game.refresh()


def roll_all(game: Baldur) -> None:
    """Resolve every pending chance step (seeded)."""
    while game.is_chance():
        game.roll()


def deal(game: Baldur, *cards: str) -> None:
    """Resolve pending chance steps with the named outcomes, in order."""
    for c in cards:
        step = game.chance_step()
        assert step is not None, "no chance step pending"
        game.apply(Chance(step.event, c))


# ----- the turn, the round and the inn (each setter refuses what the rules cannot hold, naming the field) ----
def _refuse(field: str, reason: str) -> ScenarioError:
    return ScenarioError("baldur", field, reason)


def _between_actions(game: Baldur, field: str) -> None:
    s = game.state
    if s.stage != "act" or s.tasks or game.is_chance():
        raise _refuse(field, f"set it during a player's hero actions with nothing pending (the stage is "
                      f"{game.stage()})")


def set_turn(game: Baldur, current: int, first: int | None = None) -> None:
    """Make it ``current``'s hero actions (the turn's draw already made), with ``first`` the opening player
    whose turn starts each round (unchanged when not given)."""
    players = game.params.players
    for field, p in (("current", current), ("first", first)):
        if p is not None and not 0 <= p < players:
            raise _refuse(field, f"there is no player {p} ({players} players)")
    _between_actions(game, "current")
    s = game.state
    s.current = current
    if first is not None:
        s.first = first
    game.refresh()


def set_round(game: Baldur, round_: int) -> None:
    """Make this round ``round_`` (1 or more; no more than the variant's round limit, if any)."""
    limit = game.params.max_rounds
    if round_ < 1 or (limit and round_ > limit):
        raise _refuse("round", f"rounds are counted from 1{f' to the limit {limit}' if limit else ''}, "
                      f"not {round_}")
    game.state.round = round_
    game.refresh()


def set_inn(game: Baldur, heroes: Iterable[str], under: Sequence[str] = ()) -> None:
    """The inn holds exactly ``heroes`` (shuffled: drawn at random) and then ``under`` (heroes put under it,
    drawn in this order once the shuffled part is gone). Every hero not named must be with a player (set the
    players' heroes first with :func:`set_heroes`): that is how the inn gets smaller. It holds one hero at
    least (an empty inn ends the game)."""
    _between_actions(game, "inn")
    s = game.state
    heroes, under = list(heroes), list(under)
    named = heroes + under
    if not named:
        raise _refuse("inn", "an empty inn ends the game; name one hero at least")
    held = [c for seat in s.seats for c in seat.all_heroes()]
    free = s.inn + s.inn_under
    for c in set(named):
        if not is_hero(c):
            raise _refuse("inn", f"{c} is not a hero card (A, J, Q or K)")
        if named.count(c) > free.count(c):
            in_game = full_deck().count(c)
            raise _refuse("inn", f"{named.count(c)} x {c} asked; {in_game - held.count(c)} not with a player")
    rest = list(free)
    for c in named:
        rest.remove(c)
    if rest:
        raise _refuse("inn", f"{', '.join(sorted(rest))} would be nowhere: give them to players first")
    s.inn, s.inn_under = sorted(heroes), under
    game.refresh()


def opening(players: int = 4, seed: int = 0) -> Baldur:
    """A game dealt (6 hand cards and 2 heroes each, seeded draws) at the opening: every player is to play a
    card face down for the first turn (再来每位玩家打出1张手牌比大小)."""
    game = Baldur({"players": players}, seed=seed)
    while game.is_chance():
        game.roll()
    if game.state.stage != "opening":
        raise _refuse("stage", f"the deal did not end at the opening (the stage is {game.stage()})")
    return game


def play(game: Baldur, words: str) -> None:
    """A player does the legal action written ``words`` (its text, as the action lists show it), e.g.
    ``"player 0 recruits a hero from the inn"``; chance steps it opens are left pending (:func:`roll_all`,
    :func:`deal`)."""
    from ..core.scenario import play_words

    play_words(game, words, "baldur")


def to_event(game: Baldur, event: str) -> None:
    """The round played to its event: every player still to act this round ends the turn without hero actions
    or recruiting (their turn draws seeded), then ``event`` (a card in the bank's shuffled part) is drawn as
    the event and the game stops at the event's first draw or choice (the bank's top card decides the event:
    随机事件是从银行中的第一张牌决定)."""
    from . import actions as A
    from .state import EVENT

    _between_actions(game, "event")
    s = game.state
    if event not in s.bank:
        raise _refuse("event", f"{event} is not in the bank's shuffled part (a player holds every copy, or it "
                      "lies under the bank)")
    while True:
        if game.is_over():
            raise _refuse("event", f"the game ended before the event ({s.over})")
        if game.is_chance():
            task = s.tasks[0] if s.tasks else None
            if task is not None and task.what == "draw" and task.dst == EVENT:
                if event not in s.bank:
                    raise _refuse("event", f"{event} was drawn by a player before the event")
                game.apply(Chance(game.chance_step().event, event))
                return
            game.roll()
            continue
        p = s.current
        if s.stage != "act" or game.to_act() != (p,):
            raise _refuse("event", f"the round stops at {game.stage()} before the event: set the hands so "
                          "nobody holds more than 13 cards")
        game.apply(A.EndTurn(p))


# ----- bans, the bank, the round's end (issue 24: tests set no engine field) -----------------------------------
def set_bans(game: Baldur, bans: Iterable[tuple[int, str]]) -> None:
    """Hero actions banned for the rest of this round (a 2's ban): ``(player, hero rank)`` pairs, the rank one of
    A, J, Q, K (``[(1, "K")]``: player 1's kings may not act)."""
    players = game.params.players
    out = []
    for p, rank in bans:
        if not 0 <= p < players:
            raise _refuse("bans", f"there is no player {p} ({players} players)")
        if rank not in HERO_RANKS:
            raise _refuse("bans", f"{rank!r} is no hero rank (A, J, Q or K)")
        out.append(f"{p}:{rank}")
    game.state.bans = sorted(set(out))
    game.refresh()


def set_bank(game: Baldur, cards: Iterable[str], under: Sequence[str] = ()) -> None:
    """The bank's shuffled, unseen part holds exactly ``cards``, and ``under`` lies under it in this order (drawn
    once the unseen part is gone). Only the bank's own cards move: every card not named must be elsewhere (a
    hand, a hero). The lists are changed in place (a pending draw from the bank sees the new cards)."""
    s = game.state
    cards, under = list(cards), list(under)
    free = s.bank + s.bank_under
    named = cards + under
    for c in set(named):
        if named.count(c) > free.count(c):
            raise _refuse("bank", f"{named.count(c)} x {c} asked; the bank holds {free.count(c)}")
    rest = list(free)
    for c in named:
        rest.remove(c)
    if rest:
        raise _refuse("bank", f"{', '.join(sorted(rest))} would be nowhere: name every card of the bank")
    s.bank[:] = cards
    s.bank_under[:] = under
    game.refresh()


def end_round(game: Baldur) -> None:
    """Every player's turn of this round is over: the hand limit is checked, then the round's event is drawn
    from the bank (seed 002: "所有玩家回合均结束之後，随机事件发生之前，必须一起弃牌"); put the event on top
    with :func:`stack_bank` first."""
    _between_actions(game, "stage")
    s = game.state
    s.stage, s.program = "", ["hand limit", "event"]
    game.advance()
    game.refresh()
