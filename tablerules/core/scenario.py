"""What every game's scenario API (``tablerules/<game>/scenario.py``) shares: playing a legal action named by
its words, so a set-up (a lesson step, a worked example) can reach a position through the game's own rules."""

from __future__ import annotations

from .errors import ScenarioError
from .protocol import Game


def play_words(game: Game, words: str, label: str = "") -> None:
    """The legal action written ``words`` (its text, as the action lists show it) is played, out-of-turn
    actions included; a chance step it opens is left pending. A pending chance step, or words that name no
    legal action, are refused with a :class:`ScenarioError` naming the field ``action`` (and the game as its
    scenario module names it: ``label``)."""
    label = label or game.name
    if game.is_chance():
        raise ScenarioError(label, "action", "a chance step is pending: resolve it first")
    legal = list(game.legal_actions())
    legal += [a for actions in game.out_of_turn_actions().values() for a in actions]
    for action in legal:
        if action.describe() == words:
            game.apply(action)
            return
    some = "; ".join(a.describe() for a in legal[:6])
    raise ScenarioError(label, "action", f"{words!r} is not a legal action now (some that are: {some})")
