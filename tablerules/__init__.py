"""tablerules: rules engines, exact odds and simulations for tabletop games.

The rules live in plain Python (no Jupyter imports): :mod:`tablerules.core` holds the one game
protocol every game shares, :mod:`tablerules.odds` the exact dice odds, and one subpackage per game.
The notebook side lives in :mod:`tablerules.widgets` and :mod:`tablerules.plots`.
"""

__version__ = "0.1.0"
