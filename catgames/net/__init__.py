"""Online play: an authoritative server holding each table's match, and the clients that sit at
its seats over a websocket.

The rules exist once: the server plays every move through the same ``Match`` as the app, and
sends each connection only what its seat may see.  Nothing here imports pygame or
``catgames.ui``, so a server runs on a machine with no display.
"""
