"""Game-independent AI players that see only the Rules API and an observation."""
