"""Where the shared table's parts lie on the virtual 1280×800 screen, the same in every game."""

from __future__ import annotations

import pygame

HEADER = pygame.FRect(0, 0, 1280, 64)
BOARD_RECT = pygame.FRect(16, 76, 868, 660)
STATUS_RECT = pygame.FRect(16, 744, 868, 44)
HINT_RECT = pygame.FRect(16, 739, 868, 58)  #: the status line grown into the margins: a hint's two lines
SIDE_RECT = pygame.FRect(900, 76, 364, 330)
LOG_RECT = pygame.FRect(900, 418, 364, 370)
