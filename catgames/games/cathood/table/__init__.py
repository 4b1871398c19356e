"""The table side of the game: pygame drawing, hit testing and words shown to players.

Everything outside this folder is the pure rules side (no pygame, no `catgames.ui`)."""
