"""The screens around the games: title, new game, settings, rules, pause, hand-off, game over."""
