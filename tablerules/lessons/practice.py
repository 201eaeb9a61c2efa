"""Practice mode ("quiz me"): endless questions about positions of seeded games, reproducible by seed.

Question ``i`` of seed ``s`` plays a fresh game (seed ``(s, i)``) with seeded random choices to a decision
where a question applies, then asks it. Two kinds: the game's drills (its strengths, costs and odds, the
same asks the lessons use) and, for every game, "which of these may you do now?", whose wrong options are
actions the same seat could do earlier in the game and may not now; each is explained by the rule that
refuses it (the engine's own refusal).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from ..core.actions import Action
from ..core.errors import IllegalAction
from ..core.protocol import Game
from ..core.registry import game_class
from .asks import Answer, ask_named, drills_of
from .check import Shown
from .model import Call, Kind, Lesson, Position, Question, Rule, Step

MAX_STEPS = 400
LEGAL_PROMPT = "Which of these may {who} do now?"


@dataclass(frozen=True)
class Setting:
    """The game and its parameters for practice."""

    game: str
    players: int = 3


def _fresh(setting: Setting, seed: int) -> Game:
    cls = game_class(setting.game)
    try:
        return cls({"players": setting.players}, seed=seed)
    except (TypeError, ValueError):
        return cls(seed=seed)


def _refusal(game: Game, action: Action) -> str | None:
    """Why the rules refuse ``action`` now, in the engine's words naming the rule (None: they allow it)."""
    trial = game.copy()
    try:
        trial.apply(action)
    except IllegalAction as exc:
        reason = str(exc).split("): ", 1)[-1].rstrip(".")
        return f"the rule on {exc.rule} refuses it ({reason})"
    return None


def legal_question(game: Game, seen: dict[int, list[Action]], rng: random.Random) -> Answer | None:
    """One legal action of the seat to act and up to three it could do earlier and may not now."""
    if game.is_chance() or game.is_over():
        return None
    seat = game.to_act()[0]
    legal = list(game.legal_actions(seat))
    if not legal:
        return None
    now = {a.describe() for a in legal}
    earlier = []
    for a in reversed(seen.get(seat, [])):
        text = a.describe()
        if text in now or any(text == e.describe() for e, _ in earlier):
            continue
        why = _refusal(game, a)
        if why is not None:
            earlier.append((a, why))
        if len(earlier) == 3:
            break
    if not earlier:
        return None
    right = rng.choice(legal)
    options = [right.describe(), *(a.describe() for a, _ in earlier)]
    rng.shuffle(options)
    why = (f"Allowed now: {right.describe()}.", *(f"Not now: {a.describe()}: {reason}." for a, reason in earlier))
    return Answer(right.describe(), why, tuple(options))


def _step(setting: Setting, seed: int, index: int, prompt: str, kind: Kind, ask: str, seat: int, about: str,
          args: tuple = ()) -> Step:
    """A practice question as a lesson step (its position is the seeded game, not a set-up)."""
    return Step(f"practice-{index}", f"Practice question {index + 1}", seat, Rule("practice", "", "", about),
                Position(Call("practice", (setting.game, seed, index))), Question(kind, prompt, ask, args))


def question(setting: Setting, seed: int, index: int) -> Shown:
    """Practice question ``index`` of ``seed``: always the same question for the same three numbers."""
    rng = random.Random(f"{setting.game}/{seed}/{index}")
    lesson = Lesson(setting.game, "practice", f"Practice: {setting.game}", "", ())
    drills = drills_of(setting.game)
    for _attempt in range(20):
        game = _fresh(setting, rng.randrange(10**9))
        stop_after = rng.randrange(5, MAX_STEPS)
        seen: dict[int, list[Action]] = {}
        for n in range(MAX_STEPS):
            if game.is_over():
                break
            if game.is_chance():
                game.roll()
                continue
            if n >= stop_after:
                found = _ask_here(setting, seed, index, lesson, game, drills, seen, rng)
                if found is not None:
                    return found
            legal = game.legal_actions()
            action = rng.choice(legal)
            seen.setdefault(action.actor if action.actor is not None else -1, []).append(action)
            game.apply(action)
    raise RuntimeError(f"no practice question found for {setting.game} (seed {seed}, question {index})")


def _ask_here(setting: Setting, seed: int, index: int, lesson: Lesson, game: Game, drills: list,
              seen: dict[int, list[Action]], rng: random.Random) -> Shown | None:
    seat = game.to_act()[0]
    usable = [(d, args) for d in drills if (args := d.arguments(game)) is not None]
    if usable and rng.random() < 0.7:
        d, args = rng.choice(usable)
        ask = ask_named(setting.game, d.ask)
        try:
            answer = ask.compute(game, **args)
        except ValueError:
            return None
        step = _step(setting, seed, index, d.prompt, ask.kind, ask.name, seat,
                     f"A position from a seeded game: {ask.about}.", tuple(sorted(args.items())))
        return Shown(lesson, step, game, answer)
    answer = legal_question(game, seen, rng)
    if answer is None:
        return None
    step = _step(setting, seed, index, LEGAL_PROMPT.format(who=f"player {seat}"), Kind.CHOICE, "legal", seat,
                 "A position from a seeded game: what may the seat to act do?")
    return Shown(lesson, step, game, answer)


def questions(setting: Setting, seed: int = 0) -> Iterator[Shown]:
    """The endless practice questions of ``seed``."""
    index = 0
    while True:
        yield question(setting, seed, index)
        index += 1
