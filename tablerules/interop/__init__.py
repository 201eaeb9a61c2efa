"""Bridges from tablerules games to other game frameworks.

Each bridge lives in its own module and needs its framework installed; importing this package (or
``tablerules``) needs none of them:

* :mod:`tablerules.interop.openspiel`: every registered game as an OpenSpiel (``pyspiel``) game
  (``pip install 'tablerules[openspiel]'``).
* :mod:`tablerules.interop.pettingzoo`: every registered game as a PettingZoo AEC environment.
* :mod:`tablerules.interop.windows`: how both offer any-time actions (their ``anytime`` parameter, off by default).
"""
