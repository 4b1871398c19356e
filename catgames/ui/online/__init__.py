"""An online table on the screen: opened over a ``TableLink`` (``open_table``), the game's own
table over a ``net.remote.RemoteRunner`` with what only an online table shows (``table``)."""
