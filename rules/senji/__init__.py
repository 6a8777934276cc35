"""Senji: 3-6 daimyo bargain, betray and fight for honour on a map of Japan."""

from .bots import BOTS as _BOTS
from .bots import hint as _hint
from .game import BOT_PARTS, Senji

BOT_PARTS.update(bots=_BOTS, hint=_hint)  # bots.py reads game.py: game.py does not import it

GAME = Senji()

__all__ = ["GAME", "Senji"]
