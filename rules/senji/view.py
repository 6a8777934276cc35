"""What each seat may see (spec §8), the leak-test scrambler, and the plain-text board."""

from __future__ import annotations

from rules.common import Rng
from rules.common.models import visible_log

from .board import D, fam, host_order, nseats, samurai_name
from .state import RULES_EDITION, OfferCard, SenjiOptions, SenjiState
from .words import ORDER_GLYPH, samurai_short

HIDDEN = "?"


def _mask(cards: list[str]) -> list[str]:
    return [HIDDEN] * len(cards)


def view(state: SenjiState, seat: int | None) -> SenjiState:
    # a fresh copy through pydantic-core (fast); log lines are frozen and shared, and so are
    # the options of a game under the current rules (frozen too: taken as they are, neither
    # dumped nor validated again). Other options are read again from their dump, as they
    # always were: a dump without an edition reads as the current one.
    options: SenjiOptions | dict = state.options
    if options.rules_edition != RULES_EDITION:
        options = options.model_dump()
    v = SenjiState.model_validate(state.model_dump(exclude={"log", "rng", "options"})
                                  | {"rng": Rng(seed=0), "options": options})
    v.rng = Rng(seed=0)
    v.forced_dice = []
    for s in range(nseats(v)):
        if s != seat:
            secret_bids = sum(1 for b in v.bids if b.seat == s and not b.up)
            v.hana_hands[s] = _mask(v.hana_hands[s])
            v.diplo_hands[s] = [HIDDEN] * (len(v.diplo_hands[s]) + secret_bids)
            v.setup_draws[s] = _mask(v.setup_draws[s])
            if v.step == "setup_pick" and v.kept[s] is not None:
                v.kept[s] = HIDDEN
    v.hana_deck = _mask(v.hana_deck)
    v.samurai_deck = _mask(v.samurai_deck)
    v.samurai_discard = _mask(v.samurai_discard)
    v.missing_decks = {f: _mask(d) for f, d in v.missing_decks.items()}
    for pr in v.provinces.values():
        if pr.order is not None and not pr.resolved and (seat is None or pr.owner != seat):
            pr.order = HIDDEN
    v.bids = [b for b in v.bids if b.up or b.seat == seat]
    o = v.offer
    if o is not None:
        if seat not in (o.frm, o.to):
            o.give, o.reply = [], []
        elif seat == o.to:
            if v.step == "offer_compose":
                o.give = []
            else:
                o.give = [c if c.up else OfferCard(card=HIDDEN, up=False) for c in o.give]
        else:
            if v.step in ("offer_compose", "offer_respond"):
                o.reply = []
            else:
                o.reply = [c if c.up else OfferCard(card=HIDDEN, up=False) for c in o.reply]
    c = v.combat
    if c is not None:
        if not c.att_up and seat != c.att:
            c.att_cards = _mask(c.att_cards)
        if not c.dfn_up and seat != c.dfn:
            c.dfn_cards = _mask(c.dfn_cards)
    if v.hire is not None and seat != v.hire.seat:
        v.hire.cards = _mask(v.hire.cards)
    if seat != v.actor:
        v.trade_shown = _mask(v.trade_shown)
        if v.combo is not None:
            v.combo.cards = _mask(v.combo.cards)
            v.combo.kinds = _mask(v.combo.kinds)
            v.combo.id = HIDDEN
    v.log = visible_log(state.log, seat)
    return v


def _redistribute(rng: Rng, slots: list[list[str]]) -> None:
    pool = [x for s in slots for x in s]
    rng.shuffle(pool)
    for s in slots:
        n = len(s)
        s[:] = pool[:n]
        del pool[:n]


def scramble(other: SenjiState, seat: int | None, rng: Rng) -> SenjiState:
    n = nseats(other)
    others = [s for s in range(n) if s != seat]
    for b in other.bids:  # a hidden bid is as secret as the hand it came from
        if not b.up and b.seat != seat:
            other.diplo_hands[b.seat].append(b.card)
    _redistribute(rng, [other.hana_deck] + [other.hana_hands[s] for s in others])
    _redistribute(rng, [d for d in other.missing_decks.values()] + [other.diplo_hands[s] for s in others])
    sam = [other.samurai_deck, other.samurai_discard] + [other.setup_draws[s] for s in others]
    if other.hire is not None and other.hire.seat != seat:
        sam.append(other.hire.cards)
    _redistribute(rng, sam)
    for pr in other.provinces.values():
        if pr.order is not None and not pr.resolved and (seat is None or pr.owner != seat):
            pr.order = rng.choice(["production", "recruitment", "movement"])
    other.bids = [b for b in other.bids if b.up or b.seat == seat]
    rand_card = lambda: rng.choice(D.diplo_cards)  # noqa: E731
    o = other.offer
    if o is not None:
        for lst, owner in ((o.give, o.frm), (o.reply, o.to)):
            if owner != seat:
                for i, c in enumerate(lst):
                    if not c.up or seat not in (o.frm, o.to):
                        lst[i] = OfferCard(card=rand_card(), up=c.up)
    c = other.combat
    if c is not None:
        if not c.att_up and seat != c.att:
            c.att_cards = [rand_card() for _ in c.att_cards]
        if not c.dfn_up and seat != c.dfn:
            c.dfn_cards = [rand_card() for _ in c.dfn_cards]
    if seat != other.actor:
        other.trade_shown = [rng.choice(D.hana_cards) for _ in other.trade_shown]
        if other.combo is not None:
            other.combo.cards = [rng.choice(D.hana_cards) for _ in other.combo.cards]
    other.log = [line for line in other.log if line.seats is None or seat in line.seats]
    return other


# -- rendering ------------------------------------------------------------------------


def _put(grid: list[list[str]], x: int, y: int, text: str) -> None:
    row = grid[y]
    for i, ch in enumerate(text):
        if 0 <= x + i < len(row):
            row[x + i] = ch


def status_line(state: SenjiState, p: str, seat: int | None, room: int = 9) -> str:
    """A province's status row in ``room`` columns: the owner's family letter, a space and
    the units ("G 3"), the samurai by the first two letters of their names ("Ko"), then
    the order's glyph: → movement, ⚑ recruitment, ✿ production; ▪ a face-down order of
    another player; your own face-down order is its glyph and "?", the order being
    carried out now its glyph and "◀". "free" is a province with no owner."""
    pr = state.provinces[p]
    if pr.neutral:
        return "~neutral~"
    if pr.owner is None and not pr.units and not pr.samurai and pr.order is None:
        return "free"
    head = f"{fam(state, pr.owner) if pr.owner is not None else '-'} {pr.units}"
    mark = ""
    if pr.order is not None:
        if pr.resolved:
            active = state.active is not None and state.active.province == p
            mark = ORDER_GLYPH.get(pr.order, "?") + "◀" if active else ""
        elif pr.order == HIDDEN:
            mark = "▪"
        else:
            mark = ORDER_GLYPH[pr.order] + "?"
    names = [samurai_short(x) for x in pr.samurai]
    for shown in range(len(names), -1, -1):
        sam = "".join(names[:shown]) + ("+" if shown < len(names) else "")
        line = " ".join(part for part in (head, sam, mark) if part)
        if len(line) <= room:
            return line
    return line


def fleet_row(state: SenjiState, sea: str) -> tuple[int, int, str]:
    """Where a sea's fleet line stands on the map art, and its text cut to fit."""
    x, y = D.sea[sea].fleet_label
    room = D.sea[sea].last_column - x + 1
    text = f"{sea}: {fleet_text(state, sea)}"
    if len(text) > room:
        text = text[: room - 1] + "+"
    return x, y, text.ljust(room)


def fleet_text(state: SenjiState, sea: str) -> str:
    parts = []
    for f in state.fleets:
        if f.sea == sea:
            sam = " " + "".join(samurai_short(x) for x in f.samurai) if f.samurai else ""
            parts.append(f"{fam(state, f.seat)} {f.units}{sam}{chr(39) if f.due else ''}")
    return ", ".join(parts)


def render_map(state: SenjiState, seat: int | None) -> list[str]:
    width = max(len(r) for r in D.map_art)
    grid = [list(r.ljust(width)) for r in D.map_art]
    for p in D.province_order:
        x, y = D.province[p].label
        _put(grid, x, y + 1, status_line(state, p, seat))
    for s in D.sea_order:
        x, y, text = fleet_row(state, s)
        _put(grid, x, y, text)
    return ["".join(r).rstrip() for r in grid]


def _wrap(label: str, items: list[str]) -> list[str]:
    out, line = [], label
    for x in items:
        if len(line) + len(x) + 1 > 76:
            out.append(line.rstrip())
            line = " " * len(label)
        line += x + " "
    out.append(line.rstrip())
    return out


def render(state: SenjiState, seat: int | None) -> str:
    lines = render_map(state, seat)
    lines.append("")
    for s in range(nseats(state)):
        star = "*" if s == state.host else " "
        bar = "#" * min(20, state.honor[s] // 3)
        kami = " ".join(f"{samurai_short(k.letter)} ({D.samurai[k.letter].colour} kami)"
                        for k in state.kami if k.seat == s)
        hostages = " ".join(state.hostages[s])
        lines.append(f"{star}{fam(state, s)} {state.names[s][:10]:<10} {state.honor[s]:>3} {bar:<20} "
                     f"dip {len(state.diplo_hands[s])} hana {len(state.hana_hands[s])} "
                     f"sup {state.supply[s]}"
                     + (f" kami {kami}" if kami else "") + (f" host. {hostages}" if hostages else ""))
    if seat is not None:
        lines.append("")
        hand = state.diplo_hands[seat]
        for label, kind in (("Members", "member"), ("Support", "support"), ("Trading", "trading"),
                            ("Dummy", "dummy")):
            cards = [c for c in hand if D.card_type(c) == kind]
            if cards:
                lines += _wrap(f"{label}: ", cards)
        if not hand:
            lines.append("Diplomacy: -")
        if state.hostages[seat]:
            lines += _wrap("Hostages shown: ", state.hostages[seat])
        lines += _wrap("Hanafuda: ", state.hana_hands[seat]) if state.hana_hands[seat] else ["Hanafuda: -"]
        if state.setup_draws[seat]:
            lines.append("Samurai to choose: " + ", ".join(
                f"{x} {samurai_name(x)}" for x in state.setup_draws[seat]))
        if state.kept[seat] and state.kept[seat] != HIDDEN:
            lines.append(f"Samurai in hand: {samurai_name(state.kept[seat])}")
        mine = [b for b in state.bids if b.seat == seat]
        if mine:
            lines.append("Your bids: " + ", ".join(f"{b.card} on {b.lot}" for b in mine))
        if state.trade_shown and state.actor == seat:
            lines.append(f"Trading card shows: {' '.join(state.trade_shown)}")
        if state.hire is not None and state.hire.seat == seat:
            lines.append("Samurai drawn: " + ", ".join(f"{x} {samurai_name(x)}" for x in state.hire.cards))
    if state.lots:
        lines.append("Auction lots: " + ", ".join(
            state.lots[i].card + "".join(f" [{b.card}:{fam(state, b.seat)}]" for b in state.bids
                                         if b.lot == state.lots[i].card and b.up)
            for i in range(len(state.lots))))
    o = state.offer
    if o is not None and o.to is not None:
        give = " ".join(c.card + ("^" if c.up else "") for c in o.give)
        reply = " ".join(c.card + ("^" if c.up else "") for c in o.reply)
        lines.append(f"Offer {fam(state, o.frm)}->{fam(state, o.to)}: {give or '-'} | reply: {reply or '-'}")
    c = state.combat
    if c is not None:
        pr = state.provinces[c.province]
        lines.append(f"Combat in {D.province[c.province].name}, round {c.round}: "
                     f"{fam(state, c.att)} {c.att_units}u {''.join(c.att_samurai)} "
                     f"[{' '.join(c.att_cards)}] vs {fam(state, c.dfn)} {pr.units}u "
                     f"{''.join(pr.samurai)} [{' '.join(c.dfn_cards)}]")
        if c.dice:
            lines.append("Dice: " + " ".join(f"{i + 1}:{d.face}{'*' if d.set else ''}"
                                             for i, d in enumerate(c.dice)))
    if state.executed:
        lines.append(f"Executed: {' '.join(state.executed)}")
    lines.append(f"Hanafuda deck {len(state.hana_deck)}, discard {len(state.hana_discard)}; "
                 f"samurai deck {len(state.samurai_deck)}; host order "
                 + " ".join(fam(state, s) for s in host_order(state)))
    return "\n".join(line[:76] for line in lines)
