"""Setting up a Munchkin Quest position by hand: the public scenario API for tests, notebooks and
teachers ("what if a level-9 elf with the Mithril Armour met two goblins in the Crypt?").

Every function changes a :class:`~tablerules.quest.game.QuestGame` in place through its state (a card
always comes out of its deck, so no card is ever in two places), then calls
:meth:`~tablerules.core.protocol.Game.refresh` so the legal actions are recomputed. Start from
:func:`ready`: dealt, everybody ready, player 0's turn begun, every hand emptied back into its deck.

>>> game = ready(players=3)
>>> elf = hero(game, 0, level=5, race="elf", hand=["go_up_a_level"])
>>> game.heroes[0].level, game.card(game.heroes[0].race).name, len(game.heroes[0].hand)
(5, 'Elf', 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.errors import ScenarioError
from ..core.protocol import Chance
from .actions import Ready
from .dungeon import MonsterPiece, link_key
from .exploration import START_MOVES
from .game import QuestGame
from .geometry import Colour, LinkKind, Side
from .heroes import BACKPACK, WIN_LEVEL
from .search_table import RoomToken

__all__ = ["backpack", "discard", "empty_room_deck", "explore", "hand", "hero", "monster", "move_to", "play", "ready",
           "roll_fight", "room", "set_floor", "set_links", "set_moves", "set_piles", "set_token", "take", "wear",
           "won"]


def ready(players: int = 4, seed: int = 0, max_turns: int = 300, first: int = 0,
          card_packs: Sequence[str] = ()) -> QuestGame:
    """A game dealt, every player ready, the dice for the first player showing ``first`` (p. 4), that
    player's turn begun (its DxM card drawn); then every hand emptied back into its deck, so a scenario
    gives each seat exactly the cards it names. ``card_packs``: card pack files, or shipped packs by name
    (``"examples"``; tablerules.quest.packs), whose cards, monsters and rooms join the decks."""
    params = {"players": players, "max_turns": max_turns}
    if card_packs:
        params["card_packs"] = tuple(str(p) for p in card_packs)
    game = QuestGame(params, seed=seed)
    while game.is_chance():
        game.roll()
    for p in range(players):
        game.apply(Ready(p))
    game.apply(Chance("first", first))
    while game.is_chance():
        game.roll()
    for h in game.heroes:
        for copy in h.hand:
            _pile(game, copy).append(copy)
        h.hand.clear()
    game.refresh()
    return game


def _pile(game: QuestGame, copy: str) -> list[str]:
    return game.dxm_deck if game.card(copy).deck == "dxm" else game.treasure_deck


def take(game: QuestGame, card_id: str) -> str:
    """Take one copy of ``card_id`` out of its deck (the lowest left) and return it."""
    if card_id not in game.cards:
        raise _refuse("card", f"there is no card {card_id!r}")
    deck = game.dxm_deck if game.card(card_id + "#1").deck == "dxm" else game.treasure_deck
    try:
        copy = next(c for c in sorted(deck) if c.split("#")[0] == card_id)
    except StopIteration:
        raise _refuse("card", f"no {card_id} is left in its deck") from None
    deck.remove(copy)
    game.refresh()
    return copy


def hand(game: QuestGame, player: int, *card_ids: str) -> list[str]:
    """Cards from the decks into ``player``'s hand; returns the copies."""
    cards = [take(game, c) for c in card_ids]
    game.heroes[player].hand += cards
    game.refresh()
    return cards


def won(game: QuestGame, player: int, *card_ids: str) -> list[str]:
    """Treasures ``player`` has just won (drawn this turn): in the hand, and playable into play at any
    time until the turn ends (p. 5, 将刚得到的宝藏卡放进场上); returns the copies."""
    cards = hand(game, player, *card_ids)
    game.heroes[player].won += cards
    game.refresh()
    return cards


def wear(game: QuestGame, player: int, *card_ids: str) -> list[str]:
    """Items (or one-shots, on the belt) from the decks into play for ``player``; returns the copies."""
    cards = [take(game, c) for c in card_ids]
    game.heroes[player].carried += cards
    game.refresh()
    return cards


def backpack(game: QuestGame, player: int, *card_ids: str) -> list[str]:
    """Items from the decks into ``player``'s backpack; returns the copies."""
    cards = [take(game, c) for c in card_ids]
    game.heroes[player].backpack += cards
    game.refresh()
    return cards


def hero(game: QuestGame, player: int, *, level: int | None = None, health: int | None = None,
         gold: int | None = None, race: str | None = None, cls: str | None = None, hand: Iterable[str] = (),
         carried: Iterable[str] = (), backpack: Iterable[str] = (), dead: bool | None = None,
         room: str | None = None) -> None:
    """Set a character sheet: level, health, gold, a race or class card (taken from the deck), cards for
    the hand, items in play and in the backpack, dead or alive (dead: no health left), the room its standee
    stands in. Level 10 is reached by a kill (then the munchkin heads for the boss at the entrance). Refuses a
    level outside 1-10, negative gold, health outside 0 to the maximum, a dead munchkin with health or a live
    one without, more than 2 items in the backpack."""
    h = game.heroes[player]
    if level is not None and not 1 <= level <= WIN_LEVEL:
        raise _refuse(f"level[{player}]", f"levels run from 1 to {WIN_LEVEL}, not {level}")
    if gold is not None and gold < 0:
        raise _refuse(f"gold[{player}]", f"a munchkin cannot hold {gold} gold")
    if health is not None and not 0 <= health <= h.max_health:
        raise _refuse(f"health[{player}]", f"health runs from 0 to {h.max_health}, not {health}")
    if dead is not None and health is None:
        health = 0 if dead else (h.health or h.max_health)
    is_dead = h.dead if dead is None else dead
    if health is not None and (health == 0) != is_dead:
        raise _refuse(f"health[{player}]", "a dead munchkin has no health left and a live one some")
    backpack = list(backpack)
    if len(h.backpack) + len(backpack) > BACKPACK:
        raise _refuse(f"backpack[{player}]", f"the backpack holds {BACKPACK} items")
    if level is not None:
        h.level = level
        if level == WIN_LEVEL:
            game.ten_by_kill.add(player)
    if health is not None:
        h.health = health
    if gold is not None:
        h.gold = gold
    if dead is not None:
        h.dead = dead
    if race is not None:
        h.race = take(game, race)
    if cls is not None:
        h.cls = take(game, cls)
    h.hand += [take(game, c) for c in hand]
    h.carried += [take(game, c) for c in carried]
    h.backpack += [take(game, c) for c in backpack]
    if room is not None:
        move_to(game, player, room)
    game.refresh()


def move_to(game: QuestGame, player: int, room: str) -> None:
    """Stand ``player``'s munchkin in an explored room (no fight starts: set the scene, then act)."""
    _explored(game, f"room[{player}]", room)
    game.dungeon.munchkins[game.colours[player]] = room
    game.refresh()


def monster(game: QuestGame, card_id: str, room: str, base: str | Colour | None = None) -> str:
    """Stand a monster of ``card_id`` (data/quest/monsters.json) in ``room`` with a base of colour
    ``base`` (a player's colour: its owner and target); returns the standee's id."""
    if room not in game.dungeon.rooms or game.dungeon.rooms[room].entrance:
        raise _refuse("monsters", f"{room!r} is not an explored room (no monster stands in the entrance)")
    card = game.monster_cards[card_id]
    if game.monster_deck[card_id] <= 0:
        raise _refuse("monster_deck", f"no {card_id} is left in the monster deck")
    game.monster_deck[card_id] -= 1
    colour = Colour(base) if isinstance(base, str) else base
    piece_id = f"{card_id}#{game.next_piece}"
    game.next_piece += 1
    game.dungeon.monsters[piece_id] = MonsterPiece(piece_id, room, card.movement, card.passes, colour,
                                                   f"{card.name} ({card.name_zh})", card.level)
    if colour in game.free_bases:
        game.free_bases[colour] -= 1
    game.refresh()
    return piece_id


def room(game: QuestGame, tile_id: str, at: tuple[int, int], links: dict[str, str] | None = None) -> str:
    """Place the room tile ``tile_id`` (data/quest/rooms.json) at ``at`` as if explored, with no monster:
    ``links`` gives side ("N", "E", "S", "W") -> link kind; without it, a corridor to every placed room next
    to it (a link already there, such as the entrance's, stays). The links come out of the link pool;
    sides not named stay open (no link: a wall for moving).
    Returns the room's id."""
    if tile_id not in game.room_deck:
        raise _refuse("room_deck", f"{tile_id!r} is not in the room deck")
    game.room_deck.remove(tile_id)
    game.dungeon.add_room(game.room_tile(tile_id).place(at))
    if links is None:
        links = {side.value: "corridor" for side in Side
                 if game.dungeon.room_at(side.step(at)) is not None and not game.dungeon.has_link(at, side)}
    for side, kind in links.items():
        kind = LinkKind(kind)
        if game.link_pool[kind.value] <= 0:
            raise _refuse("link_pool", f"no {kind.value} link is left in the pool")
        game.link_pool[kind.value] -= 1
        game.dungeon.links[link_key(at, Side(side))] = kind
    game.refresh()
    return tile_id


# ----- moves, room tokens, the floor, the room deck (each refuses what the rules cannot hold, naming the field) -
def _refuse(field: str, reason: str) -> ScenarioError:
    return ScenarioError("quest", field, reason)


def _explored(game: QuestGame, field: str, room_id: str) -> str:
    if room_id not in game.dungeon.rooms:
        raise _refuse(field, f"{room_id!r} is not an explored room")
    return room_id


def set_moves(game: QuestGame, moves: int, all_in_used: bool = False) -> None:
    """The current player has ``moves`` move points left this turn (0 to what the turn started with: 3, less
    one for each big item beyond the first; 3 in the dungeon crawl, which has no items), and has or has not made
    the once-a-turn all-in move."""
    most = game.base_moves(game.current) if hasattr(game, "base_moves") else START_MOVES
    if not 0 <= moves <= most:
        raise _refuse("moves_left", f"player {game.current} moves from 0 to {most} points this turn, not {moves}")
    game.moves_left = moves
    game.all_in_used = all_in_used
    game.refresh()


def set_token(game: QuestGame, room_id: str, token: RoomToken | str | None) -> None:
    """Lay a search-result token in a room (``"looted"`` 搜刮完毕 or ``"plundered"`` 洗劫一空), or none.
    Only a room one can search gets one."""
    field = f"tokens[{room_id}]"
    _explored(game, field, room_id)
    if token is None:
        game.tokens.pop(room_id, None)
    else:
        try:
            token = RoomToken(token)
        except ValueError:
            raise _refuse(field, f"{token!r} is no room token (looted or plundered)") from None
        if game.dungeon.rooms[room_id].search is None:
            raise _refuse(field, f"{game.dungeon.rooms[room_id].name} cannot be searched, so holds no token")
        game.tokens[room_id] = token
    game.refresh()


def set_floor(game: QuestGame, room_id: str, items: Iterable[str] = (), gold: int = 0) -> list[str]:
    """Items (and gold) lying dropped on the floor of a room, as a dead munchkin leaves them: exactly these
    (taken from the Treasure deck; what lay there goes back into its deck); returns the copies."""
    field = f"dropped[{room_id}]"
    _explored(game, field, room_id)
    items = list(items)
    for card_id in items:
        card = game.cards.get(card_id)
        if card is None:
            raise _refuse(field, f"there is no card {card_id!r}")
        if card.kind not in ("item", "one_shot"):
            raise _refuse(field, f"{card.name} is a {card.kind.replace('_', '-')} card; only items (and "
                          "one-shots from a belt) are dropped")
    if gold < 0:
        raise _refuse(f"dropped_gold[{room_id}]", f"{gold} gold cannot lie on a floor")
    for copy in game.dropped.pop(room_id, []):
        _pile(game, copy).append(copy)
    copies = [take(game, c) for c in items]
    if copies:
        game.dropped[room_id] = copies
    if gold:
        game.dropped_gold[room_id] = gold
    else:
        game.dropped_gold.pop(room_id, None)
    game.refresh()
    return copies


#: the order the room tiles' free sides take links from the pool (passable ones first, so every room stays
#: reachable; walls only when the others are gone, as when the pool ran out)
LINK_ORDER = (LinkKind.CORRIDOR, LinkKind.DOOR, LinkKind.LOCKED, LinkKind.SECRET, LinkKind.WALL)


def empty_room_deck(game: QuestGame) -> list[str]:
    """Place every room tile still in the deck, as if explored (no monster): around the entrance, nearest
    first, each next to a placed room; each new room's open sides take links from the pool (corridors first),
    walls when the pool is empty, as in play. Then the room deck is empty: wandering monsters may come
    (p. 6). Returns the rooms placed."""
    if game.pending:
        raise _refuse("room_deck", f"a step of exploring is pending ({game.stage()}); empty the deck between steps")
    d = game.dungeon
    ex, ey = d.entrance.at
    placed = []
    radius = 1
    while game.room_deck:
        ring = sorted(((x, y) for x in range(ex - radius, ex + radius + 1) for y in range(ey - radius, ey + radius + 1)
                       if d.room_at((x, y)) is None),
                      key=lambda at: (abs(at[0] - ex) + abs(at[1] - ey), at))
        progress = False
        for at in ring:
            if not game.room_deck:
                break
            if not any(d.room_at(side.step(at)) is not None for side in Side):
                continue
            tile_id = sorted(game.room_deck)[0]
            game.room_deck.remove(tile_id)
            d.add_room(game.room_tile(tile_id).place(at))
            for side in Side:
                if d.has_link(at, side):
                    continue
                kind = next((k for k in LINK_ORDER if game.link_pool[k.value] > 0), None)
                if kind is None:
                    game.walls_without_pool += 1
                    kind = LinkKind.WALL
                else:
                    game.link_pool[kind.value] -= 1
                d.links[link_key(at, side)] = kind
            placed.append(tile_id)
            progress = True
        if not progress:
            radius += 1
    game.refresh()
    return placed


# ----- reaching a fight through the game's own actions (lessons, the panels' worked examples) -------------
def _play(game: QuestGame, field: str, action: object) -> None:
    from ..core.errors import IllegalAction

    try:
        game.apply(action)
    except IllegalAction as exc:
        raise _refuse(field, str(exc)) from None


def explore(game: QuestGame, side: str, tile: str, card: str, base: str = "blue") -> None:
    """The current player explores through ``side`` into the room tile ``tile`` and meets the monster
    ``card`` on a base of colour ``base`` (the referee's draws); the DxM card and the links are the seeded
    draws. A fight is on when the monster stays (p. 6, 探索)."""
    from .exploration import Explore

    _play(game, "side", Explore(game.current, side))
    _play(game, "tile", Chance("room", tile))
    while game.chance_step() is not None and game.chance_step().event in ("dxm", "link"):
        game.roll()
    _play(game, "card", Chance("monster", card))
    _play(game, "base", Chance("base", base))
    while game.chance_step() is not None and game.chance_step().event == "dxm":
        game.roll()


def roll_fight(game: QuestGame, faces: Iterable[int]) -> None:
    """The fighter says "I'm rolling", everybody lets it be, and the combat dice show ``faces`` (the
    munchkins' dice first, then the monsters'): the position right after the roll (p. 9, 掷战斗骰)."""
    from .actions import Pass, Roll

    if game.fight is None:
        raise _refuse("faces", "no fight is on")
    _play(game, "roll", Roll(game.fight.fighter))
    while game.fight.window is not None and game.fight.window.waiting:
        _play(game, "pass", Pass(game.fight.window.waiting[0]))
    for i, face in enumerate(faces):
        _play(game, f"faces[{i}]", Chance("d6", face))
    if game.chance_step() is not None and game.chance_step().event == "d6":
        raise _refuse("faces", "too few faces for the combat dice")


# ----- a room's links, the discard piles (issue 24: tests set no engine field) ---------------------------------
def set_links(game: QuestGame, room_id: str, links: dict[str, str]) -> None:
    """Lay these links on the sides of an explored room (side "N", "E", "S", "W" -> link kind: a room walled
    in is ``{side: "wall" for side in "NESW"}``): the link there before goes back to the pool, the new one comes
    out of it (a side with no link before takes one too)."""
    field = f"links[{room_id}]"
    at = game.dungeon.rooms[_explored(game, field, room_id)].at
    wanted: dict[Side, LinkKind] = {}
    for side, kind in links.items():
        try:
            wanted[Side(side)] = LinkKind(kind)
        except ValueError:
            raise _refuse(field, f"{side!r} -> {kind!r} is no side (N, E, S, W) and link kind") from None
    pool = dict(game.link_pool)
    for side, kind in wanted.items():
        old = game.dungeon.links.get(link_key(at, side))
        if old is not None:
            pool[old.value] = pool.get(old.value, 0) + 1
        if pool.get(kind.value, 0) <= 0:
            raise _refuse(field, f"no {kind.value} link is left in the pool")
        pool[kind.value] -= 1
    for side, kind in wanted.items():
        old = game.dungeon.links.get(link_key(at, side))
        if old is not None:
            game.link_pool[old.value] += 1
        game.link_pool[kind.value] -= 1
        game.dungeon.links[link_key(at, side)] = kind
    game.refresh()


def discard(game: QuestGame, *card_ids: str) -> list[str]:
    """Put a copy of each card from its deck on top of its discard pile (the last named on top); returns the
    copies."""
    copies = [take(game, c) for c in card_ids]
    for copy in copies:
        (game.dxm_discard if game.card(copy).deck == "dxm" else game.treasure_discard).append(copy)
    game.refresh()
    return copies


def set_piles(game: QuestGame, deck: str, cards: Sequence[str], discard: Sequence[str] = ()) -> None:
    """The ``deck`` ("dxm" or "treasure") holds exactly these copies (``"maul_rat#1"``) and its discard pile
    these, the last named on top. Only the two piles' own cards move: every copy of that deck not named must be
    with a player first (give it with :func:`hand` and the like)."""
    if deck not in ("dxm", "treasure"):
        raise _refuse("deck", f"{deck!r} is no deck (dxm or treasure)")
    pile, used = (game.dxm_deck, game.dxm_discard) if deck == "dxm" else (game.treasure_deck, game.treasure_discard)
    cards, discard = list(cards), list(discard)
    free = pile + used
    for copy in cards + discard:
        if copy not in free:
            raise _refuse(f"{deck}_deck", f"{copy} is not in the {deck} deck or its discards")
        if (cards + discard).count(copy) > 1:
            raise _refuse(f"{deck}_deck", f"{copy} is named twice; each copy is one card")
    rest = sorted(set(free) - set(cards) - set(discard))
    if rest:
        raise _refuse(f"{deck}_deck", f"{', '.join(rest)} would be nowhere: give them to a player first")
    pile[:], used[:] = cards, discard
    game.refresh()


def play(game: QuestGame, words: str) -> None:
    """A player does the legal action written ``words`` (its text, as the action lists show it; out-of-turn
    actions too), e.g. ``"player 3 plays Ancient on Shrieking Geek"``; chance steps it opens stay pending."""
    from ..core.scenario import play_words

    play_words(game, words)
