"""The Harakiri table: the grid, the initiative queue, the oracle, the malice track and the boards."""

from .board import HarakiriBoard

__all__ = ["HarakiriBoard"]
