"""The decision panel: the legal actions of the seat at the screen, each with its key."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from .keys import ACTION_KEYS
from .parts import NoLayoutOnGrowth


class DecisionPanel(NoLayoutOnGrowth, OptionList):
    """Lists action descriptions; Enter, a click or the shown key chooses one."""

    class Chosen(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class Highlighted(Message):
        def __init__(self, index: int | None) -> None:
            super().__init__()
            self.index = index

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = "Decisions"

    def show(self, labels: list[str], waiting: str | None = None, keys: list[str] | None = None) -> None:
        keys = list(ACTION_KEYS) if keys is None else keys
        if (labels, waiting, keys) == getattr(self, "_shown", None):
            return
        self._shown = (list(labels), waiting, keys)
        self.clear_options()
        if waiting is not None:
            self.add_option(Option(Text(waiting, style="italic"), disabled=True))
            return
        options = []
        for i, label in enumerate(labels):
            key = keys[i] if i < len(keys) else None
            prompt = Text.assemble((f"{key} " if key else "  ", "bold"), label)
            options.append(Option(prompt, id=f"act-{i}"))
        self.add_options(options)
        if options:
            self.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id and event.option.id.startswith("act-"):
            self.post_message(self.Chosen(int(event.option.id[4:])))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        oid = event.option.id or ""
        self.post_message(self.Highlighted(int(oid[4:]) if oid.startswith("act-") else None))
