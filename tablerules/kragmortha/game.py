"""Kragmortha (搗蛋大法師, seed 004) on the game protocol: the class wires the state, the actions and the rules.

The turn flow is a queue of tasks in the state (``state.tasks``: deal, place, penalty, flee, teleport,
fly, tome, jump, draw, refill, friend, end): chance tasks are chance steps with exact fractions, choice
tasks are a seat's legal actions; a seat over its hand limit discards before the turn ends.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..core.cards import distinct
from ..core.protocol import Action, Chance, ChanceStep, Game, GameInfo, Information, Result
from ..core.registry import register
from ..core.words import counted
from . import actions as A
from .data import (
    CRYSTAL,
    TELEPORT_NAMES,
    card_name,
    load_board,
    load_movement,
    load_penalties,
    load_teleports,
    load_tomes,
)
from .rules import cards as C
from .rules import decks as D
from .rules import penalties as P
from .rules.movement import (
    FAKE_WIZARD,
    GOBLIN_RUN,
    allowed_keys,
    alone,
    alone_cache,
    card_tome,
    entries,
    legal_paths,
    walk_played,
)
from .rules.tomes import empty_squares, out_of_turn, tome_actions, use_tome
from .rules.turns import settle
from .state import NOWHERE, KragState, Seat

CHANCE_TASKS = {"deal": "movement draw", "draw": "movement draw", "refill": "movement draw",
                "penalty": "penalty draw", "teleport": "teleport draw", "peek": "teleport peek",
                "tome": "tome draw"}


@dataclass(frozen=True)
class KragmorthaParams:
    players: int = 4

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 8:
            raise ValueError("Kragmortha is for 2 to 8 players")


@register
class Kragmortha(Game):
    name = "kragmortha"
    title = "Kragmortha (搗蛋大法師)"
    action_types = A.ACTION_TYPES
    Params = KragmorthaParams
    max_length = 30_000
    #: movement cards in hand are hidden (the penalty and tome cards lie face up: 得到時需放在桌上讓大家可以檢視);
    #: every opponent may grab the card discarded for the hand-limit penalty at once (a response window)
    info = GameInfo(min_players=2, max_players=8, max_length=30_000, information=Information.IMPERFECT,
                    simultaneous=True)
    shared_attributes = ("board", "movement", "penalties", "teleports", "tomes", "card_info", "limit2")

    state: KragState

    def setup(self) -> None:
        n = self.params.players
        self.board = load_board(n)
        self.movement = load_movement()
        self.penalties = load_penalties()
        self.teleports = load_teleports()
        self.tomes = load_tomes()
        #: per movement card: moves a goblin, the keys of rules.movement.allowed_keys, the tome giving it a
        #: third step ("" when the card shows no crystal ball)
        self.card_info = {c.id: (c.piece == "goblin", allowed_keys(c.symbols),
                                 card_tome(c) if CRYSTAL in c.symbols else "") for c in self.movement.values()}
        #: the penalty cards setting the hand limit to 2
        self.limit2 = frozenset(c for c, card in self.penalties.items() if card.rule == "hand-limit-2")
        self.state = KragState(
            seats=[Seat() for _ in range(n)], lord=self.board.dark_lord,
            move_deck=[c.id for c in self.movement.values() for _ in range(c.copies)],
            penalty_deck=sorted(self.penalties), tome_deck=sorted(self.tomes),
            teleport_deck=[c.id for c in self.teleports.values() for _ in range(c.copies)])

    # ----- the flow -----------------------------------------------------------------------------
    def limit(self, p: int) -> int:
        """:func:`rules.cards.hand_limit` of seat ``p`` (with the hand-limit cards looked up once)."""
        seat = self.state.seats[p]
        if seat.penalties and self.limited(seat):
            return 2
        return 4 if seat.swift else C.HAND

    def overfull(self) -> int:
        """The first seat over its hand limit (:func:`rules.cards.hand_limit`: 3, 4 after 迅捷, 2 with the
        hand-limit penalty in effect), or NOWHERE; read off the hand size first, as most hands hold 3."""
        limit2 = self.limit2
        for p, seat in enumerate(self.state.seats):
            n = len(seat.hand)
            if n > 2 and (n > 4 or (n == 4 and not seat.swift)
                          or (seat.penalties and not limit2.isdisjoint(seat.penalties) and self.limited(seat))):
                return p
        return NOWHERE

    def limited(self, seat: Seat) -> bool:
        """The hand-limit penalty card is in effect for ``seat`` (not immune to it, not dormant)."""
        limit2 = self.limit2
        if limit2.isdisjoint(seat.penalties):
            return False
        return any(c in limit2 and c not in seat.immune and c not in seat.dormant and c not in seat.outranked
                   for c in seat.penalties)

    def settle(self) -> None:
        """Carry out the tasks that need nobody's choice and no draw (:func:`.rules.turns.settle`)."""
        settle(self)

    def return_home(self, p: int) -> None:
        s = self.state
        seat = s.seats[p]
        taken = {x.square for i, x in enumerate(s.seats) if i != p} | {s.lord}
        home = seat.start
        if home in taken:  # the start square is taken: the nearest empty square of the start edge
            edge = [sq for sq in self.board.start_edge if sq not in taken]
            free = edge or [sq for sq in empty_squares(self, ("grimoire", "parchment", "potion", "gems"))]
            home = min(free, key=lambda sq: (abs(sq - seat.start), sq))
        seat.square = home
        self.event(f"player {p}'s goblin goes back to {self.board.label(home)}")

    # ----- who acts ---------------------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        s = self.state
        if s.stage in ("over", "first player"):
            return ()
        if s.tasks:
            kind, p, _ = s.tasks[0]
            if kind in CHANCE_TASKS:
                return ()
            if kind == "end":
                return (self.overfull(),)
            if kind == "grab":
                return P.grabbers(self)
            return (p,)
        over = self.overfull()
        return (over,) if over != NOWHERE else (s.current,)

    def pending_chance(self) -> ChanceStep | None:
        s = self.state
        if s.stage == "first player":
            return ChanceStep.uniform("first player", "who looks most like a goblin starts",
                                      list(range(len(s.seats))))
        if s.stage == "over" or not s.tasks:
            return None
        kind, p, _ = s.tasks[0]
        if kind not in CHANCE_TASKS:
            return None
        if kind == "penalty":  # a duplicate symbol goes back under the deck and is drawn again
            deck = s.penalty_deck
        elif kind in ("teleport", "peek"):
            deck = s.teleport_deck
        else:
            deck = s.tome_deck if kind == "tome" else s.move_deck
        return D.draw_step(CHANCE_TASKS[kind], deck, p)

    def player_actions(self) -> list[Action]:
        s = self.state
        who = self.to_act()
        if not who:
            return []
        p = who[0]
        seat = s.seats[p]
        b = self.board
        if s.tasks and s.tasks[0][0] != "end":
            kind = s.tasks[0][0]
            if kind == "place":
                return [A.square_action(A.Place, p, sq, b.label(sq)) for sq in self.place_squares()]
            if kind in ("flee", "fly"):
                return [A.square_action(A.Fly, p, sq, b.label(sq)) for sq in empty_squares(self, ("teleport",))]
            if kind == "jump":
                return [A.square_action(A.Jump, p, -1, ""),
                        *[A.square_action(A.Jump, p, sq, b.label(sq)) for sq in self.jump_squares()]]
            if kind == "limit":
                return P.limit_actions(self, p)
            if kind == "grab":
                return P.grab_actions(self)
            if kind == "effect":
                return P.effect_actions(self)
            if kind == "spare":
                return [*(A.UseTome(p, t) for t in C.sparing_tomes(s, p)), A.TakePenalty(p)]
            if kind == "discard":
                return [A.Discard(p, c) for c in distinct(seat.hand)]
            if kind == "after":
                return [*tome_actions(self, p, after_move=True), A.Done(p)]
            if kind == "friend":
                out: list[Action] = [A.Swap(p)]
                for q, other in enumerate(s.seats):
                    if q != p:
                        out += [A.Swap(p, g, q, t) for g in distinct(seat.hand) for t in distinct(other.hand)]
                return out
        if len(seat.hand) > self.limit(p):
            return [A.Discard(p, c) for c in distinct(seat.hand)]
        return [*self.moves(p), *tome_actions(self, p)]

    def anytime_actions(self, player: int) -> list[Action]:
        """錯誤現象 on an opponent's turn (可在對手回合裡使用)."""
        return list(out_of_turn(self, player))

    def place_squares(self) -> list[int]:
        s = self.state
        taken = {x.square for x in s.seats}
        edge = [sq for sq in self.board.start_edge if sq not in taken]
        if edge:
            return edge
        # 8人遊戲時，第8位玩家可以放在任一哥布林的旁邊空格: any empty square a piece may stand on (a teleport
        # square too: placing is no 走到, so it draws no teleport card)
        near = {n for x in s.seats if x.square >= 0 for n in self.board.neighbours(x.square)}
        return sorted(sq for sq in near if sq not in taken and sq != s.lord
                      and self.board.kinds[sq] in ("grimoire", "parchment", "potion", "gems", "teleport"))

    def jump_squares(self) -> list[int]:
        """若黑暗領主走到傳送格則可以移動到任一空格，但不可以與哥布林相鄰."""
        s = self.state
        goblins = {x.square for x in s.seats}
        near = {n for g in goblins if g >= 0 for n in self.board.neighbours(g)}
        return [sq for sq in empty_squares(self, ("grimoire", "parchment", "potion", "gems", "teleport"))
                if sq not in near]

    def moves(self, p: int) -> list[A.Move]:
        """Each card in hand (one per card id; ids never hold ``#``, so this is :func:`distinct`) with its
        legal paths, or without a path when it has none. The paths of two-symbol cards are read off the
        piece's :func:`~rules.movement.entries`, found once for all of them; with no other piece in reach
        (:func:`~rules.movement.alone`) a card's moves depend only on the square and are remembered."""
        s = self.state
        seat = s.seats[p]
        goblins = tuple([x.square for x in s.seats])
        info = self.card_info
        board = self.board
        cache = alone_cache(board)
        out: list[A.Move] = []
        found: list = [None, None]
        for card_id in sorted(set(seat.hand)):
            goblin, ok, tome = info[card_id]
            if tome and tome in seat.tomes:  # 哥布林快跑 / 冒牌法師: a third step
                paths = legal_paths(board, goblins, s.lord, p, self.movement[card_id], seat.tomes)
                out += [A.move(p, card_id, path) for path in paths] or [A.move(p, card_id, ())]
                continue
            known = found[goblin]
            if known is None:
                ent = alone(board, goblins, s.lord, p, goblin)
                known = found[goblin] = (True, ent) if ent is not None else \
                    (False, entries(board, goblins, s.lord, p, goblin))
            by_square, ent = known
            if by_square:
                key = (p, card_id, goblins[p] if goblin else s.lord)
                moves = cache.get(key)
                if moves is None:
                    table = A.move_table(p, card_id)
                    moves = cache[key] = tuple([table[i] for i, k in ent if k in ok] or [table[-1]])
                out += moves
            else:  # another piece in reach
                table = A.move_table(p, card_id)
                out += [table[i] for i, key in ent if key in ok] or [table[-1]]
        return out

    def illegal_reason(self, action: Action) -> tuple[str, str]:
        s = self.state
        if isinstance(action, Chance):
            if self.pending_chance() is None:
                return "chance", "no draw is pending"
            return "chance", f"{action.outcome} cannot be drawn"
        if s.stage == "over":
            return "game end", "the game is over"
        who = self.current_players()
        if action.actor not in who:
            return "turn order", f"player {who[0] if who else '-'} is to act" if who else "a card must be drawn first"
        if s.tasks and s.tasks[0][0] not in ("end",):
            return s.tasks[0][0], f"player {action.actor} must {s.tasks[0][0]} now"
        if len(s.seats[action.actor].hand) > self.limit(action.actor) and not isinstance(action, A.Discard):
            return "hand limit", "discard down to your hand limit first"
        if isinstance(action, A.Move):
            if action.card not in s.seats[action.actor].hand:
                return "movement card", f"{action.card} is not in your hand"
            return "movement", f"{action.card} cannot make the path {', '.join(action.path) or '(none)'}"
        if isinstance(action, A.UseTome):
            if action.tome not in s.seats[action.actor].tomes:
                return "tome card", f"{action.tome} is not one of your unused tome cards"
            return "tome card", f"{action.tome} cannot be used that way now"
        if isinstance(action, A.Discard):
            return "hand limit", "you are not over your hand limit or do not hold that card"
        return "turn order", f"{action.describe()} is not possible now"

    # ----- doing ------------------------------------------------------------------------------
    def perform(self, action: Action) -> None:
        s = self.state
        kind = type(action)  # the commonest first: a draw, a movement card
        if kind is Chance:
            self.perform_chance(action)
        elif kind is A.Move:
            self.perform_move(action)
        elif isinstance(action, A.Place):
            s.tasks.pop(0)
            seat = s.seats[action.player]
            seat.square = seat.start = action.square
            self.event(f"player {action.player} places their goblin on {action.label}")
        elif isinstance(action, A.Fly):
            s.tasks.pop(0)
            s.seats[action.player].square = action.square
            self.event(f"player {action.player}'s goblin flies to {action.label}")
        elif isinstance(action, A.Jump):
            s.tasks.pop(0)
            if action.square >= 0:
                s.lord = action.square
            self.event(action.describe())
        elif isinstance(action, A.Discard) and s.tasks and s.tasks[0][0] == "discard":
            s.seats[action.player].hand.remove(action.card)
            s.move_discard.append(action.card)
            self.event(f"player {action.player} discards the {card_name(action.card)}")
            s.tasks[0] = ("discard", action.player, s.tasks[0][2] - 1)
        elif isinstance(action, A.Discard) and s.tasks and s.tasks[0][0] == "limit":
            P.discard_for_limit(self, action)
        elif isinstance(action, A.Grab):
            P.grab(self, action)
        elif isinstance(action, A.LetGo):
            P.let_go(self, action)
        elif isinstance(action, A.Effect):
            P.choose_effect(self, action)
        elif isinstance(action, A.Discard):
            s.seats[action.player].hand.remove(action.card)
            s.move_discard.append(action.card)
            self.event(f"player {action.player} discards the {card_name(action.card)}")
        elif isinstance(action, A.Swap):
            self.perform_swap(action)
        elif s.tasks and s.tasks[0][0] == "spare":
            P.spare(self, action)
        elif isinstance(action, A.Done):
            s.tasks.pop(0)
            self.event(f"player {action.player} is done with their tomes")
        elif isinstance(action, A.UseTome) and s.tasks and s.tasks[0][0] == "after":
            after, s.tasks = s.tasks, []  # the tome's own steps come first, then the after-move stage again
            use_tome(self, action)
            s.tasks += after
        elif isinstance(action, A.UseTome):
            use_tome(self, action)
        self.settle()

    def perform_chance(self, action: Chance) -> None:
        s = self.state
        if s.stage == "first player":
            s.first = s.current = int(action.outcome)
            s.stage = "setup"
            n = len(s.seats)
            self.event(f"player {s.first} looks most like a goblin")
            s.tasks = [("deal", p, C.HAND) for p in range(n)]
            s.tasks += [("place", (s.first + i) % n, 0) for i in range(n)]
            return
        kind, p, k = s.tasks[0]
        card = str(action.outcome)
        seat = s.seats[p]
        if kind in ("deal", "draw", "refill"):
            s.move_deck.remove(card)
            seat.hand.append(card)
            self.event(f"player {p} draws the {card_name(card)}", seen_by=(p,),
                       hidden=f"player {p} draws a movement card")
            if kind != "refill":
                s.tasks[0] = (kind, p, k - 1)
        elif kind == "penalty":
            s.tasks.pop(0)
            s.penalty_deck.remove(card)
            if not D.penalty_drawn(self, p, card):
                s.tasks.insert(0, (kind, p, k))
        elif kind == "teleport":
            s.tasks.pop(0)
            s.teleport_deck.remove(card)
            D.teleport_drawn(self, p, card)
        elif kind == "peek":
            s.tasks.pop(0)
            D.peeked(self, p, card)
        elif kind == "tome":
            s.tasks.pop(0)
            s.tome_deck.remove(card)
            seat.tomes.append(card)
            t = self.tomes[card]
            self.event(f"player {p} takes the tome {t.name} ({t.name_zh}, {counted(t.magic, 'magic symbol')}): "
                       f"{t.text} / {t.text_zh}")
            if not s.tome_deck:  # 當最後一張魔法寶典卡被抽起時，遊戲也結束
                C.end_game(s, "the last tome card was drawn")
                self.event("the game ends: the last tome card was drawn")

    def perform_swap(self, action: A.Swap) -> None:
        s = self.state
        kind, p, k = s.tasks.pop(0)
        if action.other < 0:
            self.event(f"player {p} stops swapping")
            return
        mine, theirs = s.seats[p].hand, s.seats[action.other].hand
        mine.remove(action.give)
        theirs.remove(action.take)
        mine.append(action.take)
        theirs.append(action.give)
        self.event(action.describe(), seen_by=(p, action.other),
                   hidden=f"player {p} swaps a movement card with player {action.other}")
        if k > 1:
            s.tasks.insert(0, (kind, p, k - 1))

    def perform_move(self, action: A.Move) -> None:
        s = self.state
        p = action.player
        s.seats[p].hand.remove(action.card)
        if not action.path:
            s.move_discard.append(action.card)
            self.event(f"player {p} plays the {card_name(action.card)} but cannot move")
            s.tasks += [("after", p, 0), ("refill", p, 0), ("end", p, 0)]
            return
        s.tasks += [*self.play_card(p, action.card, action.path), ("after", p, 0), ("refill", p, 0), ("end", p, 0)]
        # 出一張移動卡與抽一張移動卡

    def play_card(self, p: int, card_id: str, path: tuple[str, ...]) -> list[tuple[str, int, int]]:
        """``p`` plays the movement card ``card_id`` along ``path``: the pieces move; returns what follows
        (penalty draws, flights, a tome, a teleport card, the dark lord's jump)."""
        s = self.state
        seat = s.seats[p]
        card = self.movement[card_id]
        s.move_discard.append(card_id)
        goblins = tuple([x.square for x in s.seats])
        # the pieces end where the directions take them, whichever symbol was used for a step
        steps = walk_played(self.board, goblins, s.lord, p, card.piece == "goblin", path)
        piece = "their goblin" if card.piece == "goblin" else "the dark lord"
        self.event(f"player {p} plays the {card.name} and moves {piece} {', '.join(path)}")
        if len(path) == 3:
            tome = GOBLIN_RUN if card.piece == "goblin" else FAKE_WIZARD
            seat.tomes.remove(tome)
            seat.used_tomes.append(tome)
            self.event(f"player {p} uses the tome {card_name(tome)} for one more step")
        final = steps[-1]
        for q, sq in enumerate(final.goblins):
            s.seats[q].square = sq
        s.lord = final.lord
        follow: list[tuple[str, int, int]] = []
        for step in steps:
            for q in step.met if step.end != "lord-meet" else ():
                follow += P.meet(self, q)
        if final.end == "meet":
            follow += P.meet(self, p)
        elif final.end == "lord-meet":
            follow += P.meet(self, final.met[0])
            if self.board.kinds[s.lord] == "teleport":  # 若黑暗領主走到傳送格則可以移動到任一空格: after the flight
                follow.append(("jump", p, 0))
        elif final.end == "desk":  # 若移動到書桌，則可以抽一張魔法寶典卡，然後回到起始位置
            self.event(f"player {p}'s goblin reaches the desk")
            self.return_home(p)
            follow.append(("tome", p, 0))
        elif final.end == "teleport":
            self.event(f"player {p}'s goblin stands on a teleport square and ends its move")
            follow.append(("teleport", p, 0))
        elif final.end == "lord-teleport":
            follow.append(("jump", p, 0))
        return follow

    # ----- the end ----------------------------------------------------------------------------
    def result(self) -> Result | None:
        s = self.state
        if s.stage != "over":
            return None
        scores = {p: -len(x.penalties) for p, x in enumerate(s.seats)}
        return Result(C.winners(s, self.tomes), scores, s.reason)

    def stage(self) -> str:
        s = self.state
        if s.stage in ("over", "first player"):
            return s.stage
        if s.tasks and s.tasks[0][0] != "end":
            return s.tasks[0][0]
        return "discard" if self.overfull() != NOWHERE else "play"

    def turn_number(self) -> int:
        return self.state.turns

    def chance_faces(self) -> dict[str, range]:
        return {"first player": range(len(self.state.seats))}

    def invariants(self) -> list[str]:
        s = self.state
        broken = self.impossible_outcomes()
        seats = range(len(s.seats))
        if s.stage != "first player" and (s.first not in seats or s.current not in seats):
            broken.append(f"player {s.current} is to play, player {s.first} first, in a game of {len(s.seats)}")
        squares = [x.square for x in s.seats if x.square >= 0]
        dup = {sq for sq in squares if squares.count(sq) > 1 and sq != s.lord}
        if dup:
            broken.append(f"two goblins share {sorted(dup)}")
        for sq in [*squares, s.lord]:
            if self.board.kinds[sq] in ("bookcase", "desk"):
                broken.append(f"a piece stands on a {self.board.kinds[sq]}")
        for p, x in enumerate(s.seats):  # two alike only by 同病相憐, and then one lies dormant
            syms = [self.penalties[c].symbol for c in x.penalties if c not in x.dormant]
            if len(syms) != len(set(syms)) and not (s.tasks and s.tasks[0][0] == "effect"):
                broken.append(f"player {p} has two penalty cards of one symbol in effect")
        moves = s.move_deck + s.move_discard + [c for x in s.seats for c in x.hand] + ([s.loose] if s.loose else [])
        if Counter(moves) != Counter({c.id: c.copies for c in self.movement.values()}):
            broken.append("a movement card is lost, doubled or not in the game")
        pens = s.penalty_deck + s.penalty_bottom + [c for x in s.seats for c in x.penalties]
        if sorted(pens) != sorted(self.penalties):
            broken.append("a penalty card is lost or doubled")
        tomes = s.tome_deck + [c for x in s.seats for c in x.tomes + x.used_tomes]
        if sorted(tomes) != sorted(self.tomes):
            broken.append("a tome card is lost or doubled")
        teleports = Counter(s.teleport_top + s.teleport_deck + s.teleport_discard)
        if teleports != Counter({c.id: c.copies for c in self.teleports.values()}):
            broken.append("a teleport card is lost, doubled or not in the game")
        return broken

    # ----- views ------------------------------------------------------------------------------
    def observe(self, player: int | None) -> dict[str, Any]:
        plain = self.state_dict()
        if player is None:
            return plain
        for q, seat in enumerate(plain["seats"]):
            if q != player:
                seat["hand"] = len(seat["hand"])
        for deck in ("move_deck", "penalty_deck", "teleport_deck", "tome_deck"):
            plain[deck] = len(plain[deck])
        if player not in self.state.teleport_seen:  # a peeked card is seen by the peeker only
            plain["teleport_top"] = len(plain["teleport_top"])
        return plain

    def describe_view(self, player: int | None) -> str:
        s = self.state
        b = self.board
        lines = [f"stage {self.stage()}, turn {s.turns}, player {s.current} to play; dark lord on {b.label(s.lord)}"]
        for q, x in enumerate(s.seats):
            seen = player is None or player == q
            hand = (", ".join(sorted(card_name(c) for c in x.hand)) or "no cards") if seen else \
                counted(len(x.hand), "card")
            where = f"goblin on {b.label(x.square)}" if x.square >= 0 else "goblin not on the board yet"
            penalties = ", ".join(card_name(c) + (" (immune)" if c in x.immune else "") for c in x.penalties)
            tomes = ", ".join(map(card_name, x.tomes))
            used = ", ".join(map(card_name, x.used_tomes))
            lines += [f"player {q}: {where}; hand: {hand}",
                      f"  penalty cards: {penalties or 'none'}; tomes: {tomes or 'none'}; used tomes: {used or 'none'}"]
        teleports = len(s.teleport_top) + len(s.teleport_deck)
        under = f" (and {len(s.penalty_bottom)} put under it)" if s.penalty_bottom else ""
        lines.append(f"decks: {counted(len(s.move_deck), 'movement card')}, "
                     f"{counted(len(s.penalty_deck), 'penalty card')}{under}, "
                     f"{counted(teleports, 'teleport card')}, {counted(len(s.tome_deck), 'tome card')}")
        if s.teleport_top and (player is None or player in s.teleport_seen):
            lines.append(f"top teleport card (seen): {TELEPORT_NAMES.get(s.teleport_top[0], s.teleport_top[0])}")
        return "\n".join(lines)

    def describe_state(self) -> str:
        return self.describe_view(None)

    def board_text(self) -> str:
        """The board as text: letters for squares, digits for goblins, X for the dark lord."""
        s, b = self.state, self.board
        letters = {"grimoire": "g", "parchment": "p", "potion": "o", "gems": "j", "teleport": "T", "bookcase": "#",
                   "desk": "D"}
        cells = [letters[k] for k in b.kinds]
        for q, x in enumerate(s.seats):
            if x.square >= 0:
                cells[x.square] = str(q)
        cells[s.lord] = "X"
        return "\n".join("".join(cells[r * b.cols:(r + 1) * b.cols]) for r in range(b.rows))

    @classmethod
    def heuristic_agent(cls) -> Any:
        from .agents import GreedyAgent

        return GreedyAgent()
