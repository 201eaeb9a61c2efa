"""Tables and charts of the strength ladder and of the balance counts (:mod:`tablerules.analysis`)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes

from ..analysis.balance import Finding, SeatWins
from ..analysis.ladder import Ladder, Match, Side
from ..analysis.ladder_results import LadderResults
from ..analysis.stats import ELO, wilson
from ..core.agents import WHOLE_GAME
from ..core.registry import game_class
from .show import Table, Text

AGENT_WORDS = {"random": "random", "heuristic": "heuristic", "mcts": "MCTS search (sees every hand)",
               "ismcts": "information-set MCTS"}


#: short names for a chart's labels
SHORT_GAMES = {"munchkin": "Munchkin", "quest": "Munchkin Quest", "quest-crawl": "Quest dungeon crawl",
               "smallworld": "Small World", "baldursgate": "Baldur's Gate", "kragmortha": "Kragmortha"}
SHORT_AGENTS = {"mcts": "MCTS", "ismcts": "IS-MCTS"}


def agent_words(name: str) -> str:
    return AGENT_WORDS.get(name, name)


def game_title(name: str) -> str:
    return game_class(name).title or name


def match_table(matches: Sequence[Match], caption: str = "") -> Table:
    """One row a match: the games each side won, draws, capped games by standing, A's share of the decided
    games with its 95% interval, and the sign test."""
    rows = []
    for m in matches:
        capped = (f"{m.capped[Side.A]} / {m.capped[Side.B]} / {m.capped[Side.DRAW]}" if m.capped_games else "none")
        share = m.rate().words() if m.a_wins + m.b_wins else "no game decided"
        rows.append((game_title(m.game), f"{agent_words(m.a)} against {agent_words(m.b)}", len(m.seeds),
                     f"{m.a_wins} to {m.b_wins}", m.draws, capped, m.errors, share, m.test().words()))
    return Table(rows, ("game", "match", "seeds", "wins", "draws", "capped, led by A / B / level", "errors",
                        "A's share of the decided games (95% interval)", "test against half"), caption)


def ratings_table(ladders: Sequence[Ladder], caption: str = "") -> Table:
    """Each game's Bradley-Terry ratings in Elo points above random, with 95% intervals; unrated agents."""
    rows = []
    for board in ladders:
        for r in board.ratings:
            interval = "the reference" if r.agent == "random" else f"{r.low * ELO:+.0f} to {r.high * ELO:+.0f}"
            rows.append((game_title(board.game), agent_words(r.agent), f"{r.elo:+.0f}", interval, f"{r.games:.0f}"))
        for name in board.unrated:
            rows.append((game_title(board.game), agent_words(name), "not rated", "no game finished", "0"))
    return Table(rows, ("game", "agent", "Elo above random", "95% interval", "games (with one virtual draw)"),
                 caption)


def ratings_chart(ax: Axes, ladders: Sequence[Ladder], title: str = "") -> Axes:
    """Elo points above random per game and agent, with the 95% intervals as error bars."""
    labels, elo, low, high = [], [], [], []
    for board in ladders:
        for r in board.ratings:
            if r.agent == "random":
                continue
            labels.append(f"{SHORT_GAMES.get(board.game, board.game)}: {SHORT_AGENTS.get(r.agent, r.agent)}")
            elo.append(r.elo)
            low.append(r.elo - r.low * ELO)
            high.append(r.high * ELO - r.elo)
    y = np.arange(len(labels))
    ax.barh(y, elo, xerr=[low, high], color="#5c6bc0", ecolor="#333", capsize=3)
    ax.set_yticks(y, labels)
    ax.invert_yaxis()
    ax.axvline(0, color="#c62828", ls="--", lw=2, label="random (0)")
    ax.legend(loc="lower right")
    ax.set(xlabel="Elo points above random (95% interval)", title=title or "the strength ladder")
    return ax


def seat_table(wins: SeatWins, caption: str = "") -> Table:
    """Wins by seat (or turn position) with their 95% intervals, and the chi-square against fair."""
    rows = [(wins.label(i), f"{r.successes:.0f}", r.words()) for i, r in enumerate(wins.rates)]
    rows.append(("all seats", f"{sum(r.successes for r in wins.rates):.0f}", wins.test.words()))
    return Table(rows, (wins.by.value, "wins", "win rate (95% interval) / test against fair"),
                 caption or f"{wins.games} games ended in play, {wins.capped} stopped by the length cap")


def seat_bars(ax: Axes, wins: SeatWins, title: str = "") -> Axes:
    """Win rate by seat (or turn position) with 95% intervals, and the fair share as a dotted line."""
    from .odds_plots import rate_bars

    labels = [wins.label(i).removesuffix(" player") for i in range(len(wins.rates))]
    rate_bars(ax, {f"{i}": r.successes for i, r in enumerate(wins.rates)},
              {f"{i}": r.trials for i, r in enumerate(wins.rates)}, baseline=1 / len(wins.rates),
              labels={f"{i}": text for i, text in enumerate(labels)})
    ax.set_ylim(0, max((r.high for r in wins.rates), default=1) * 1.25)  # room for the legend
    ax.set_title(title or f"win rate by {wins.by.value}")
    return ax


def findings(items: Sequence[Finding]) -> Text:
    """The findings as a Markdown list, each with its interval and test (or "agents too weak")."""
    return Text("\n".join(f"- {f.words()}" for f in items))


def rollout_words(depth: int) -> str:
    """A search's rollout length in words: ``rollouts of 80 actions``, or to the game's end."""
    return "rollouts to the game's end" if depth >= WHOLE_GAME else f"rollouts of {depth} actions"


def settings_table(results: LadderResults, caption: str = "") -> Table:
    """How each game's ladder was measured: seats, seeds per match (each played once per seating), the search
    rung's simulations a decision and rollout length, and when."""
    rows = []
    for run in results.games:
        seeds = "; ".join(f"{SHORT_AGENTS.get(a, a)} v {SHORT_AGENTS.get(b, b)} {n}"
                          for (a, b), n in run.seeds().items())
        search = (f"{run.search.simulations} simulations, {rollout_words(run.search.rollout_depth)}"
                  if run.search else "no search rung")
        rows.append((game_title(run.game), run.players, seeds, search, run.made or "not recorded"))
    return Table(rows, ("game", "seats", "seeds a match", "search budget a decision", "measured"), caption)


def order_words(match: Match) -> str:
    """Whether ``match.b`` is shown stronger than ``match.a``: the verdict, B's share of the decided games
    with its 95% interval, and the sign test."""
    b_share = wilson(match.b_wins, match.a_wins + match.b_wins)
    if not match.a_wins + match.b_wins:
        return f"{agent_words(match.a)} < {agent_words(match.b)}: no game decided"
    shown = match.b_wins > match.a_wins and match.test().significant()
    reversed_ = match.a_wins > match.b_wins and match.test().significant()
    verdict = ("shown" if shown else f"the reverse is shown ({agent_words(match.a)} is the stronger)" if reversed_
               else "not shown (the interval covers one half)")
    return (f"{agent_words(match.a)} < {agent_words(match.b)}: {verdict}; {agent_words(match.b)} won "
            f"{b_share.words()} of the games one side won ({agent_words(match.a)} against {agent_words(match.b)}: "
            f"{match.test().words()})")


def order_list(results: LadderResults) -> Text:
    """Per game, each rung against the next in words (:func:`order_words`)."""
    lines = []
    for run in results.games:
        parts = "; ".join(order_words(m) for m in run.matches)
        lines.append(f"- **{SHORT_GAMES.get(run.game, run.game)}**: {parts}.")
    return Text("\n".join(lines))
