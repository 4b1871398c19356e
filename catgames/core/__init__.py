"""Pure-Python foundation shared by every game: the Rules API, data loading, geometry, storage.

Nothing in this package may import pygame (a test enforces it).
"""
