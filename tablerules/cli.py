"""The ``tablerules`` command line: exact odds, simulations and a terminal step-through.

Every command takes ``--json``; the JSON printed is a contract (exact fraction strings plus a
``"float"`` object with the same keys). Bad arguments exit with code 2 and a one-line message.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from . import odds
from .core.agents import agent_names, make_agent
from .core.errors import SaveError, TablerulesError
from .core.files import atomic_path
from .core.protocol import Game
from .core.registry import game_class, game_names
from .core.simulation import simulate
from .quest.geometry import Colour
from .terminal import play_loop
from .terminal.screen import agents_play as _agents_play  # noqa: F401 - the name tests/test_referee.py imports


class UsageError(Exception):
    """Bad command-line input: exit code 2 with a one-line message."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


# ----- argument ranges: what the game allows, or what answers in well under a second ----------
MAX_DICE_PER_SIDE = 100        # combat: the munchkins' dice, and the monsters' dice, each at most this
MAX_STRENGTH = 10_000          # combat: |level + bonuses| of one fighter or monster
MAX_MONSTERS = 50              # running away: one d6 per monster
MAX_MODIFIER = 100             # running away: |modifier| and |need|
SEARCH_DICE = (0, 3)           # the search table (seed 001 p. 20) is for 0 to 3 dice
MAX_SEARCH_MODIFIER = 20       # rows run 1..11: beyond +-20 every roll reads the same row
CONQUEST_TOKENS = (1, 100)     # Small World: the last conquest needs a token in hand
CONQUEST_COST = (1, 100)       # a region never costs less than one token
CONQUEST_REACH = 3             # the last attempt targets a region costing at most 3 tokens more than held
MAX_GAMES = 1_000_000          # simulate
MAX_SEED = 2**63 - 1
MAX_TURNS = 1_000              # quest forecast: monster turns


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text[:40]!r}") from None


def _ranged(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        value = _whole(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected {low} to {high}, not {value}")
        return value

    return parse


def _side(text: str) -> tuple[int, int]:
    """``S[:D]``: strength S (may be negative) and D d6 (default 1)."""
    strength, _, dice = text.partition(":")
    try:
        pair = int(strength), int(dice) if dice else 1
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected STRENGTH[:DICE] such as 7 or -2:3, not {text[:40]!r}") from None
    if not 0 <= pair[1] <= MAX_DICE_PER_SIDE:
        raise argparse.ArgumentTypeError(f"the number of dice must be 0 to {MAX_DICE_PER_SIDE}: {text[:40]!r}")
    if abs(pair[0]) > MAX_STRENGTH:
        raise argparse.ArgumentTypeError(f"the strength must be -{MAX_STRENGTH} to {MAX_STRENGTH}: {text[:40]!r}")
    return pair


def _modifier_list(text: str) -> list[int]:
    try:
        values = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated integers, not {text[:40]!r}") from None
    if not 1 <= len(values) <= MAX_MONSTERS:
        raise argparse.ArgumentTypeError(f"expected 1 to {MAX_MONSTERS} modifiers, not {len(values)}")
    if any(abs(v) > MAX_MODIFIER for v in values):
        raise argparse.ArgumentTypeError(f"every modifier must be -{MAX_MODIFIER} to {MAX_MODIFIER}")
    return values


def _non_negative(text: str) -> int:
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tablerules", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p_odds = sub.add_parser("odds", help="exact odds of combat, running away, searching, conquering")
    odds_sub = p_odds.add_subparsers(dest="what", required=True, parser_class=_Parser)

    p = odds_sub.add_parser("combat", help="P(munchkins win) in a dice combat")
    p.add_argument("--side", action="append", type=_side, required=True, metavar="S[:D]",
                   help=f"a munchkin: total strength S and D d6 (default 1); negative: --side=-2:3; "
                        f"|S| <= {MAX_STRENGTH}, the munchkins roll at most {MAX_DICE_PER_SIDE} dice in all")
    p.add_argument("--monster", action="append", type=_side, required=True, metavar="S[:D]",
                   help=f"a monster: level + bonuses S and D d6 (default 1); the monsters roll at most "
                        f"{MAX_DICE_PER_SIDE} dice in all")
    p.add_argument("--ties-win", action="store_true", help="ties go to the munchkins")
    p.add_argument("--json", action="store_true")

    p = odds_sub.add_parser("flee", help="running away: one d6 per monster")
    p.add_argument("--monsters", type=_ranged(1, MAX_MONSTERS),
                   help=f"how many monsters (with --modifier), 1 to {MAX_MONSTERS}")
    p.add_argument("--modifier", type=_ranged(-MAX_MODIFIER, MAX_MODIFIER), default=None,
                   help=f"the modifier to every roll, -{MAX_MODIFIER} to {MAX_MODIFIER}")
    p.add_argument("--modifiers", type=_modifier_list,
                   help=f"one modifier per monster: M1,M2,... (1 to {MAX_MONSTERS} of them)")
    p.add_argument("--need", type=_ranged(-MAX_MODIFIER, MAX_MODIFIER), default=odds.FLEE_NEED,
                   help=f"escape on roll + modifier >= NEED (default {odds.FLEE_NEED})")
    p.add_argument("--json", action="store_true")

    p = odds_sub.add_parser("search", help="the Munchkin Quest search table")
    p.add_argument("--dice", type=_ranged(*SEARCH_DICE), required=True,
                   help=f"search dice, {SEARCH_DICE[0]} to {SEARCH_DICE[1]} as the search table")
    p.add_argument("--modifier", type=_ranged(-MAX_SEARCH_MODIFIER, MAX_SEARCH_MODIFIER), default=0,
                   help=f"the room's search modifier, -{MAX_SEARCH_MODIFIER} to {MAX_SEARCH_MODIFIER}")
    p.add_argument("--json", action="store_true")

    p = odds_sub.add_parser("conquest", help="Small World's final conquest with the reinforcement die")
    p.add_argument("--tokens", type=_ranged(*CONQUEST_TOKENS), required=True,
                   help=f"tokens in hand, {CONQUEST_TOKENS[0]} to {CONQUEST_TOKENS[1]}")
    p.add_argument("--cost", type=_ranged(*CONQUEST_COST), required=True,
                   help=f"tokens the region costs, {CONQUEST_COST[0]} to {CONQUEST_COST[1]} and at most "
                        f"TOKENS + {CONQUEST_REACH}")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("simulate", help="play many seeded random games")
    p.add_argument("game", help="one of: " + (", ".join(game_names()) or "(none registered)"))
    p.add_argument("--games", type=_ranged(1, MAX_GAMES), default=100, help=f"1 to {MAX_GAMES} (default 100)")
    p.add_argument("--seed", type=_ranged(0, MAX_SEED), default=0, help="the first game's seed, 0 to 2**63-1")
    p.add_argument("--json", action="store_true")
    p.add_argument("--progress", action="store_true", help="show a progress bar")
    p.add_argument("--agents", choices=agent_names(), default="random",
                   help="who plays every seat (heuristic: the game's own heuristic agent; mcts: tree search that sees "
                        "every hand; ismcts: tree search from what the seat may know)")

    p = sub.add_parser("play", help="step through a game in the terminal")
    p.add_argument("game")
    p.add_argument("--seed", type=_ranged(0, MAX_SEED), default=0, help="0 to 2**63-1")
    p.add_argument("--load", metavar="SAVE.json", help="continue a saved game")
    p.add_argument("--json", action="store_true", help="print the final save as JSON")
    p.add_argument("--seat", type=_non_negative, default=None, metavar="N",
                   help="play seat N only: agents play the other seats, and you see only what seat N may see")
    p.add_argument("--agents", choices=["random", "heuristic"], default=None,
                   help="who plays the other seats with --seat: heuristic (the default: the game's own heuristic "
                        "agent) or random")

    p_quest = sub.add_parser("quest", help="Munchkin Quest dungeons: move monsters, forecast, draw")
    quest_sub = p_quest.add_subparsers(dest="what", required=True, parser_class=_Parser)
    colours = [c.value for c in Colour]
    p = quest_sub.add_parser("move", help="one monster turn for a rolled colour")
    p.add_argument("dungeon", metavar="DUNGEON.json")
    p.add_argument("--colour", required=True, choices=colours)
    p.add_argument("--json", action="store_true")
    p = quest_sub.add_parser("forecast", help="P(each monster in each room) after K monster turns")
    p.add_argument("dungeon", metavar="DUNGEON.json")
    p.add_argument("--turns", type=_ranged(0, MAX_TURNS), required=True, help=f"0 to {MAX_TURNS}")
    p.add_argument("--json", action="store_true")
    p = quest_sub.add_parser("draw", help="draw the dungeon to a PNG")
    p.add_argument("dungeon", metavar="DUNGEON.json")
    p.add_argument("-o", "--output", required=True, metavar="FILE.png")
    p.add_argument("--colour", choices=colours, help="also show the paths of this monster turn")
    p.add_argument("--json", action="store_true")

    from .sweep.cli import add_parser as add_sweep_parser

    add_sweep_parser(sub, _non_negative)

    p = sub.add_parser("games", help="list the games")
    p.add_argument("--json", action="store_true")
    return parser


# ----- output helpers ------------------------------------------------------------------------
def _pct(p: Any) -> str:
    return f"{float(p) * 100:7.3f}%"


def _emit(args: argparse.Namespace, data: dict[str, Any], text: Callable[[], str], out: TextIO) -> None:
    if getattr(args, "json", False):
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
    else:
        out.write(text() + "\n")


# ----- commands ------------------------------------------------------------------------------
def cmd_odds(args: argparse.Namespace, out: TextIO) -> None:
    if args.what == "combat":
        for flag, side in (("--side", args.side), ("--monster", args.monster)):
            if odds.side_totals(side)[1] > MAX_DICE_PER_SIDE:
                raise UsageError(f"tablerules odds combat: the {flag} entries roll more than "
                                 f"{MAX_DICE_PER_SIDE} dice in all")
        result = odds.combat(args.side, args.monster, ties_win=args.ties_win)
        _emit(args, result.to_json(), lambda: "\n".join(
            f"{name:5} {p!s:>14} {_pct(p)}" for name, p in
            (("win", result.win), ("tie", result.tie), ("lose", result.lose))), out)
    elif args.what == "flee":
        if args.modifiers is not None:
            if args.monsters is not None or args.modifier is not None:
                raise UsageError("tablerules odds flee: give --modifiers, or --monsters with --modifier")
            modifiers = args.modifiers
        elif args.monsters is not None:
            modifiers = [args.modifier or 0] * args.monsters
        else:
            raise UsageError("tablerules odds flee: give --monsters N --modifier M, or --modifiers M1,M2,...")
        result = odds.flee(modifiers, need=args.need)

        def flee_text() -> str:
            lines = [f"escape all {result.escape_all!s:>14} {_pct(result.escape_all)}"]
            lines += [f"caught by {k:<2} {p!s:>14} {_pct(p)}" for k, p in enumerate(result.caught)]
            return "\n".join(lines)

        _emit(args, result.to_json(), flee_text, out)
    elif args.what == "search":
        result = odds.search(args.dice, args.modifier)
        _emit(args, result.to_json(), lambda: "\n".join(
            f"{result.row(r).label:>10} {p!s:>10} {_pct(p)}  {result.row(r).result}"
            for r, p in result.rows.items()), out)
    elif args.what == "conquest":
        if args.cost > args.tokens + CONQUEST_REACH:
            raise UsageError(f"tablerules odds conquest: the last attempt may only target a region costing at most "
                             f"{CONQUEST_REACH} tokens more than you hold (seed 003), not {args.cost - args.tokens}")
        p = odds.conquest(args.tokens, args.cost)
        _emit(args, {"success": str(p), "float": {"success": float(p)}},
              lambda: f"success {p!s:>8} {_pct(p)}", out)


def cmd_quest(args: argparse.Namespace, out: TextIO) -> None:
    from .quest.dungeon import Dungeon

    dungeon = Dungeon.load(args.dungeon)
    if args.what == "move":
        from .quest.movement import move_all

        paths = move_all(dungeon, Colour(args.colour))
        data = {"colour": args.colour, "monsters": {m: p.end for m, p in paths.items()},
                "paths": {m: list(p.rooms) for m, p in paths.items()}}
        _emit(args, data, lambda: "\n".join(
            f"{m:<16} {' -> '.join(p.rooms):<40} ({p.stop.value})" for m, p in paths.items()) or "no monsters", out)
    elif args.what == "forecast":
        from .quest.forecast import forecast

        result = forecast(dungeon, args.turns)
        data = {"turns": args.turns, "monsters": {m: {r: str(p) for r, p in d.items()} for m, d in result.items()},
                "float": {"monsters": {m: {r: float(p) for r, p in d.items()} for m, d in result.items()}}}

        def text() -> str:
            lines = []
            for m, dist in result.items():
                lines.append(f"{m}:")
                lines += [f"  {room:<16} {p!s:>14} {_pct(p)}" for room, p in dist.items()]
            return "\n".join(lines) or "no monsters"

        _emit(args, data, text, out)
    elif args.what == "draw":
        from .plots.dungeon_plot import dungeon_figure

        paths = None
        if args.colour:
            from .quest.movement import move_all

            paths = {m: p.rooms for m, p in move_all(dungeon, Colour(args.colour)).items() if len(p.rooms) > 1}
        fig = dungeon_figure(dungeon, paths=paths, title=args.dungeon)
        try:
            with atomic_path(args.output) as temporary:
                fig.savefig(temporary, dpi=110, bbox_inches="tight")
        except OSError as exc:
            raise UsageError(f"tablerules quest draw: cannot write {args.output}: {exc.strerror}") from None
        _emit(args, {"output": args.output, "rooms": len(dungeon.rooms)}, lambda: f"wrote {args.output}", out)


def _game(name: str) -> type[Game]:
    try:
        return game_class(name)
    except KeyError as exc:
        raise UsageError(f"tablerules: {exc.args[0]}") from None


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> None:
    cls = _game(args.game)
    agents = None
    if args.agents == "heuristic":
        agents = cls.heuristic_agent()
        if agents is None:
            raise UsageError(f"tablerules simulate: {args.game} has no heuristic agent yet")
    elif args.agents != "random":
        agents = make_agent(args.agents, cls, args.seed)
    # long runs show progress on a terminal (and always with --progress)
    progress = args.progress or (args.games >= 500 and sys.stderr.isatty())
    summary = simulate(cls, args.games, seed=args.seed, agents=agents, progress=progress)
    data = summary.to_json()

    def text() -> str:
        lines = [f"game      {data['game']}", f"games     {data['games']} (seed {data['seed']})",
                 f"finished  {data['finished']}", f"mean turns {data['mean_turns']:.2f}"]
        if data["capped"]:
            lines.append(f"capped    {data['capped']} (stopped at the length cap, not finished; seeds "
                         f"{', '.join(map(str, data['capped_seeds']))}{', ...' if data['capped'] > 20 else ''})")
        lines += [f"player {seat} won {wins}" for seat, wins in data["winners"].items()]
        return "\n".join(lines)

    _emit(args, data, text, out)


def cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> None:
    cls = _game(args.game)
    try:
        game = cls.load(args.load) if args.load else cls(seed=args.seed)
    except SaveError as exc:
        raise UsageError(f"tablerules play: {exc}") from None
    if args.seat is not None and args.seat >= game.num_players():
        raise UsageError(f"tablerules play: --seat must be below {game.num_players()} (the seats of this game)")
    agents = None
    if args.agents == "heuristic" or (args.agents is None and args.seat is not None):
        agents = cls.heuristic_agent()
        if agents is None and args.agents == "heuristic":
            raise UsageError(f"tablerules play: {args.game} has no heuristic agent yet")
        if agents is None:
            out.write(f"({args.game} has no heuristic agent yet: random agents play the other seats)\n")
    game = play_loop(game, inp, out, seat=args.seat, agents=agents)
    if args.json:
        out.write(json.dumps(game.to_json(), ensure_ascii=False) + "\n")


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, inp: TextIO | None = None) -> int:
    out = out or sys.stdout
    inp = inp or sys.stdin
    try:
        args = build_parser().parse_args(argv)
        if args.command == "odds":
            cmd_odds(args, out)
        elif args.command == "simulate":
            cmd_simulate(args, out)
        elif args.command == "play":
            cmd_play(args, out, inp)
        elif args.command == "quest":
            cmd_quest(args, out)
        elif args.command == "sweep":
            from .sweep import cli as sweep_cli

            try:
                data = sweep_cli.run(args, out, [_game(name) for name in sweep_cli.game_list(args.game)])
            except ValueError as exc:
                raise UsageError(f"tablerules sweep: {exc}") from None
            _emit(args, data, lambda: sweep_cli.text(data), out)
            if data["interrupted"]:
                return 130  # as a shell reports Ctrl-C: the finished chunks are kept, a rerun resumes
        elif args.command == "games":
            names = game_names()
            out.write((json.dumps({"games": names}) if args.json else "\n".join(names) or "(none)") + "\n")
    except UsageError as exc:
        sys.stderr.write(str(exc).splitlines()[0] + "\n")
        return 2
    except TablerulesError as exc:
        sys.stderr.write(f"tablerules: {exc}".splitlines()[0] + "\n")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
