"""Munchkin (小白世纪, seed 000): the card game of kicking down doors, fighting monsters and
backstabbing friends."""
