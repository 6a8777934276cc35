"""Pure rules of the four games. Imports nothing from textual, rich, tabletop or screens."""
