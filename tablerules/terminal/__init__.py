"""The terminal step-through (``tablerules play``): screens in plain words, card look-up, boards."""

from .screen import play_loop, terminal_screen

__all__ = ["play_loop", "terminal_screen"]
