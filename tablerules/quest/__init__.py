"""Munchkin Quest (小白历险记, seed 001): the board game of dungeon tiles, monster movement and dice combat."""
