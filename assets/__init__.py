"""Data only: cards, maps, scenarios, styles and help pages (read with importlib.resources)."""
