"""Widgets and screens shared by every game: curtain, decision panel, log, help, dialogs."""
