"""``tablerules sweep GAME --games N --agents A,B --param key=v1,v2 --out DIR``: the command's parser and
body (``tablerules.cli`` only adds the subcommand)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from ..core.agents import agent_names
from .plan import SweepSpec


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
    p.add_argument("game")
    p.add_argument("--games", type=positive, required=True, help="games per parameter setting")
    p.add_argument("--agents", type=agents, default=("random",), metavar="A[,B...]",
                   help=f"one agent per seat, cycled ({', '.join(agent_names())})")
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


def run(args: argparse.Namespace, out: TextIO, game_cls: type) -> dict[str, Any]:
    """Run (or resume) the sweep; returns the report's JSON (the caller prints it)."""
    from .runner import run_sweep

    game_cls.make_params({k: v[0] for k, v in args.param})  # a bad parameter fails before any cluster starts
    spec = SweepSpec(game_cls.name, args.games, args.agents, dict(args.param), args.seed, args.chunk_size,
                     args.max_actions, args.name)
    report = run_sweep(spec, args.out, scheduler=args.scheduler, workers=args.workers,
                       progress=not args.no_progress, log=sys.stderr)
    return report.to_json()


def text(data: dict[str, Any]) -> str:
    state = "complete" if data["complete"] else "interrupted: run it again to resume"
    return (f"sweep {data['sweep']} in {data['out']}: {data['ran']} chunks ({data['games']} games, "
            f"{data['errors']} errors) in {data['seconds']:.1f} s; {data['done_before']} were done before; "
            f"{state}")
