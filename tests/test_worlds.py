"""Worlds consistent with one seat's knowledge (tablerules.core.worlds.sample_world), for every game, and the
exact Baldur's Gate event odds (issue 24) checked against brute force."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from scipy.stats import chisquare

from tablerules.baldur import actions as BA
from tablerules.baldur.analysis import draws_before_event, event_odds, named_event_odds
from tablerules.baldur.cards import event_key
from tablerules.baldur.game import Baldur
from tablerules.baldur.scenario import new_game, set_bank
from tablerules.core.errors import IllegalAction
from tablerules.core.protocol import Game
from tablerules.core.registry import game_class, game_names
from tablerules.core.worlds import knowledge, model_for, sample_world
from tablerules.explain import explain
from tablerules.kragmortha import scenario as KS
from tablerules.munchkin import scenario as MS

GAMES = ["munchkin", "quest", "quest-crawl", "smallworld", "baldursgate", "kragmortha"]
HIDING = ["munchkin", "quest", "baldursgate", "kragmortha"]  # games where more than one world is possible


def random_step(game: Game, rng: random.Random) -> None:
    if game.is_chance():
        game.roll(rng)
    else:
        game.apply(rng.choice(game.legal_actions()))


def positions(name: str, count: int, seed: int = 0, longest: int = 600) -> list[Game]:
    """``count`` positions of seeded random games of ``name``: copies taken at random steps."""
    rng = random.Random(seed)
    cls = game_class(name)
    out: list[Game] = []
    game_seed = seed
    while len(out) < count:
        game = cls(seed=game_seed)
        game_seed += 1
        stops = sorted(rng.sample(range(1, longest), 8))
        for step in range(longest):
            if game.is_over():
                break
            random_step(game, rng)
            if stops and step == stops[0]:
                stops.pop(0)
                out.append(game.copy())
        out = out[:count]
    return out


def test_every_registered_game_has_a_world_model() -> None:
    assert sorted(GAMES) == game_names()
    for name in GAMES:
        game = game_class(name)(seed=1)
        if not game.game_info().perfect_information:
            assert model_for(game).zones(game, 0)


@pytest.mark.parametrize("name", GAMES)
def test_sampled_worlds_look_the_same_to_the_seat_and_play_on(name: str) -> None:
    rng = random.Random(7)
    checked = 0
    for i, game in enumerate(positions(name, 40)):
        player = i % game.num_players()
        world = sample_world(game, player, rng)
        assert world.observation(player) == game.observation(player)
        assert world.observation_string(player) == game.observation_string(player)
        assert world.log_for(player) == game.log_for(player)
        assert world.invariants() == []
        assert knowledge(game, player).replayed  # the history of a random game leads to its state
        if not world.is_over():
            assert world.legal_actions()
        steps = 0
        while steps < 200 and not world.is_over():
            random_step(world, rng)
            steps += 1
            if steps % 20 == 0:
                assert world.invariants() == []
        assert world.invariants() == []
        checked += 1
    assert checked == 40


@pytest.mark.parametrize("name", HIDING)
def test_the_hidden_part_really_changes(name: str) -> None:
    rng = random.Random(3)
    changed = 0
    for i, game in enumerate(positions(name, 6, seed=11)):
        player = i % game.num_players()
        states = {repr(sample_world(game, player, rng).state_dict()) for _ in range(6)}
        changed += len(states) > 1
    assert changed >= 5


def test_sampled_worlds_refuse_saving_and_undo() -> None:
    game = positions("munchkin", 1)[0]
    world = sample_world(game, 0, random.Random(1))
    assert world.world_of == 0
    for refused in (world.to_json, world.undo, lambda: world.save("/tmp/never.json")):
        with pytest.raises(IllegalAction, match="sampled world"):
            refused()
    assert world.copy().world_of == 0  # copies stay marked
    game.to_json()  # the real game saves as before


# ----- every consistent world with the right probability ----------------------------------------------
def arrangements(labels: list[object]) -> list[tuple[object, ...]]:
    """Every distinct order of the multiset ``labels``."""
    if not labels:
        return [()]
    out = []
    for first in sorted(set(labels), key=repr):
        rest = list(labels)
        rest.remove(first)
        out += [(first, *tail) for tail in arrangements(rest)]
    return out


def exact_worlds(game: Game, player: int) -> dict[str, Fraction]:
    """Every world of the zones hidden from ``player`` with its exact probability. Each way of dealing the
    cards not pinned into their slots (within their kind) is equally likely, so each order of the cards'
    destinations is: a destination is a zone (its slots are alike) or one position of an ordered pile."""
    model = model_for(game)
    know = knowledge(game, player)
    zones = model.zones(game, player)
    labels: dict[object, list[tuple[int, int]]] = {}
    cards: dict[object, list[str]] = {}
    for z, zone in enumerate(zones):
        for i, (card, pinned) in enumerate(zip(zone.cards, know.pinned(zone), strict=True)):
            if not pinned:
                labels.setdefault(model.kind(game, card), []).append((z, i) if zone.ordered else (z, -1))
                cards.setdefault(model.kind(game, card), []).append(card)
    counts: Counter[str] = Counter()
    kinds = sorted(labels, key=repr)
    for orders in itertools.product(*(arrangements(labels[k]) for k in kinds)):
        world = [list(zone.cards) for zone in zones]
        free = [[i for i, pinned in enumerate(know.pinned(zone)) if not pinned] for zone in zones]
        for k, order in zip(kinds, orders, strict=True):
            for (z, i), card in zip(order, sorted(cards[k]), strict=True):
                world[z][i if i >= 0 else free[z].pop()] = card
        counts[world_key(zones, world)] += 1
    total = sum(counts.values())
    return {key: Fraction(n, total) for key, n in counts.items()}


def world_key(zones: list, contents: list[list[str]]) -> str:
    return repr([tuple(cards) if zone.ordered else tuple(sorted(cards)) for zone, cards in zip(zones, contents,
                                                                                             strict=True)])


def sampled_key(world: Game, player: int) -> str:
    zones = model_for(world).zones(world, player)
    return world_key(zones, [list(z.cards) for z in zones])


def check_distribution(game: Game, player: int, samples: int = 3000) -> int:
    exact = exact_worlds(game, player)
    assert len(exact) > 3
    rng = random.Random(2)
    seen = Counter(sampled_key(sample_world(game, player, rng), player) for _ in range(samples))
    assert set(seen) <= set(exact)  # no world that does not fit what the seat knows
    keys = sorted(exact)
    observed = [seen[k] for k in keys]
    expected = [float(exact[k]) * samples for k in keys]
    assert chisquare(observed, expected).pvalue > 0.001
    return len(exact)


def test_kragmortha_small_position_every_world_with_its_probability() -> None:
    from tablerules.kragmortha.game import Kragmortha

    game = Kragmortha({"players": 3}, seed=4)
    rng = random.Random(4)
    while game.state.stage != "play" or game.is_chance():
        random_step(game, rng)
    s = game.state
    # most movement cards face up on the discard pile: seat 1 keeps 2 cards, seat 2 one, the deck 2
    KS.set_hand(game, 1, s.seats[1].hand[:2])
    KS.set_hand(game, 2, s.seats[2].hand[:1])
    kept = Counter(s.seats[0].hand + s.seats[1].hand + s.seats[2].hand)
    every = Counter({c.id: c.copies for c in game.movement.values()})
    rest = list((every - kept).elements())
    rng.shuffle(rest)
    KS.set_deck(game, "move_deck", rest[:2])  # the rest face up on the discard pile
    assert game.invariants() == []
    assert not knowledge(game, 0).replayed  # a hand-made position: only what seat 0 sees now counts
    assert check_distribution(game, 0) >= 10


def test_munchkin_small_position_every_world_with_its_probability() -> None:
    from tablerules.munchkin.game import MunchkinGame

    game = MunchkinGame({"players": 3}, seed=2)
    rng = random.Random(2)
    while not game.state.players[2].hand or game.is_chance() or len(game.state.players[1].hand) < 2:
        random_step(game, rng)
    s = game.state
    for p, keep in ((1, 2), (2, 1)):  # seat 1 keeps 2 cards, seat 2 one
        MS.set_hand(game, p, *[c.split("#")[0] for c in s.players[p].hand[:keep]])
    door = [c.split("#")[0] for c in s.door_deck + s.door_discard]  # every card but 2 of each deck discarded
    treasure = [c.split("#")[0] for c in s.treasure_deck + s.treasure_discard]
    MS.set_discards(game, door[2:], treasure[2:])
    assert game.invariants() == []
    assert check_distribution(game, 0) >= 10


def test_cards_a_seat_saw_go_under_the_bank_stay_there() -> None:
    """The opening cards are shown and go under the bank: every seat knows them, in order."""
    game = new_game(seed=5)
    under = list(game.state.bank_under)
    assert under
    for p in range(4):
        assert all(knowledge(game, p).piles["bank_under"])
        for _ in range(5):
            assert sample_world(game, p, random.Random(p)).state.bank_under == under


# ----- Baldur's Gate: the event odds (issue 24) -------------------------------------------------------
def event_of_label(label: str) -> str:
    """The event a card named as the log names it ("3♥", "black joker") announces."""
    from tablerules.baldur.cards import SUIT_SIGNS

    if "joker" in label:
        return "joker"
    return event_key(label[:-1] + {sign: suit for suit, sign in SUIT_SIGNS.items()}[label[-1]])


def pass_until_event(game: Baldur, rng: random.Random) -> str:
    """Play the round out with nothing but the turn draws (every seat ends its turn at once, discards the
    first cards for the hand limit) and return the event drawn (read off the log: an event that asks
    nothing of the players is over within the same step)."""
    game = game.copy()
    start = len(game.log)
    while True:
        for line in game.log[start:]:
            if line.startswith("event "):
                return event_of_label(line.removeprefix("event ").split(":")[0])
        start = len(game.log)
        if game.is_chance():
            game.roll(rng)
            continue
        actions = game.legal_actions()
        ends = [a for a in actions if isinstance(a, BA.EndTurn)]
        game.apply(ends[0] if ends else actions[0])


def test_issue_24_five_unseen_cards_and_nine_draws_make_the_event_certain() -> None:
    game = new_game(seed=3)  # the first player has drawn: 3 more turns of 3 cards each this round
    s = game.state
    assert draws_before_event(game) == 9
    set_bank(game, s.bank[:5], s.bank[5:] + s.bank_under)
    assert event_odds(game) == {event_key(s.bank_under[4]): Fraction(1)}
    assert pass_until_event(game, random.Random(1)) == event_key(s.bank_under[4])


def baldur_positions(count: int) -> list[Baldur]:
    return [g for g in positions("baldursgate", 3 * count, seed=21, longest=400)
            if not g.is_over() and draws_before_event(g) is not None][:count]


def test_referee_event_odds_match_playing_the_round_out() -> None:
    rng = random.Random(9)
    for game in baldur_positions(5):
        odds = event_odds(game)
        runs = 400
        seen = Counter(pass_until_event(game, rng) for _ in range(runs))
        assert set(seen) <= set(odds)
        keys = sorted(odds)
        if len(keys) > 1:
            assert chisquare([seen[k] for k in keys], [float(odds[k]) * runs for k in keys]).pvalue > 0.001
        assert sum(odds.values()) == 1


def test_seat_event_odds_are_the_average_over_the_worlds_it_cannot_tell_apart() -> None:
    rng = random.Random(4)
    for i, game in enumerate(baldur_positions(4)):
        seat = i % 4
        want = event_odds(game, seat)
        assert sum(want.values()) == 1
        runs = 600
        total: Counter[str] = Counter()
        forward: Counter[str] = Counter()
        for _ in range(runs):
            world = sample_world(game, seat, rng)
            assert event_odds(world, seat) == want  # the seat's odds do not depend on the hidden cards
            for key, p in event_odds(world).items():
                total[key] += p
            forward[pass_until_event(world, rng)] += 1
        for key, p in want.items():
            assert abs(float(total[key] / runs) - float(p)) < 0.03
        keys = sorted(want)
        if len(keys) > 1:
            assert chisquare([forward[k] for k in keys], [float(want[k]) * runs for k in keys]).pvalue > 0.001


def test_explain_gives_the_seat_odds() -> None:
    game = baldur_positions(1)[0]
    lines = explain(game, 2).lines()
    top = named_event_odds(game, 2)[:4]
    assert [line.split(" = ")[0] for line in lines] == [f"odds: the event is {k} ({name})" for k, name, _ in top]


def test_a_hand_shown_with_dear_friend_stays_in_every_world() -> None:
    """親愛的朋友: the other seats show their movement cards to the player; while a hand keeps them, they are
    known (found in seeded random games)."""
    from tablerules.kragmortha.game import Kragmortha

    rng = random.Random(1)
    for seed in range(4):
        game = Kragmortha(seed=seed)
        while not game.is_over():
            before = len(game.log)
            random_step(game, rng)
            shown = [line for line in game.log[before:] if " shows player " in line]
            if shown:
                viewer = int(shown[0].split("shows player ")[1].split(":")[0])
                owner = int(shown[0].split()[1])
                hand = sorted(game.state.seats[owner].hand)
                assert sorted(knowledge(game, viewer).pools[("hand", owner)].elements()) == hand
                for _ in range(5):
                    assert sorted(sample_world(game, viewer, rng).state.seats[owner].hand) == hand
                return
    raise AssertionError("no 親愛的朋友 in these games")


def test_a_card_drawn_face_up_into_a_hand_stays_there() -> None:
    """Munchkin: a card drawn face up (seen by all) into a hand is known to be there by every seat."""
    from tablerules.munchkin.game import MunchkinGame

    rng = random.Random(1)
    game = MunchkinGame(seed=0)
    while not game.is_over():
        before = len(game.log)
        hands = [list(p.hand) for p in game.state.players]
        random_step(game, rng)
        lines = [line for line in game.log[before:] if " draws " in line and line.endswith("face up")]
        owner = int(lines[0].split()[1]) if lines else -1
        got = [c for c in game.state.players[owner].hand if c not in hands[owner]] if lines else []
        if got:
            viewer = (owner + 1) % game.num_players()
            assert knowledge(game, viewer).pools[("hand", owner)][got[0]] == 1
            for _ in range(5):
                assert got[0] in sample_world(game, viewer, rng).state.players[owner].hand
            return
    raise AssertionError("no card drawn face up into a hand")


@pytest.mark.parametrize("name", HIDING)
def test_a_world_sampled_from_a_sampled_world_is_the_one_sampled_from_the_real_game(name: str) -> None:
    """The draw reads only the stream and what the seat knows: from the real game and from any world
    sampled from it for the same seat, the same stream gives the same world (a search started from
    either decides alike)."""
    rng = random.Random(11)
    differed = 0
    for i, game in enumerate(positions(name, 12, seed=3)):
        player = i % game.num_players()
        other = sample_world(game, player, rng)
        differed += other.state_dict() != game.state_dict()
        for seed in range(3):
            a = sample_world(game, player, random.Random(seed))
            b = sample_world(other, player, random.Random(seed))
            assert a.state_dict() == b.state_dict()
        played = other.copy()
        assert knowledge(played, player) == knowledge(game, player)
        if not played.is_over() and other.state_dict() != game.state_dict():
            random_step(played, rng)  # played on, a world's history no longer leads to it: only what the seat sees
            assert not knowledge(played, player).replayed
    assert differed > 0


def test_a_face_down_opening_card_is_never_redrawn_as_a_joker() -> None:
    """Nobody may open with a joker (the opening offers plain cards only): a world sampled while other
    seats' opening cards lie face down holds no joker there, and the opening plays on in it."""
    from tablerules.baldur.cards import is_joker

    rng = random.Random(2)
    game = Baldur(seed=5)
    while game.state.stage != "opening" or game.is_chance():
        random_step(game, rng)
    opener = game.to_act()[0]
    game.apply(next(a for a in game.legal_actions(opener) if isinstance(a, BA.Open)))
    player = game.to_act()[0]
    assert player != opener
    jokers_elsewhere = 0
    for _ in range(300):
        world = sample_world(game, player, rng)
        assert not is_joker(world.state.opening[opener])
        assert world.observation(player) == game.observation(player)
        jokers_elsewhere += any(is_joker(c) for c in world.state.seats[opener].hand)
        if _ < 20:
            while world.state.stage == "opening" and not world.is_chance():
                seat = world.to_act()[0]
                world.apply(world.legal_actions(seat)[0])
    assert jokers_elsewhere > 0  # the opener's hand may still hold one
