"""What a choice of the duel does, why a routine one is missing, and which help section
fits the moment: the detail line under the decisions and the `?` key read these.

Everything is worked out from the view the player sees (the decks' contents are public,
their order is not) with the rules' own look-aheads (``preview``), and worded as the
rulebook words it; card texts come from the data in ``assets/duel``.
"""

from __future__ import annotations

from rules.common import ActionBase

from . import preview
from .data import data
from .effects import C, bushido_effect, change_gauge, held_specials, is_special
from .flow import combo_type, need_target
from .models import DuelState
from .words import ICON_NAMES, RESULT_WORDS, card_name, counter_label, defence_label

D = data()


def _gauge(s: int, t: int, g: int) -> str:
    return f"Strength {s}, Technique {t}, Guard {g}"


def _move(name: str, before: int, after: int) -> str:
    return f"{name} {before} → {after}" if before != after else f"{name} stays {before}"


def _foe(view: DuelState):
    return view.foes[view.target if view.target is not None else 0]


def _who(view: DuelState, foe) -> str:
    """A foe as the sentence names him: "Arima Kihei", or "the Rōnin swordsman"."""
    return f"the {foe.name}" if len(view.foes) > 1 else foe.name


def _attacker(view: DuelState):
    return view.foes[view.queue[0]] if view.queue else _foe(view)


def counters_to_come(view: DuelState) -> list[str]:
    """The counterattack cards that can come next: the deck, or the discard pile once it
    is empty (it is then reshuffled); both are public as a set."""
    return sorted(view.counter_deck) or sorted(view.counter_discard) or sorted(D.counters)


def _beats(view: DuelState, guard: int) -> tuple[int, int]:
    """How many of the cards that can come would beat ``guard`` for the next attacker
    (its attack bonus, exchange 2 and a Ki surge it can pay for), out of how many."""
    foe = _attacker(view)
    pool = counters_to_come(view)
    bad = 0
    for cid in pool:
        c = D.counters[cid]
        power = c.power + foe.atk + (C.ex2_power_bonus if view.exchange == 2 else 0)
        if c.ki_mark and foe.ki >= 1:
            power += 3 if foe.ability == "long_reach" else C.counter_ki_surge
        if foe.ability == "hot_headed" and view.attack_result == "miss":
            power += 1
        bad += power > guard
    return bad, len(pool)


# -- explain -----------------------------------------------------------------------------

def explain(view: DuelState, action: ActionBase) -> str:
    fn = EXPLAIN.get(action.kind)
    return fn(view, action) if fn else ""


def _begin(view, a):
    return (f"Round {view.round}, exchange 1: play two cards, then the defence card is "
            "revealed and you play the third.")


def _buy(view, a):
    p = view.player
    return f"Pay 1 Ki (Ki {p.ki} → {p.ki - 1}) to draw one more Action card; once per round."


def _redraw(view, a):
    p = view.player
    if a.source == "yari":
        return ("Yari: discard your whole hand, Special Action cards too, and draw 6 Action "
                f"cards. Redraws left this duel: {p.yari_left}.")
    return "Campaign redraw: discard your Action cards and draw as many new ones; once per duel."


def _jin_pick(view, a):
    return (f"Jin: mark {card_name(a.card)} to be swapped for a new draw (up to 2 cards). "
            "The swap cannot be undone.")


def _jin_confirm(view, a):
    picks = ", ".join(card_name(c) for c in view.jin_picks) or "no card"
    return f"Jin: swap {picks} for new draws from the Action deck."


def _target(view, a):
    f = view.foes[a.n - 1]
    return (f"Enemy {a.n}, the {f.name}: Life {f.life}, Ki {f.ki}, defence S{f.defs:+d} "
            f"T{f.deft:+d}. The defence, your strike and the Injury die go against your target.")


def _peek(view, a):
    p = view.player
    return (f"Pay 1 Ki (Ki {p.ki} → {p.ki - 1}) to reveal {_who(view, _foe(view))}'s defence card "
            "now: you play all three cards knowing the thresholds.")


def _exploit(view, a):
    place = D.surroundings[a.place]
    text = place.text[0].upper() + place.text[1:]
    if a.place == "cliff":
        return f"The Cliff: {place.text}. Half the rolls lose the duel."
    if a.place == "temple_steps":
        p = view.player
        cap = 3 if p.cap_s else C.track_max
        return f"{place.name}: 1 Ki, {_move('Strength', p.s, min(cap, p.s + 2))}; once per round."
    if a.place == "rice_paddies" and view.defence is not None:
        return (f"{place.name}: 1 Ki to discard the defence {defence_label(view.defence.id)} "
                "and reveal the next one (its Ki mark may be paid again).")
    if a.place == "ganryu_shore" and view.counter is not None:
        return (f"{place.name}: cancel this counterattack (Power {view.counter.power}); "
                "once per duel, and a cancel is not a block.")
    if a.place == "bamboo_forest":
        bad, n = _beats(view, view.player.g + 3)
        return f"{place.name}: {place.text}. With Guard +3, {bad} of {n} cards would still beat you."
    if a.place == "river_ford":
        return f"{place.name}: {place.text}; once per round."
    return f"{place.name}: {text}."


def _activate(view, a):
    p = view.player
    c = D.cards[a.card]
    s, t, g = preview.gauge_after(view, a.card)
    head = f"{card_name(a.card)} ({ICON_NAMES[c.icon]}): {_gauge(s, t, g)}"
    notes = []
    if c.text:
        notes.append(c.text)
    n = len(view.exchange_cards) + 1
    if n == C.cards_per_exchange:
        kind = combo_type(view.exchange_cards + [a.card])
        if kind == "V":
            notes.append("a Void combo: no effect (Broken rib)" if p.die is None
                         else "a Void combo: the Injury die rises")
        elif kind:
            notes.append(f"a {ICON_NAMES[kind]} combo: choose a reward")
        need = preview.thresholds(view)
        if need is not None:
            trial = view.model_copy(update={
                "player": p.model_copy(update={"s": s, "t": t, "g": g}),
                "exchange_cards": [*view.exchange_cards, a.card]})
            result, _ = preview.strike_result(trial, need)
            notes.append(f"your strike would score {RESULT_WORDS[result]}")
    elif n == 2 and view.defence is None:
        notes.append("then the defence card is revealed")
    if not notes:
        return head + "."
    rest = "; ".join(notes)
    return f"{head}. {rest[0].upper()}{rest[1:]}."


def _reward(view, a):
    p = view.player
    if a.choice == "ki":
        return f"Gain 1 Ki (Ki {p.ki} → {min(C.ki_max, p.ki + 1)})."
    if a.choice == "special":
        n = 2 if bushido_effect(view) == "gi" else 1
        held = len(held_specials(view))
        many = "two Special Action cards" if n == 2 else "a Special Action card"
        extra = " (Wakizashi: draw 2, keep 1)" if view.weapon == "wakizashi" else ""
        return (f"Draw {many} into your hand{extra}; you hold {held} of at most "
                f"{C.special_hand_max}, and they stay from round to round.")
    step = p.bushido_pos + 1
    then = ": you draw a Bushido card" if step >= C.bushido_kanji else ""
    return f"The Bushido pawn moves to kanji {step} of {C.bushido_kanji}{then}."


def _special(view, a):
    c = D.cards[a.card]
    text = f": {c.text}" if c.text else ""
    verb = "Keep" if a.kind == "special_keep" else "Shuffle back"
    return f"{verb} {c.name} ({ICON_NAMES[c.icon]}, {c.s:+d}/{c.t:+d}/{c.g:+d}){text}."


def _strike(view, a):
    p = view.player
    need = preview.thresholds(view)
    if need is None:
        return "Strike."
    result, notes = preview.strike_result(view)
    why = f" ({'; '.join(notes)})" if notes else ""
    then = ("Then the blue die says who counterattacks." if len(view.foes) > 1
            else f"Then {_foe(view).name}'s counterattack.")
    return (f"Strength {p.s} against {need[0]}, Technique {p.t} against {need[1]}: "
            f"{RESULT_WORDS[result]}{why}. {then}")


def _credit(view, a):
    p = view.player
    name = D.bushido[p.bushido_card].virtue if p.bushido_card else "Credit"
    track, value = ("Strength", p.s) if a.track == "s" else ("Technique", p.t)
    return (f"{name}: spend 1 of {p.credit} points, {_move(track, value, value + 1)} "
            "for the rest of the round.")


def _die(view, a):
    p = view.player
    foe = _foe(view)
    return f"+{p.die} damage to {_who(view, foe)} with this wound; the Injury die returns to 1."


def _decline(view, a):
    return f"Keep the Injury die at {view.player.die} for a later hit."


def _penalty(view, a):
    p = view.player
    if a.option == "ki":
        return f"Discard 1 Ki (Ki {p.ki} → {p.ki - 1})."
    if a.option == "life":
        lost = " You lose the game." if p.life <= 1 else ""
        return f"Discard 1 Life (Life {p.life} → {p.life - 1}); armour does not pay it.{lost}"
    if a.option == "die":
        return f"Lower the Injury die from {p.die} to {p.die - 1}."
    c = D.cards[a.card]
    if a.card in p.played:
        trial = view.model_copy(update={"player": p.model_copy()})  # as the penalty does it
        change_gauge(trial, -max(0, c.s), -max(0, c.t), -max(0, c.g))
        after = _gauge(trial.player.s, trial.player.t, trial.player.g)
        return (f"{card_name(a.card)} leaves the game from the played row and takes back the "
                f"levels it raised: {after}.")
    if is_special(a.card):
        return f"{card_name(a.card)} leaves the game from your hand; you draw an Action card for it."
    return f"{card_name(a.card)} leaves the game from your hand, with no replacement."


def _face(view, a):
    p = view.player
    foe = _attacker(view)
    if view.weapon == "kusarigama" and view.t_third - view.t_open >= 5:
        return "Your Technique rose by 5 or more this exchange: the Kusarigama blocks it."
    bad, n = _beats(view, p.g)
    return (f"Reveal {_who(view, foe)}'s counterattack against your Guard {p.g}: "
            f"{bad} of the {n} cards that can come would beat it.")


def _gisei(view, a):
    p = view.player
    return (f"Pay 1 Life (Life {p.life} → {p.life - 1}) and draw a Gisei card: Guard +2 to +5, "
            "or -3 on one card in five; it is shuffled back at once.")


def _ki_guard(view, a):
    p = view.player
    bonus = 3 if view.campaign and view.campaign.clan == "yagyu" else C.ki_guard
    bad, n = _beats(view, p.g + bonus)
    return (f"Pay 1 Ki: {_move('Guard', p.g, p.g + bonus)} for the rest of the round; "
            f"{bad} of {n} cards would still beat it.")


def _ford(view, a):
    top = view.pending[-1].cards[0] if view.pending and view.pending[-1].cards else None
    seen = f" ({counter_label(top)})" if top else ""
    if a.kind == "ford_keep":
        return f"Leave the card{seen} on top: it is the next counterattack."
    return f"Put the card{seen} at the bottom of the counterattack deck."


def _accept(view, a):
    p = view.player
    ctr = view.counter
    if ctr is None:
        return "Take the counterattack."
    verdict = RESULT_WORDS[preview.counter_result(view)]
    return f"Power {ctr.power} against your Guard {p.g}: {verdict}."


def _choose(view, a):
    b = D.bushido[a.card]
    return f"{b.virtue} ({b.meaning}): {b.text}."


def _bushido(view, a):
    p = view.player
    step = p.bushido_pos + 1
    then = ": you draw a Bushido card" if step >= C.bushido_kanji else ""
    return (f"Pay {C.bushido_ki_cost} Ki (Ki {p.ki} → {p.ki - C.bushido_ki_cost}): the pawn "
            f"moves to kanji {step} of {C.bushido_kanji}{then}.")


def _meiyo(view, a):
    p = view.player
    gone = " At 4 the card and its Ki are discarded." if p.meiyo_ki + 1 >= 4 else ""
    return (f"Meiyo: move 1 Ki onto the card ({p.meiyo_ki + 1} of 4) for "
            f"{_move('Life', p.life, p.life + 1)}.{gone}")


def _bokken(view, a):
    p = view.player
    return (f"Bokken: pay 1 Life (Life {p.life} → {p.life - 1}) for 1 Ki (Ki {p.ki} → "
            f"{p.ki + 1}); once per round.")


def _continue(view, a):
    camp = view.campaign
    if camp is None:
        return ""
    if camp.bandits_next:
        return "Next: the bandits at the crossroads, three enemies at once."
    name = D.opponents[camp.ladder[camp.index]].name
    return f"Next: {name}. Your Life, Ki and the Injury die are restored; the decks are reshuffled."


EXPLAIN = {
    "begin": _begin, "buy_card": _buy, "redraw": _redraw, "jin_pick": _jin_pick,
    "jin_confirm": _jin_confirm, "target": _target, "peek": _peek, "exploit": _exploit,
    "activate": _activate, "reward": _reward, "special_keep": _special,
    "special_limit": _special, "strike": _strike, "spend_credit": _credit,
    "activate_die": _die, "decline": _decline, "penalty": _penalty, "face": _face,
    "gisei": _gisei, "ki_guard": _ki_guard, "ford_keep": _ford, "ford_bottom": _ford,
    "accept": _accept, "choose": _choose, "bushido_advance": _bushido, "meiyo": _meiyo,
    "bokken_ki": _bokken, "continue": _continue,
}


# -- why a routine choice is missing -----------------------------------------------------

def why_not(view: DuelState) -> str:
    """Why a choice players look for at this moment is not offered ("" when none is)."""
    if view.result is not None or view.pending:
        if view.pending and view.pending[-1].kind == "combo_reward" and view.player.no_ki_gain:
            return "No Ki reward: Eye injury, no effect can give you Ki."
        return ""
    p = view.player
    step = view.step
    reasons: list[str] = []
    if step == "round_start" and not view.jin_picks:
        if "buy_card" in view.used_round:
            reasons.append("You already bought a 7th card this round.")
        elif p.ki < 1:
            reasons.append("No 7th card: you have no Ki.")
    elif step == "exchange_open" and view.defence is None and not need_target(view):
        if view.weapon == "nodachi":
            reasons.append("The Nodachi cannot pay Ki to reveal the defence early.")
        elif p.ki < 1:
            reasons.append("No early look at the defence: you have no Ki.")
    elif step == "exchange_open" and need_target(view):
        reasons.append("Mark a target before your first card.")
    elif step == "counter_prepare" and view.queue:
        if view.weapon == "kusarigama":
            reasons.append("The Kusarigama locks your Guard at 0: no Ki Guard or Gisei.")
        else:
            if "ki_guard" in view.used_attacker:
                reasons.append("Ki Guard is spent once per counterattack: done for this one.")
            elif p.ki < 1:
                reasons.append("No Ki Guard: you have no Ki.")
            if view.options.gisei and "gisei" not in view.used_attacker and p.life < 2:
                reasons.append("No Gisei: it needs 2 Life.")
    elif step == "attack" and view.surroundings == "temple_steps":
        if "temple_steps" in view.used_round:
            reasons.append("The Temple Steps are used once per round.")
        elif p.ki < 1:
            reasons.append("The Temple Steps cost 1 Ki; you have none.")
    return " ".join(reasons)


# -- the help section of the moment ------------------------------------------------------

HELP_SECTIONS = {
    "round_start": "The round",
    "exchange_open": "The exchange",
    "second_card": "The exchange",
    "third_card": "The exchange",
    "attack": "Striking",
    "injury_die": "The Injury die",
    "counter_prepare": "The counterattack",
    "counter_revealed": "The counterattack",
    "between_duels": "Campaign",
    "over": "Winning and losing",
}
PENDING_SECTIONS = {
    "combo_reward": "Combos",
    "special_keep": "Special Action cards",
    "special_limit": "Special Action cards",
    "shiro_penalty": "Module: Shiro",
    "bushido_choose": "Module: Bushido",
    "ford": "Surroundings",
}


def help_topic(view: DuelState) -> str:
    if view.result is not None:
        return HELP_SECTIONS["over"]
    if view.pending:
        return PENDING_SECTIONS.get(view.pending[-1].kind, "")
    return HELP_SECTIONS.get(view.step, "")
