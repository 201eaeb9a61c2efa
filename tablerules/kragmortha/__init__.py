"""Kragmortha (搗蛋大法師, seed 004): goblins racing to the dark lord's desk on a data-defined library board."""
