"""The Kragmortha rules as functions of the state, by subject: movement, cards, tomes, flow."""
