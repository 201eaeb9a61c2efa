"""The state of a game of Baldur's Gate: everything that changes, as a dataclass tree."""

from __future__ import annotations

from dataclasses import dataclass, field

# where a random move takes a card from / puts it (a seat number >= 0 is that player)
BANK, INN, LIMBO, POOL, EVENT, AUCTION, REVEALED, HIDDEN, GODS, LOOK = -1, -2, -3, -4, -5, -6, -7, -8, -9, -10
OPEN = -100  # OPEN - p: the open cards in front of player p


@dataclass
class Seat:
    hand: list[str] = field(default_factory=list)
    heroes: list[str] = field(default_factory=list)  # face up, ready to act
    tired: list[str] = field(default_factory=list)  # exhausted: turned face down (注3)

    def all_heroes(self) -> list[str]:
        return self.heroes + self.tired


@dataclass
class Task:
    """A pending random move: ``n`` cards, one by one, from ``src`` to ``dst`` (``what`` says which zones)."""

    what: str  # draw (bank), hero (inn), take (a hand), kill / grab (a player's heroes), deal (pool), unlimbo
    src: int
    dst: int
    n: int = 1


@dataclass
class BaldurState:
    seats: list[Seat] = field(default_factory=list)
    bank: list[str] = field(default_factory=list)  # the shuffled, unseen part of the bank (order unknown)
    bank_under: list[str] = field(default_factory=list)  # cards put under the bank, in order
    inn: list[str] = field(default_factory=list)
    inn_under: list[str] = field(default_factory=list)
    limbo: list[str] = field(default_factory=list)  # heroes in the middle of an exchange
    pool: list[str] = field(default_factory=list)  # cards being shuffled and dealt back
    tasks: list[Task] = field(default_factory=list)
    program: list[str] = field(default_factory=list)  # the steps still to run once no task is pending
    stage: str = ""
    first: int = 0
    current: int = 0
    round: int = 1
    turns: int = 0
    over: str = ""
    # opening: the card each player plays face down ("" not yet), then rock-paper-scissors among the tied
    opening: list[str] = field(default_factory=list)
    tied: list[int] = field(default_factory=list)
    # hero action bans: "seat:rank" for this round; the ones an event sets for the next round
    bans: list[str] = field(default_factory=list)
    next_bans: list[str] = field(default_factory=list)
    #: the heroes an event made unusable this round ("seat:rank"; 红6/黑6 "这2种英雄都无法使用"): not even the
    #: thief's passive defence, which a 2's ban (a ban of hero actions) leaves alone
    unusable: list[str] = field(default_factory=list)
    # recruiting
    auction: str = ""
    auction_round: int = 0
    bidders: list[int] = field(default_factory=list)
    bids: list[list[str]] = field(default_factory=list)  # face down until everybody bid
    revealed: str = ""  # the inn's top hero shown by Renaissance (the next to be recruited)
    # the event of the round
    event: str = ""
    checking_limit: bool = False
    # choosing cards (hand limit, plague, alchemy, slave trade): zone, where they go, how many each
    choose_zone: str = ""
    choose_dest: str = ""
    need: list[int] = field(default_factory=list)
    passing: list[list[str]] = field(default_factory=list)
    # a hero action waiting for answers: the thief's 5 (defence) and the witch's 7 (reversal)
    pending: list[int | str] = field(default_factory=list)  # player, rank, level, colour, jokers, kinds
    pending_targets: list[int] = field(default_factory=list)
    window: list[int] = field(default_factory=list)
    shielded: list[int] = field(default_factory=list)
    #: the witches' reversals answering the waiting action, in order (a reversal is the witch's hero action, so
    #: another witch may reverse it: an odd number cancels the action, an even number lets it go on)
    chain: list[int] = field(default_factory=list)
    # hidden-number events: the hidden bank cards (werewolves, Dracula's life), cards played face down
    hidden: list[str] = field(default_factory=list)
    played: list[list[str]] = field(default_factory=list)
    wolf_turn: int = 0
    joined: list[int] = field(default_factory=list)  # -1 not shown yet, 0 paper, 1 rock
    stopped: list[int] = field(default_factory=list)
    # Northern gods: the revealed cards, the open cards in front of each player, who has fallen, the round
    gods: list[str] = field(default_factory=list)
    open_cards: list[list[str]] = field(default_factory=list)
    fallen: list[int] = field(default_factory=list)
    matched: list[int] = field(default_factory=list)
    #: who sacrificed a hero this war round (still no card of the colour then: they fall, no second sacrifice)
    sacrificed: list[int] = field(default_factory=list)
    war_round: int = 0
    # [6]: the cards looked at, where they come from (-1 the bank), who still gets one, how many to take
    looked: list[str] = field(default_factory=list)
    look_from: int = -1
    look_to: list[int] = field(default_factory=list)
    look_queue: list[int] = field(default_factory=list)
    look_take: int = 0
    protect_rank: str = ""
    protect_number: int = 0
    # Persian wall (black 10): plays made, the numbers of the last play, the numbers of every earlier 2-card group
    wall_turn: int = 0
    wall_last: list[int] = field(default_factory=list)
    wall_related: list[int] = field(default_factory=list)
