"""The rules of Baldur's Gate as mixin classes of the game, one module per family (each cites seed 002)."""
