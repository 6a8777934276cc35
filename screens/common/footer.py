"""A Footer that rebuilds only when the set of keys it shows changes.

Textual's Footer recomposes on every "bindings may have changed" signal: a full layout of
the screen. On a board, Undo turns on and off after almost every action, so this footer
dims or lights the existing key in place and recomposes only when keys come or go.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class QuietFooter(Footer):
    _shown_keys: tuple | None = None

    def _shown(self, screen: Screen) -> list[tuple[str, str, bool]]:
        return [
            (binding.action, binding.description, enabled)
            for (_, binding, enabled, _tooltip) in screen.active_bindings.values()
            if binding.show
        ]

    def bindings_changed(self, screen: Screen) -> None:
        if not (self.is_attached and screen is self.screen):
            return super().bindings_changed(screen)
        shown = self._shown(screen)
        keys = tuple((action, text) for action, text, _ in shown)
        if keys == self._shown_keys and self.query(FooterKey):
            enabled = {action: on for action, _, on in shown}
            for widget in self.query(FooterKey):
                on = enabled.get(widget.action, True)
                if widget._disabled == on:
                    widget._disabled = not on
                    widget.set_class(not on, "-disabled")
            return
        self._shown_keys = keys
        super().bindings_changed(screen)
