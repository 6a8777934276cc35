"""A bot that thinks for a while (the search bot) thinks off the UI loop.

The view, the legal actions and the bot's RNG are taken on the UI thread; only the search
runs in a worker thread, so keys, the clock and repaints go on. The table is told who is
thinking while the search runs (never longer than the bot's budget); the move is played
back on the UI thread, and only if the table is still where the bot left it (an undo, a
loaded game or a closed board drop it, and the board asks again).
"""

from __future__ import annotations

from typing import Any

from rules.common import IllegalAction, Rng
from tabletop.bots import get_bot, is_slow


def thinks(store: Any, seat: int) -> bool:
    """True when this seat's bot thinks for a while (it is played through ``think``)."""
    return is_slow(store.game, store.seats[seat].controller)


def think(screen: Any, store: Any, seat: int) -> None:
    """Start ``seat``'s bot in a worker thread; it plays its move when done."""
    app = screen.app
    name = store.seats[seat].controller
    revision = store.revision
    rng = app._bot_rngs.setdefault(name, Rng(seed=store.seed).fork(f"bot:{name}:{revision}"))
    bot = get_bot(store.game, name)
    view, actions = store.view(seat), store.legal_actions()
    who = store.seats[seat].name
    budget = getattr(bot, "budget", None)
    seconds = (budget.think_ms / 1000.0) if budget is not None and budget.think_ms else 1.0
    screen._bot_pending = True  # no second thinker while this one runs
    screen.notify(f"{who} (a bot) is thinking…", timeout=seconds + 0.5, markup=False)

    def work() -> None:
        action = bot(store.game, view, seat, actions, rng)
        app.call_from_thread(done, action)

    def done(action: Any) -> None:
        screen._bot_pending = False
        if store is not app.store or store.revision != revision or store.to_move() != seat:
            if store is app.store and screen.is_current:
                screen.sync()  # the table moved on meanwhile (an undo): the board asks again
            return
        if not screen.is_current:
            screen._stale = True
            return
        try:
            store.dispatch(action)
        except IllegalAction:  # a bot bug: say so (never what it tried: that may be secret)
            screen.notify(f"{who} (a bot) tried a move the rules refuse.", severity="error", markup=False)

    screen.run_worker(work, thread=True, exclusive=False, group="bot-thinking")


# The hint answers within about a second; the iteration cap keeps it the same on a screen
# asked twice (on a machine fast enough to reach it).
HINT_BUDGET = None  # set below (rules.common.search is imported lazily by the screens)


def strong_hint(game: Any, view: Any, seat: int, actions: list[Any]) -> tuple[Any, str] | None:
    """The hint key's suggestion: the game's own bot and its reason, checked by the search
    bot for under a second from the same view (the seat's: nothing hidden is read). Where
    the search finds a better choice with some confidence, that choice is shown, with how
    often it won among the games it sampled; a lone choice, or a game without the search
    bot, keeps the game's own hint."""
    from rules.common.search import Budget, search
    from tabletop.bots import search_hooks

    budget = HINT_BUDGET if HINT_BUDGET is not None else Budget(iterations=60, think_ms=800)
    own = game.hint(view, seat, actions)
    hooks = search_hooks(game.id)
    if hooks is None or len(actions) < 2:
        return own
    # Seeded from public facts, so the same screen gives the same sampled games.
    rng = Rng(seed=len(view.log) * 1000 + seat)
    result = search(game, view, seat, actions, rng, hooks, budget)
    if own is not None and result.action == own[0]:
        return own
    if own is not None and not result.iterations:
        return own
    pct = round(100 * result.value)
    return result.action, (f"Looking ahead over {result.iterations} sampled games, this choice "
                           f"came out best ({pct}% of the best outcome).")
