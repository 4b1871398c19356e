"""Game-independent AI players that see only the Rules API and an observation.

``player`` (the ``Player`` protocol, random play, the noisy move picker), ``greedy``,
``alphabeta``, ``tree`` (UCT: ``MCTSPlayer``), ``ismcts``; ``presets`` (difficulties and
``make_player``), ``worker`` (thinking off the render loop), ``arena`` and ``bench``
(measuring); ``hooks`` is what a game tells the AI about itself.  See docs/ai.md.
"""
