"""Rules reference pages from assets/help (no Textual)."""

from __future__ import annotations

from importlib import resources

from .catalog import catalog


def asset_text(*parts: str) -> str:
    return resources.files("assets").joinpath(*parts).read_text(encoding="utf-8")


def help_text(game_id: str) -> str:
    try:
        return asset_text("help", f"{game_id}.md")
    except FileNotFoundError:
        entry = next((e for e in catalog() if e.id == game_id), None)
        title = entry.title if entry else game_id
        return f"# {title}\n\nThe rules reference for {title} arrives with its rules."


def app_help() -> str:
    return asset_text("help", "tabletop.md")
