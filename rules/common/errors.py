"""Errors the rules raise."""


class IllegalAction(Exception):
    """An action the rules refuse, with a sentence a player understands.

    The rule controller raises it before changing anything it cannot undo; the
    store applies actions to a copy, so a refusal never changes the game.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return self.reason
