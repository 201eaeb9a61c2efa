"""Munchkin's rules, one module per subject; each mixes into :class:`~tablerules.munchkin.game.MunchkinGame`
the effects of its actions (``_do_<Action>``), their legality and their refusal reasons."""

from .bad_stuff import BadStuff
from .choices import Choices
from .combat import CombatRules
from .door import DoorRules
from .strength import Strength
from .trading import Trading

__all__ = ["BadStuff", "Choices", "CombatRules", "DoorRules", "Strength", "Trading"]
