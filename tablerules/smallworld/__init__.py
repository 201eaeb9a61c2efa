"""Small World (小小世界, seed 003): maps, races and powers as data, the whole turn as rules, exact odds."""
