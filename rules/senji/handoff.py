"""The hand-offs between the seasons of a Senji year (issue 29): a phase module names the phase
that follows (``NEXT("summer", state)``) instead of importing it; rules/senji/flow.py declares
each name, so no season module imports another one back."""

from __future__ import annotations

from rules.common.flow import Handoffs

NEXT = Handoffs("senji")
