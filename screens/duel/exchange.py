"""The exchange on the duel table: the cards played, the rolls and their results, and
what is still to come before a round or between duels."""

from __future__ import annotations

from rich.text import Text

from rules.duel import preview
from rules.duel.words import RESULT_WORDS

from .spread import steps_track
from .texts import D, card_text, flow, wrap

RESULT_STYLE = {"miss": "dim", "W1": "bold yellow", "W2": "bold red", "blocked": "bold green",
                "cancelled": "dim"}


def _at(note) -> tuple[int, int, int]:
    """Where a strike or counterattack note was made: (duel, round, exchange)."""
    return note.duel, note.round, note.exchange


class Exchange:
    """The exchange's lines (mixed into DuelBoard)."""

    def _exchange(self, view, width: int) -> list[Text]:
        """This exchange (its cards, the defence, the strike, the counterattack), then the
        exchange or round before it, labelled so that nothing old reads as current."""
        lines: list[Text] = []
        p = view.player
        solo = len(view.foes) == 1
        if view.step == "between_duels" and view.campaign is not None:
            return self._between_duels(view.campaign, width)
        before_round = view.step == "round_start"
        current = [] if before_round else list(view.exchange_cards)
        head = Text.assemble(("This exchange", "bold"), f" ({view.exchange} of 2):")
        if current:
            cards = self._cards(current, width - head.cell_len)
            lines += flow([head] + cards, width, sep=" ", indent=2)
        else:
            lines.append(head + Text(" no card played yet", style="dim"))
        steps = steps_track(view.step) if self.spread else None
        if steps is not None:
            lines += flow([steps], width, indent=2)
        if view.defence is not None:
            d = D.defence[view.defence.id]
            s_need, t_need = preview.thresholds(view)
            facts = [Text(f"Defence {d.s}/{d.t}: needs S {s_need} · T {t_need}")]
            if view.defence.bonus:
                facts[0].append(f" (Ki mark +{view.defence.bonus})", style="yellow")
            strike = preview.strike_result(view) if view.attack_result is None else None
            if strike is not None:
                result, notes = strike
                now = Text("→ strike now: ")
                now.append(RESULT_WORDS[result], style=RESULT_STYLE[result])
                facts.append(now)
                if notes:
                    facts.append(Text(f"({'; '.join(notes)})", style="dim"))
            lines += flow(facts, width, sep=" ", indent=2)
        here = (view.duel_no, view.round, view.exchange)
        if view.attack_result is not None and not before_round:
            facts = [Text.assemble("Your strike: ", (RESULT_WORDS[view.attack_result],
                                                       RESULT_STYLE[view.attack_result]))]
            strike = view.last_strike()
            if view.defence is None and strike is not None and _at(strike) == here:
                card = D.defence[strike.defence]
                facts.append(Text(f"(defence {card.s}/{card.t})", style="dim"))
            lines += flow(facts, width, sep=" ", indent=2)
            # Counterattacks already taken in this exchange (three enemies: the next waits).
            for note in view.counters:
                if _at(note) == here:
                    lines += wrap(Text("Counterattack taken: ") + self._counter_words(view, note, solo),
                                  width, 2)
        if view.counter is not None:
            ctr = view.counter
            facts = [Text(f"{view.foes[ctr.foe].name}'s counterattack:"), Text(f"Power {ctr.power}")]
            if ctr.surge:
                facts.append(Text("(Ki surge)", style="yellow"))
            result = preview.counter_result(view)
            facts.append(Text.assemble(f"vs your Guard {p.g} → ",
                                       (RESULT_WORDS.get(result, f"Wound {ctr.wound}"),
                                        RESULT_STYLE.get(result, "bold red"))))
            lines += flow(facts, width, sep=" ", indent=2)
        elif view.step == "counter_prepare" and view.queue:
            nxt = (f"Next: counterattack vs your Guard {p.g}" if solo
                   else f"Next: enemy {view.foes[view.queue[0]].no} attacks your Guard {p.g}")
            lines += wrap(Text(nxt, style="italic"), width, 2)
        if view.pending and view.pending[-1].kind == "ford" and view.pending[-1].cards:
            c = D.counters[view.pending[-1].cards[0]]
            mark = ", Ki mark" if c.ki_mark else ""
            lines += wrap(Text(f"River Ford: the top counterattack card is Power {c.power}, "
                               f"Wound {c.wound}{mark}", style="italic"), width, 2)
        if view.attack_result is None or before_round:  # until this exchange has its own
            lines += self._before(view, width, solo, before_round)
        return lines

    def _between_duels(self, camp, width: int) -> list[Text]:
        """The duel just won and the event drawn for the next one."""
        lines = wrap(Text.assemble(("Duel won: ", "bold green"), camp.last_result), width, 2)
        event = camp.effects[0] if camp.effects else ("EV7" if camp.bandits_next else None)
        if event in D.events:
            e = D.events[event]
            lines += wrap(Text.assemble(("Event: ", "bold"), f"{e.name}: {e.text}"), width, 2)
        return lines

    def _before(self, view, width: int, solo: bool, before_round: bool) -> list[Text]:
        """The exchange just before this one, labelled with its round and exchange from the
        rules' own notes: exchange 1 while exchange 2 is played, the last round's exchange 2
        until the first card of the new round."""
        if not (before_round or view.exchange == 2 or not view.exchange_cards):
            return []
        p = view.player
        if view.exchange == 2 and not before_round:
            key, label = (view.round, 1), "Exchange 1:"
            cards = [c for c in p.played if c not in view.exchange_cards]
        else:
            key, label = (view.round - 1, 2), f"Round {view.round - 1}, exchange 2:"
            cards = list(view.exchange_cards) if before_round else []
        strikes = [n for n in view.strikes if (n.round, n.exchange) == key]
        counters = [n for n in view.counters if (n.round, n.exchange) == key]
        if not (cards or strikes or counters):
            return []
        facts = [self._played(label, cards) if cards else Text(label, style="bold")]
        for note in strikes:
            d = D.defence[note.defence]
            facts.append(Text(f"strike {RESULT_WORDS[note.result]} (defence {d.s}/{d.t})"))
        for note in counters:
            facts.append(self._counter_words(view, note, solo))
        if strikes and not counters:
            facts.append(Text("no counterattack"))
        lines = flow(facts, width, indent=2)
        for line in lines:
            line.stylize("dim")
        return lines

    def _counter_words(self, view, note, solo: bool) -> Text:
        """One counterattack taken: "counterattack Power 7 vs Guard 5 → Wound 2", or with
        three enemies "enemy 2 Power 4 vs Guard 5 → blocked"."""
        who = "counterattack" if solo else f"enemy {view.foes[note.foe].no}"
        return Text(f"{who} Power {note.power} vs Guard {note.guard} → {RESULT_WORDS[note.result]}")

    def _played(self, label: str, cards: list[str]) -> Text:
        out = Text(label, style="bold")
        for c in cards or ["-"]:
            out.append(" ")
            out.append_text(card_text(c, values=False) if c != "-" else Text("-"))
        return out
