"""What a board widget is given to draw: one seat's view (never the full state)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from textual.message import Message

from rules.common import StateBase


@dataclass(frozen=True)
class Frame:
    view: StateBase | None  # None while the curtain is down: draw nothing
    seat: int | None
    actions: tuple[Any, ...] = field(default=())  # legal actions when this seat decides now
    highlight: Any = None  # the action under the decision panel's cursor, for previews
    keys: tuple[str | None, ...] = field(default=())  # keys[i]: actions[i]'s key in the decision list


class ChooseAction(Message):
    """Posted by a board widget when a click or key on the board picks an action."""

    def __init__(self, action: Any) -> None:
        super().__init__()
        self.action = action


class HighlightAction(Message):
    """Posted by a board when a click or Enter matches several actions: the decision
    cursor goes to the first of them and the player picks among them there."""

    def __init__(self, action: Any) -> None:
        super().__init__()
        self.action = action
