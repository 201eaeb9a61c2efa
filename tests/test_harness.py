"""The random-simulation invariant harness: it passes a correct game and catches broken ones."""

from __future__ import annotations

from typing import Any

import pytest
from dicegame import Hold, Pig, Roll

from tablerules.core.protocol import Action, ChanceStep
from tablerules.core.testing import HarnessFailure, random_sim_test


def test_thousands_of_random_pig_games_keep_every_invariant() -> None:
    report = random_sim_test(lambda seed: Pig({"players": 3}, seed=seed), n_games=2000, seed=0,
                             round_trip_every=5)
    assert report.games == 2000
    assert report.actions == sum(report.lengths) and report.longest == max(report.lengths)
    assert report.chance_steps > 10_000
    assert report.illegal_checked > 1000  # stale actions were refused without changing the state


def test_every_step_round_trips_on_a_smaller_run() -> None:
    report = random_sim_test(lambda seed: Pig(seed=seed), n_games=100, seed=1000, round_trip_every=1,
                             undo_every=1)
    assert report.games == 100


class NeverEnds(Pig):
    def perform(self, action: Action) -> None:
        if isinstance(action, Hold):
            self.state.turn_total = 0  # engine write: a game definition (Pig whose hold banks nothing)
            return
        super().perform(action)


class DuplicateActions(Pig):
    def player_actions(self) -> list[Action]:
        return [Roll(self.state.current), Roll(self.state.current)]


class BadProbabilities(Pig):
    def pending_chance(self) -> ChanceStep | None:
        step = super().pending_chance()
        if step is None:
            return None
        return ChanceStep(step.event, step.description, step.outcomes[:5])  # sums to 5/6


class NegativeProbability(Pig):
    def pending_chance(self) -> ChanceStep | None:
        step = super().pending_chance()
        if step is None:
            return None
        (one, p), (two, _), *rest = step.outcomes
        return ChanceStep(step.event, step.description, ((one, -p), (two, 3 * p), *rest))  # sums to 1


class DuplicateOutcomeLater(Pig):
    """The die is fine until the first player has scored, then lists its first face twice: the harness
    checks a list of outcomes it has seen before only once, and must still check every new list."""

    def pending_chance(self) -> ChanceStep | None:
        step = super().pending_chance()
        if step is None or self.state.scores[0] == 0:
            return step
        return ChanceStep(step.event, step.description, (*step.outcomes[:5], step.outcomes[0]))


class BrokenInvariant(Pig):
    def invariants(self) -> list[str]:
        return ["score above 10"] if max(self.state.scores) > 10 else []


class ForgetsOnReplay(Pig):
    counter = 0

    def state_dict(self) -> dict[str, Any]:
        ForgetsOnReplay.counter += 1
        return {**super().state_dict(), "hidden": ForgetsOnReplay.counter}


class StuckWithoutActions(Pig):
    def player_actions(self) -> list[Action]:
        return [] if self.state.scores[0] > 0 else super().player_actions()


class AcceptsIllegal(Pig):
    def is_legal(self, action: Action) -> bool:
        return True


@pytest.mark.parametrize(
    ("game", "message"),
    [
        (NeverEnds, "did not end within"),
        (DuplicateActions, "listed twice"),
        (BadProbabilities, "sum to 1"),
        (NegativeProbability, "must be positive"),
        (DuplicateOutcomeLater, "listed twice"),
        (BrokenInvariant, "invariant broken.*score above 10"),
        (ForgetsOnReplay, "different state|copy differs"),
        (StuckWithoutActions, "no legal action"),
        (AcceptsIllegal, "not legal now was accepted"),
    ],
)
def test_the_harness_catches_broken_games(game: type[Pig], message: str) -> None:
    with pytest.raises(HarnessFailure, match=message):
        random_sim_test(lambda seed: game(seed=seed), n_games=50, max_length=400)


def test_harness_parts_share(monkeypatch: pytest.MonkeyPatch) -> None:
    """TABLERULES_HARNESS_SHARE runs the first share of the slow harness tests' parts (tests/harness_parts.py)."""
    from harness_parts import parts

    monkeypatch.delenv("TABLERULES_HARNESS_SHARE", raising=False)
    assert parts(40) == range(40)
    monkeypatch.setenv("TABLERULES_HARNESS_SHARE", "0.25")
    assert parts(40) == range(10) and parts(5) == range(1) and parts(1) == range(1)
    for bad in ("0", "1.5", "all"):
        monkeypatch.setenv("TABLERULES_HARNESS_SHARE", bad)
        with pytest.raises(ValueError, match="TABLERULES_HARNESS_SHARE"):
            parts(40)
