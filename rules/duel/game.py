"""The `duel` game: Way of the Samurai, solo duel with the Blood and Bushido modules."""

from __future__ import annotations

import textwrap

from rules.common import ActionBase, Game, Outcome, Rng

from . import decisions, explain, flow, preview, story
from .data import data
from .effects import C, held_specials, is_special
from .models import DuelAction, DuelOptions, DuelState
from .words import (
    PENDING_NAMES,
    RESULT_WORDS,
    STEP_NAMES,
    blood_name,
    card_label,
    card_name,
    counter_label,
    defence_label,
    place_name,
    used_name,
)

D = data()

HIDDEN_DECKS = ("action_deck", "sa_deck", "defence_deck", "counter_deck", "injury_deck",
                "blood_deck", "gisei_deck", "bushido_deck")


def _card_text(cid: str | None) -> str:
    """A card as the player reads it: "F3 (+2/+1/0)", "Kiai (+2/+1/0)"."""
    return card_label(cid) if cid is not None else "a card"


class Duel(Game):
    id = "duel"
    title = "Way of the Samurai"
    min_seats = 1
    max_seats = 1
    Options = DuelOptions
    State = DuelState
    Action = DuelAction

    # -- contract ------------------------------------------------------------------------
    def new(self, options: DuelOptions, seed: int) -> DuelState:
        return flow.new_state(options, seed)

    def to_move(self, state: DuelState) -> int | None:
        return None if state.result is not None else 0

    def legal_actions(self, state: DuelState) -> list[ActionBase]:
        return decisions.legal(state)

    def apply(self, state: DuelState, action: ActionBase) -> None:
        decisions.apply(state, action)

    def view(self, state: DuelState, seat: int | None) -> DuelState:
        v = state.model_copy(deep=True)
        v.rng = Rng(seed=0)
        for name in HIDDEN_DECKS:
            setattr(v, name, sorted(getattr(v, name)))
        if v.campaign is not None:
            v.campaign.event_deck = sorted(v.campaign.event_deck)
        v.log = [line for line in state.log if line.visible_to(seat)]
        return v

    def scramble_hidden(self, state: DuelState, seat: int | None, rng: Rng) -> DuelState:
        other = super().scramble_hidden(state, seat, rng)
        for name in HIDDEN_DECKS:
            rng.shuffle(getattr(other, name))
        if other.campaign is not None:
            rng.shuffle(other.campaign.event_deck)
        return other

    def outcome(self, state: DuelState) -> Outcome | None:
        if state.result is None:
            return None
        res = "win" if state.result == "win" else "loss"
        camp = state.campaign
        if camp is not None:
            score = camp.score
            lines = (f"Duels won: {score} of {flow.campaign_duels(camp)}",)
        elif res == "win":
            score = state.player.life
            lines = (f"Life left: {score}",)
        else:  # a lost single duel has no score
            return Outcome(results=(res,), explanation=state.explanation)
        return Outcome(results=(res,), scores=(score,), explanation=state.explanation,
                       breakdown=lines)

    def headline(self, state: DuelState) -> str | None:
        """A campaign by the duel it reached and how it ended: "Campaign · 5 of 6 duels ·
        lost to Sasaki Kojirō" (the bandits' duel counts once its event is drawn)."""
        camp = state.campaign
        if camp is None:
            return None
        foe = "the three enemies" if state.opponent == "versus3" else D.opponents[state.opponent].name
        if state.result == "win":
            end = "won"
        elif state.result is not None:
            end = f"lost to {foe}"
        elif state.step == "between_duels":
            end = f"{foe} beaten"
        else:
            end = f"facing {foe}"
        return f"Campaign · {state.duel_no} of {flow.campaign_duels(camp)} duels · {end}"

    def round_lines(self, view: DuelState) -> list[str]:
        """Each round in one line: the strikes, the counterattacks, your Life and Ki."""
        return story.round_lines([line.text for line in view.log if line.visible_to(None)])

    def describe(self, action: ActionBase) -> str:
        k = action.kind
        place = getattr(action, "place", None)
        texts = {
            "begin": "Begin the exchange",
            "buy_card": "Pay 1 Ki for a 7th card",
            "jin_confirm": "Jin: swap the picked cards",
            "peek": "Pay 1 Ki to reveal the defence now",
            "strike": "Strike",
            "activate_die": "Activate the Injury die",
            "decline": "Keep the Injury die",
            "face": "Face the counterattack",
            "gisei": "Gisei: pay 1 Life for a Gisei card",
            "ki_guard": "Spend 1 Ki on Guard",
            "ford_keep": "Leave the card on top",
            "ford_bottom": "Put the card at the bottom",
            "accept": "Take the counterattack",
            "bushido_advance": "Spend 2 Ki: advance the Bushido pawn",
            "meiyo": "Meiyo: 1 Ki onto the card for 1 Life",
            "bokken_ki": "Bokken: pay 1 Life for 1 Ki",
            "continue": "Go on to the next duel",
        }
        if k in texts:
            return texts[k]
        if k == "redraw":
            return "Yari: discard your whole hand and draw 6 Action cards" \
                if action.source == "yari" else "Campaign redraw of your Action cards"
        if k == "jin_pick":
            return f"Jin: swap {_card_text(action.card)}"
        if k == "target":
            return f"Target enemy {action.n}, the {D.versus3.enemies[action.n - 1].name}"
        if k == "exploit":
            return {"cliff": "Exploit the Cliff (roll the blue die)",
                    "temple_steps": "Temple Steps: 1 Ki for Strength +2",
                    "rice_paddies": "Rice Paddies: 1 Ki for another defence",
                    "bamboo_forest": "Bamboo Forest: roll for Guard +3",
                    "river_ford": "River Ford: 1 Ki to look at the counterattack",
                    "ganryu_shore": "Ganryū Shore: cancel this counterattack"}.get(place, place)
        if k == "activate":
            return f"Play {_card_text(action.card)}"
        if k == "reward":
            return {"ki": "Reward: gain 1 Ki", "special": "Reward: take a Special Action card",
                    "bushido": "Reward: advance the Bushido pawn"}[action.choice]
        if k == "special_keep":
            return f"Keep {_card_text(action.card)}"
        if k == "special_limit":
            return f"Shuffle back {_card_text(action.card)}"
        if k == "spend_credit":
            return "Spend 1 credit point on " + ("Strength" if action.track == "s" else "Technique")
        if k == "penalty":
            if action.option == "card":
                return f"Penalty: remove {_card_text(action.card)}"
            return {"ki": "Penalty: discard 1 Ki", "life": "Penalty: discard 1 Life",
                    "die": "Penalty: lower the Injury die by 1"}[action.option]
        if k == "choose":
            b = D.bushido.get(action.card)
            return f"Choose {b.virtue} ({b.meaning})" if b else f"Choose {action.card}"
        return k

    # -- presentation -------------------------------------------------------------------------
    def seat_labels(self, options: DuelOptions) -> list[str]:
        return ["Samurai"]

    def is_public(self, state: DuelState) -> bool:
        return True

    def phase(self, view: DuelState) -> str:
        if view.result is not None:
            step = "You win" if view.result == "win" else "You lose"
        else:
            step = PENDING_NAMES.get(view.pending[-1].kind) if view.pending else None
            step = step or STEP_NAMES.get(view.step, "Resolving")
        head = f"Round {view.round} · exchange {view.exchange} · {step}"
        if view.campaign is not None:
            head += f" · duel {view.duel_no}"
        return head

    def render(self, view: DuelState, seat: int | None) -> str:
        p = view.player
        w = D.weapons[view.weapon]
        place = D.surroundings[view.surroundings]
        out = [f"{self.phase(view)} · {w.name} · {place.name}"]
        caps = (" S<=3" if p.cap_s else "") + (" T<=3" if p.cap_t else "")
        die = "removed" if p.die is None else str(p.die)
        out.append(f"Gauge S {p.s:2d}  T {p.t:2d}  G {p.g:2d}{caps}   Injury die [{die}]   "
                   f"base {w.s}/{w.t}/{w.g}")
        you = f"You: Life {p.life}/{p.life_max}  Ki {p.ki}"
        if p.armour is not None:
            you += f"  armour {p.armour}/4"
        if p.bleed:
            you += f"  bleed {p.bleed}"
        if p.gash:
            you += "  gash"
        if view.weapon == "yari":
            you += f"  Yari redraws {p.yari_left}"
        if view.campaign is not None:
            you += f"  campaign redraw {p.campaign_redraw_left}"
        out.append(you)
        if view.options.bushido:
            if p.bushido_card:
                b = D.bushido[p.bushido_card]
                extra = ""
                if b.effect.startswith("credit"):
                    extra = f" credit {p.credit}"
                if b.effect == "meiyo":
                    extra = f" {p.meiyo_ki} Ki on it"
                state = " (used up)" if p.bushido_spent else ""
                out.append(f"Bushido: {b.virtue}{extra}{state}")
            else:
                out.append(f"Bushido slider: {p.bushido_pos}/3, deck {len(view.bushido_deck)}")
        if view.options.blood:
            kept = [blood_name(c, lv) for c, lv in zip(p.blood_kept, p.blood_levels)]
            out.append(f"Blood deck {len(view.blood_deck)}, kept: {', '.join(kept) or '-'}")
        for i, f in enumerate(view.foes):
            mark = ">" if view.target == i else " "
            tag = f"{f.no}. " if f.no else ""
            if f.dead:
                out.append(f"{mark}{tag}{f.name}: dead")
                continue
            line = (f"{mark}{tag}{f.name}: Life {f.life}  Ki {f.ki}  "
                    f"Def +{f.defs}/+{f.deft}  Atk {f.atk:+d}")
            if f.armour is not None:
                line += f"  armour {f.armour}/4"
            if f.side:
                line += f"  side {f.side}"
            if f.bleed:
                line += f"  bleed {f.bleed}"
            out.append(line)
        out += self._exchange_lines(view)
        out += _wrap("Hand: ", [_short(c) for c in p.hand] or ["(empty)"])
        extras = []
        if view.options.gisei:
            last = D.gisei.get(view.last_gisei) if view.last_gisei else None
            extras.append(f"Gisei {len(view.gisei_deck)}" +
                          (f" (last Guard {last.guard:+d})" if last else ""))
        if view.last_blue:
            extras.append(f"blue die {view.last_blue}")
        if view.used_duel:
            extras.append("used this duel: " + ", ".join(used_name(u) for u in view.used_duel))
        if view.campaign is not None:
            c = view.campaign
            extras.append(f"campaign {c.index + 1}/{len(c.ladder)} score {c.score}")
        if extras:
            out.append(" · ".join(extras))
        lines: list[str] = []
        for line in out:
            lines += textwrap.wrap(line, width=76, subsequent_indent="  ",
                                   break_on_hyphens=False) or [""]
        return "\n".join(lines)

    def _exchange_lines(self, view: DuelState) -> list[str]:
        """This exchange (its cards, the defence, the counterattack), then the exchange before
        it, each labelled with its round and exchange so that nothing old reads as current."""
        p = view.player
        out: list[str] = []
        now = [] if view.step == "round_start" else list(view.exchange_cards)
        if now:
            out += _wrap(f"Exchange {view.exchange} (this one): ", [_short(c) for c in now])
        if view.defence is not None:
            s, t = flow.thresholds(view)
            res = RESULT_WORDS[preview.strike_result(view)[0]]
            out.append(f"Defence {defence_label(view.defence.id)}: need S {s}, T {t} "
                       f"(you would score: {res})")
        if view.counter is not None:
            ctr = view.counter
            verdict = RESULT_WORDS[preview.counter_result(view)]
            out.append(f"Counterattack Power {ctr.power} vs Guard {p.g}: {verdict}")
        for note in view.strikes:
            if view.step == "round_start" or (note.round, note.exchange) != (view.round, view.exchange):
                out.append(f"Round {note.round}, exchange {note.exchange}: your strike, "
                           f"{RESULT_WORDS[note.result]} against the defence "
                           f"{defence_label(note.defence)} (needs S {note.need_s}, T {note.need_t})")
            else:
                out.append(f"Your strike: {RESULT_WORDS[note.result]}")
        for note in view.counters:
            who = view.foes[note.foe].name
            out.append(f"Round {note.round}, exchange {note.exchange}: {who}'s counterattack "
                       f"Power {note.power} vs Guard {note.guard}, {RESULT_WORDS[note.result]}")
        earlier = [c for c in p.played if c not in now]
        if earlier:
            label = "Exchange 1: " if view.step != "round_start" and view.exchange == 2 else "Played: "
            out += _wrap(label, [_short(c) for c in earlier])
        return out

    # -- explaining a choice ------------------------------------------------------------------
    def explain(self, view: DuelState, seat: int | None, action: ActionBase) -> str:
        return explain.explain(view, action)

    def why_not(self, view: DuelState, seat: int | None) -> str:
        return explain.why_not(view)

    def hint(self, view: DuelState, seat: int, actions: list[ActionBase]):
        if view.result is not None or not actions:
            return None
        from .bots import advise

        action, reason = advise(view, actions)
        return action, reason[0].upper() + reason[1:] + "."

    def name_of(self, value: str) -> str:
        from .words import name_of
        return name_of(value)

    def help_topic(self, view: DuelState) -> str:
        return explain.help_topic(view)

    # -- tools ------------------------------------------------------------------------------
    def bots(self):
        from .bots import samurai

        return {"samurai": samurai}

    def check_invariants(self, state: DuelState) -> None:
        check(state)


def _wrap(head: str, items: list[str]) -> list[str]:
    return textwrap.wrap(head + "  ".join(items), width=76, subsequent_indent="      ",
                         break_on_hyphens=False) or [head]


def _short(cid: str) -> str:
    c = D.cards[cid]
    icon = "*" if c.icon == "wild" else c.icon
    star = "★" if is_special(cid) else ""
    return f"{star}{card_name(cid)}[{icon}]{c.s:+d}/{c.t:+d}/{c.g:+d}"


def check(st: DuelState) -> None:
    """The invariants of spec section 7."""
    p = st.player
    hand_a = [c for c in p.hand if not is_special(c)]
    hand_s = held_specials(st)
    played_a = [c for c in p.played if not is_special(c)]
    played_s = [c for c in p.played if is_special(c)]
    removed_a = [c for c in st.removed if not is_special(c)]
    removed_s = [c for c in st.removed if is_special(c)]
    acts = st.action_deck + st.action_discard + hand_a + played_a + removed_a
    assert sorted(acts) == sorted(D.action_ids), "action cards not conserved"
    keep = [c for x in st.pending if x.kind == "special_keep" for c in x.cards]
    sas = st.sa_deck + st.sa_discard + hand_s + played_s + removed_s + keep
    assert sorted(sas) == sorted(D.special_ids), f"special cards not conserved: {sorted(sas)}"
    defs = st.defence_deck + st.defence_discard + ([st.defence.id] if st.defence else [])
    assert sorted(defs) == sorted(D.defence), "defence cards not conserved"
    ctrs = st.counter_deck + st.counter_discard + ([st.counter.id] if st.counter else [])
    assert sorted(ctrs) == sorted(D.counters), "counterattack cards not conserved"
    assert sorted(st.injury_deck) == sorted(D.injuries), "injury deck not whole"
    if st.options.blood:
        assert sorted(st.blood_deck + p.blood_kept) == sorted(D.blood)
        assert len(p.blood_levels) == len(p.blood_kept), "a kept Blood card without its level"
        assert len(p.blood_kept) == p.wounds_suffered, "a wound without its Blood card"
    else:
        assert not st.blood_deck and not p.blood_kept
    if st.options.gisei:
        assert sorted(st.gisei_deck) == sorted(D.gisei)
    if st.options.bushido:
        choosing = [c for x in st.pending if x.kind == "bushido_choose" for c in x.cards]
        if p.bushido_card is None:
            assert len(st.bushido_deck) + len(choosing) == 7 and not st.bushido_out
        else:
            assert not st.bushido_deck and len(st.bushido_out) == 6
            assert sorted(st.bushido_out + [p.bushido_card]) == sorted(D.bushido)
        assert 0 <= p.bushido_pos <= 3
    else:
        assert p.bushido_pos == 0 and p.bushido_card is None
    if st.campaign is not None:
        total = 7 if st.options.bandits_event else 6
        assert len(st.campaign.event_deck) + len(st.campaign.events_drawn) == total
    # bounds
    assert 0 <= p.life <= p.life_max, "player Life out of bounds"
    assert 0 <= p.ki <= C.ki_max, "player Ki out of bounds"
    for f in st.foes:
        assert 0 <= f.life <= f.life_start, f"{f.name} Life out of bounds"
        assert 0 <= f.ki <= f.ki_start, f"{f.name} Ki out of bounds"
        assert f.armour is None or 1 <= f.armour <= C.yoroi_resistance
        assert f.dead == (f.life == 0)
    assert p.armour is None or 1 <= p.armour <= C.yoroi_resistance
    for v in (p.s, p.t, p.g):
        assert 0 <= v <= C.track_max
    if p.cap_s:
        assert p.s <= 3
    if p.cap_t:
        assert p.t <= 3
    if st.weapon == "kusarigama":
        assert p.g == 0
    assert p.die is None or 1 <= p.die <= C.die_max
    if p.no_combos:
        assert p.die is None
    # limits
    assert st.used_duel.count("cliff") <= 1 and st.used_duel.count("ganryu_shore") <= 1
    if st.weapon == "yari":
        assert 0 <= p.yari_left <= 3
    for key in ("buy_card", "bokken", "jin", "temple_steps", "river_ford", "rice_paddies",
                "bamboo_forest", "yari", "campaign"):
        assert st.used_round.count(key) <= 1, key
    assert st.used_exchange.count("peek") <= 1
    assert st.used_attacker.count("gisei") <= 1 and st.used_attacker.count("ki_guard") <= 1
    limit = any(x.kind == "special_limit" for x in st.pending)
    assert len(hand_s) <= (4 if limit else 3), "too many Special Action cards held"
    assert len(st.exchange_cards) <= 3
    if st.step in ("attack", "injury_die", "E10", "E12", "counter_prepare", "counter_revealed"):
        assert len(st.exchange_cards) == 3 or not p.hand, "fewer than 3 activations"
    # 1 versus 3
    if st.opponent == "versus3":
        assert len(st.foes) == 3
        if st.target is not None:
            assert not st.foes[st.target].dead
        assert all(not st.foes[i].dead for i in st.queue[:1]) or st.step != "counter_revealed"
        if st.result == "win" and st.campaign is None:
            assert all(f.dead for f in st.foes)
    shiro_pen = sum(1 for x in st.pending if x.kind == "shiro_penalty")
    assert shiro_pen <= 1
    if shiro_pen:
        assert st.foes[0].side == "B"
    # liveness
    acts_now = decisions.legal(st)
    if p.bushido_card is not None or not st.options.bushido:
        assert all(getattr(a, "choice", None) != "bushido" for a in acts_now)
    assert bool(acts_now) == (st.result is None), "legal actions vs outcome"


GAME = Duel()
