"""``tablerules sweep GAME --games N --agents A,B --param key=v1,v2 --out DIR``: the command's parser and
body (``tablerules.cli`` only adds the subcommand).

``--check`` plays every game under the random-game harness's checks (the soak; rates in
:mod:`.checked`), ``--mix`` draws each seat's agent from ``--agents`` per game (seeded), and GAME may be
several games (``munchkin,quest``) or ``all``: one run, one sweep per game, a summary line per game
(games, capped share and the cap, violations, errors, CPU seconds per 1,000 games)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from ..core.agents import agent_names
from ..core.registry import game_names
from .checked import CheckRates
from .plan import SweepSpec

CHECK_HELP = ("play every game under the random-game harness's checks: " + CheckRates().describe()
              + "; a broken check is a row (status 'violation') with the seed, the action index, the check "
              "and a save that 'tablerules play GAME --load FILE' opens at that point (violations/ beside the chunk)")


def game_list(text: str) -> list[str]:
    """The games named by the command's GAME: one name, several (``a,b``) or ``all``."""
    return game_names() if text == "all" else [n.strip() for n in text.split(",") if n.strip()]

def _value(text: str) -> Any:
    """A parameter value: JSON where it parses (``2``, ``true``, ``1.5``), else the text."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def param(text: str) -> tuple[str, list[Any]]:
    key, sep, values = text.partition("=")
    if not sep or not key or not values:
        raise argparse.ArgumentTypeError(f"expected KEY=V1,V2,..., not {text!r}")
    return key.strip(), [_value(v.strip()) for v in values.split(",") if v.strip()]


def agents(text: str) -> tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    unknown = [n for n in names if n not in agent_names()]
    if not names or unknown:
        raise argparse.ArgumentTypeError(f"agents are comma-separated names among {', '.join(agent_names())}, "
                                         f"not {text!r}")
    return names


def add_parser(sub: Any, positive: Any) -> None:
    p = sub.add_parser("sweep", help="a balance sweep on dask: many seeded games into a Parquet dataset")
    p.add_argument("game", help="a game, several (a,b) or 'all' (one sweep each, in one run)")
    p.add_argument("--games", type=positive, required=True, help="games per parameter setting")
    p.add_argument("--agents", type=agents, default=("random",), metavar="A[,B...]",
                   help=f"one agent per seat, cycled ({', '.join(agent_names())})")
    p.add_argument("--mix", action="store_true",
                   help="each game draws every seat's agent from --agents (a name given twice weighs twice), "
                   "seeded by the game's seed; the 'agents' column says which")
    p.add_argument("--check", action="store_true", help=CHECK_HELP)
    p.add_argument("--param", type=param, action="append", default=[], metavar="KEY=V1,V2",
                   help="sweep a game parameter over these values (repeatable: every combination)")
    p.add_argument("--out", required=True, metavar="DIR", help="the Parquet dataset folder")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=positive, default=1, help="local worker processes (default 1)")
    p.add_argument("--chunk-size", type=positive, default=100)
    p.add_argument("--max-actions", type=positive, default=None, help="stop a game after this many actions")
    p.add_argument("--name", default="", help="the sweep's name (default: derived from its settings)")
    p.add_argument("--scheduler", metavar="ADDR", help="an existing dask scheduler instead of a local cluster")
    p.add_argument("--no-progress", action="store_true")
    p.add_argument("--json", action="store_true")


def run(args: argparse.Namespace, out: TextIO, game_cls: type | list[type]) -> dict[str, Any]:
    """Run (or resume) the sweep (one per game); returns the report's JSON with a summary per game."""
    from .runner import run_sweep

    classes = game_cls if isinstance(game_cls, list) else [game_cls]
    specs = []
    for cls in classes:
        cls.make_params({k: v[0] for k, v in args.param})  # a bad parameter fails before any cluster starts
        name = args.name if len(classes) == 1 or not args.name else f"{args.name}-{cls.name}"
        specs.append(SweepSpec(cls.name, args.games, args.agents, dict(args.param), args.seed, args.chunk_size,
                               args.max_actions, name, mix=args.mix, check=args.check))
    report = run_sweep(specs, args.out, scheduler=args.scheduler, workers=args.workers,
                       progress=not args.no_progress, log=sys.stderr)
    data = report.to_json()
    data["per_game"] = [summary(spec, args.out) for spec in specs]
    return data


def summary(spec: SweepSpec, out: Any) -> dict[str, Any]:
    """One sweep's rows so far: games, the length cap and the share of capped games, violations, errors,
    mean actions and CPU seconds per 1,000 games (core-seconds)."""
    from ..core.registry import game_class
    from . import query as Q

    cls = game_class(spec.game)
    params = cls.make_params({k: v[0] for k, v in spec.params.items()})
    cap = {"actions": spec.max_actions or cls.game_info().max_length}
    for key in ("max_turns", "max_rounds"):  # the game's own turn cap (records._turn_capped)
        if getattr(params, key, None):
            cap[key] = getattr(params, key)
    data: dict[str, Any] = {"game": spec.game, "sweep": spec.sweep_id, "cap": cap}
    con = Q.connect(out, spec.sweep_id)
    row = Q.rows(con, """SELECT count(*) AS games, count(*) FILTER (WHERE capped) AS capped,
        count(*) FILTER (WHERE status = 'violation') AS violations, count(*) FILTER (WHERE status = 'error') AS errors,
        avg(actions) AS actions, sum(coalesce(cpu_seconds, seconds)) AS cpu FROM games""")[0]
    games = row["games"] or 0
    data.update(games=games, capped=row["capped"] or 0, capped_share=round((row["capped"] or 0) / games, 4)
                if games else 0.0, violations=row["violations"] or 0, errors=row["errors"] or 0,
                mean_actions=round(row["actions"] or 0.0, 1),
                cpu_seconds_per_1000=round(1000 * (row["cpu"] or 0.0) / games, 1) if games else 0.0)
    return data


def text(data: dict[str, Any]) -> str:
    state = "complete" if data["complete"] else "interrupted: run it again to resume"
    lines = [f"sweep {data['sweep']} in {data['out']}: {data['ran']} chunks ({data['games']} games, "
             f"{data['errors']} errors, {data.get('violations', 0)} violations) in {data['seconds']:.1f} s; "
             f"{data['done_before']} were done before; {state}"]
    for g in data.get("per_game", []):
        cap = ", ".join(f"{v} {k.replace('max_', '')}" for k, v in g["cap"].items())
        lines.append(f"  {g['game']}: {g['games']} games, {100 * g['capped_share']:.1f}% capped (cap {cap}), "
                     f"{g['violations']} violations, {g['errors']} errors, {g['mean_actions']:.0f} actions a "
                     f"game, {g['cpu_seconds_per_1000']:.0f} CPU seconds per 1,000 games")
    return "\n".join(lines)
