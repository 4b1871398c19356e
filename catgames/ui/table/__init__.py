"""The shared table's parts, each held by ``ui.game_scene.BaseGameScene`` and given the table
it serves: the hooks a game supplies, the header, status line, seats, log, buttons, gestures
and the hint."""
