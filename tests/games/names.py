"""Seat names for the games' table tests: the players are called P1, P2 … so that the log lines
and prompts a test expects stay short and say who is who (the defaults are "Player 1", "Mochi
(hard)"…)."""

P_NAMES = [f"P{n}" for n in range(1, 6)]
