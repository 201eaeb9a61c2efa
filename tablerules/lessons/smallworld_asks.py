"""Small World's asks (seed 003): what a combo costs and brings, what a conquest costs, the odds of the
final attempt, the coins of a turn, the tokens to redeploy, which regions may be conquered, the rounds."""

from __future__ import annotations

from ..core.words import counted
from ..smallworld.actions import Conquer, EndConquest
from ..smallworld.analysis import final_attempt_odds
from ..smallworld.game import SmallWorld
from ..smallworld.rules.combos import combo_tokens as tokens_of
from ..smallworld.rules.conquest import conquest_cost as cost_of
from ..smallworld.rules.conquest import cost_breakdown
from ..smallworld.rules.scoring import score_breakdown
from .asks import Answer, ask, drill, percent, terms_lines
from .common_asks import learner_actions, register_play_kind
from .model import Kind

GAME = "smallworld"

register_play_kind(GAME, {
    "Decline": "进入衰退: instead of conquering, put your active race into decline: flip its banner, keep one "
               "token in each region, and score this turn with it.",
    "EndConquest": "3. 重新布署部队: when you stop conquering, you redeploy your tokens among your regions.",
    "PickCombo": "1. 选择一个种族与特殊能力的组合: take a combo from the row, paying one coin on each combo above it.",
    "Abandon": "放弃区域: at the start of your turn you may empty regions to take their tokens back into hand.",
})


def _region_name(g: SmallWorld, region: int) -> str:
    return f"region {region} ({g.board.regions[region].terrain})"


@ask(GAME, Kind.NUMBER, "the coins a combo of the row costs")
def pick_cost(g: SmallWorld, index: int) -> Answer:
    s = g.state
    combo = f"{s.row_races[index]} + {s.row_powers[index]}"
    return Answer(index, (f"{combo} is in position {index + 1} of the row: you pay one coin on each of the "
                          f"{counted(index, 'combo')} above it (the first combo is free).",))


@ask(GAME, Kind.NUMBER, "the race tokens a combo brings")
def combo_tokens(g: SmallWorld, index: int) -> Answer:
    s = g.state
    race, power = s.row_races[index], s.row_powers[index]
    n = tokens_of(g, race, power)
    return Answer(n, (f"The {race} banner shows {g.races[race].tokens}, the {power} badge "
                      f"{g.powers[power].tokens}: {g.races[race].tokens} + {g.powers[power].tokens} = {n} tokens.",))


@ask(GAME, Kind.NUMBER, "the tokens a conquest of a region costs")
def conquest_cost(g: SmallWorld, region: int, player: int | None = None) -> Answer:
    p = g.state.current if player is None else player
    total = cost_of(g, p, region, g.force())
    terms = cost_breakdown(g, p, region, g.force())
    return Answer(total, (*terms_lines(f"The cost of {_region_name(g, region)}", terms, total),
                          "2. 征服区域: two tokens, one more for each encampment, fortress, mountain or troll lair, "
                          "and one more for each token of another player or lost tribe there."))


@ask(GAME, Kind.ACT, "conquer the cheapest region you can")
def cheapest_conquest(g: SmallWorld) -> Answer:
    conquests = [a for a in learner_actions(g, g.state.current) if isinstance(a, Conquer)]
    if not conquests:
        raise ValueError("no conquest is possible here")
    low = min(a.cost for a in conquests)
    right = frozenset(a for a in conquests if a.cost == low)
    lines = [f"{_region_name(g, a.region)} costs {counted(a.cost, 'token')}"
             for a in sorted(conquests, key=lambda a: (a.cost, a.region))[:6]]
    return Answer(right, (f"The cheapest conquest costs {counted(low, 'token')}.", *lines),
                  label=f"any region that costs {counted(low, 'token')}")


@ask(GAME, Kind.ODDS, "the chance the final attempt on a region succeeds")
def final_attempt_chance(g: SmallWorld, region: int) -> Answer:
    p = final_attempt_odds(g, region)
    seat = g.state.seats[g.state.current]
    cost = cost_of(g, g.state.current, region, g.force())
    short = cost - seat.hand
    return Answer(p, (f"You hold {counted(seat.hand, 'token')} and {_region_name(g, region)} costs {cost}: "
                      f"you are {short} short.",
                      "最后一次征服的尝试: roll the reinforcement die once (three blank faces, then 1, 2 and 3); "
                      f"it succeeds when the die makes up the difference: {percent(p)}."))


@ask(GAME, Kind.NUMBER, "the coins a player scores at the end of this turn")
def coins_this_turn(g: SmallWorld, player: int) -> Answer:
    terms = score_breakdown(g, player)
    total = sum(v for _, v in terms)
    return Answer(total, (*terms_lines("The coins this turn", terms, total),
                          "3. 获得胜利点数: one coin for each region you hold (active and in decline), plus what "
                          "your race and power add."))


@ask(GAME, Kind.NUMBER, "the tokens in hand to redeploy after the conquests")
def tokens_to_redeploy(g: SmallWorld) -> Answer:
    p = g.state.current
    trial = g.copy()
    trial.apply(EndConquest(p))
    hand = trial.state.seats[p].hand
    held = sum(1 for o, d in zip(trial.state.owner, trial.state.decline, strict=True) if o == p and not d)
    return Answer(hand, (f"重新布署部队: every region keeps one token; the rest come into your hand. You hold "
                         f"{counted(held, 'region')}, so {counted(hand, 'token')} are yours to place again.",))


YES, NO = "yes", "no"


@ask(GAME, Kind.CHOICE, "whether a region may be conquered now")
def may_conquer(g: SmallWorld, region: int) -> Answer:
    p = g.state.current
    legal = [a for a in learner_actions(g, p) if isinstance(a, Conquer) and a.region == region]
    if legal:
        return Answer(YES, (f"{_region_name(g, region)} may be conquered now for "
                            f"{counted(legal[0].cost, 'token')}.",), (YES, NO))
    rule, why = g.illegal_reason(Conquer(p, region, cost_of(g, p, region, g.force())))
    return Answer(NO, (f"{_region_name(g, region)} may not be conquered now. The rule on {rule}: {why}.",), (YES, NO))


@ask(GAME, Kind.NUMBER, "the rounds left after this one")
def rounds_left(g: SmallWorld) -> Answer:
    s = g.state
    left = g.board.rounds - s.round
    return Answer(left, (f"The turn track of the {g.board.players}-player map has {g.board.rounds} rounds; this is "
                         f"round {s.round}, so {counted(left, 'round')} remain after it.",))


def _conquering(g: SmallWorld) -> dict | None:
    s = g.state
    if s.stage != "conquer" or g.force() != "active":
        return None
    options = sorted({a.region for a in learner_actions(g, s.current) if isinstance(a, Conquer)})
    return {"region": options[len(options) // 2]} if options else None


def _attempt(g: SmallWorld) -> dict | None:
    from ..smallworld.actions import FinalAttempt

    s = g.state
    tries = [a for a in learner_actions(g, s.current) if isinstance(a, FinalAttempt)]
    return {"region": tries[0].region} if tries and g.force() == "active" else None


def _anyone(g: SmallWorld) -> dict | None:
    return {"player": g.state.current} if any(o == g.state.current for o in g.state.owner) else None


drill(GAME, "conquest_cost", "How many tokens does a conquest of this region cost?", _conquering)
drill(GAME, "final_attempt_chance", "You are short of tokens: what is the chance your final attempt succeeds?",
      _attempt)
drill(GAME, "coins_this_turn", "How many coins will this player score at the end of the turn?", _anyone)
