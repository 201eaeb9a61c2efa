"""The rules of Small World as functions of the game, one module per family (each cites seed 003)."""
