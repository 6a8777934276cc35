"""Every decision of the duel: what is legal now, and what each action does (spec 4.2-4.5)."""

from __future__ import annotations

from rules.common import ActionBase, IllegalAction, refill

from .data import data
from .effects import (
    C,
    add_special,
    blue_die,
    bushido_effect,
    bushido_open,
    bushido_step,
    can_gain_ki,
    change_gauge,
    continue_specials,
    done,
    draw_action,
    draw_actions,
    gain_ki,
    held_specials,
    injure_foe,
    is_special,
    lose,
    lose_ki,
    pay_life,
    take_specials,
    win_bushido,
    wound_player,
)
from .flow import need_target, next_duel, reveal_defence, reward_options, run
from .words import PENDING_NAMES, card_label, card_list, card_name, counter_label, defence_label
from .models import (
    Accept,
    Activate,
    ActivateDie,
    Begin,
    BokkenKi,
    BushidoAdvance,
    BuyCard,
    Choose,
    Continue,
    Decline,
    DuelState,
    Exploit,
    Face,
    FordBottom,
    FordKeep,
    Gisei,
    JinConfirm,
    JinPick,
    KiGuard,
    Meiyo,
    Peek,
    Penalty,
    Pending,
    Redraw,
    Reward,
    SpecialKeep,
    SpecialLimit,
    SpendCredit,
    Strike,
    Target,
)

D = data()

ANYTIME_STEPS = {"round_start", "exchange_open", "second_card", "third_card", "attack",
                 "counter_prepare"}


# -- what is legal ---------------------------------------------------------------------------

# Every action a legal list can hold, built once: actions are frozen, so the lists share these
# instances instead of validating new ones on every call.
BEGIN, BUY_CARD, JIN_CONFIRM, PEEK, STRIKE = Begin(), BuyCard(), JinConfirm(), Peek(), Strike()
ACTIVATE_DIE, DECLINE, FACE, GISEI, KI_GUARD = ActivateDie(), Decline(), Face(), Gisei(), KiGuard()
FORD_KEEP, FORD_BOTTOM, ACCEPT, CONTINUE = FordKeep(), FordBottom(), Accept(), Continue()
BUSHIDO_ADVANCE, MEIYO, BOKKEN_KI = BushidoAdvance(), Meiyo(), BokkenKi()
ACTIVATE = {c: Activate(card=c) for c in D.cards}
JIN_PICK = {c: JinPick(card=c) for c in D.cards}
SPECIAL_KEEP = {c: SpecialKeep(card=c) for c in D.special_ids}
SPECIAL_LIMIT = {c: SpecialLimit(card=c) for c in D.special_ids}
CHOOSE = {c: Choose(card=c) for c in D.bushido}
REWARD = {c: Reward(choice=c) for c in ("ki", "special", "bushido")}
PENALTY = {o: Penalty(option=o) for o in ("ki", "life", "die")}
PENALTY_CARD = {c: Penalty(option="card", card=c) for c in D.cards}
EXPLOIT = {place: Exploit(place=place) for place in D.surroundings if place != "none"}
TARGET = {n: Target(n=n) for n in (1, 2, 3)}
REDRAW = {source: Redraw(source=source) for source in ("yari", "campaign")}
SPEND_CREDIT = {track: SpendCredit(track=track) for track in ("s", "t")}


def anytime(st: DuelState) -> list[ActionBase]:
    p = st.player
    acts: list[ActionBase] = []
    if p.ki >= C.bushido_ki_cost and bushido_open(st):
        acts.append(BUSHIDO_ADVANCE)
    if (p.bushido_card is not None and p.ki >= 1 and p.meiyo_ki < 4 and p.life < p.life_max
            and bushido_effect(st) == "meiyo"):
        acts.append(MEIYO)
    if (st.weapon == "bokken" and "bokken" not in st.used_round and p.life >= 2
            and p.ki < C.ki_max and can_gain_ki(st)):
        acts.append(BOKKEN_KI)
    return acts


def _place_ok(st: DuelState, place: str) -> bool:
    p = st.player
    if st.surroundings != place:
        return False
    s = D.surroundings[place]
    if s.limit == "round" and place in st.used_round:
        return False
    if s.limit == "duel" and place in st.used_duel:
        return False
    return p.ki >= s.ki_cost


def penalty_options(st: DuelState) -> list[ActionBase]:
    p = st.player
    acts: list[ActionBase] = []
    if p.ki >= 1:
        acts.append(PENALTY["ki"])
    acts.append(PENALTY["life"])
    if p.die is not None and p.die >= 2:
        acts.append(PENALTY["die"])
    for c in p.played + p.hand:
        acts.append(PENALTY_CARD[c])
    return acts


def legal(st: DuelState) -> list[ActionBase]:
    if st.result is not None:
        return []
    p = st.player
    if st.pending:
        top = st.pending[-1]
        if top.kind == "combo_reward":
            return [REWARD[c] for c in reward_options(st)]
        if top.kind == "special_keep":
            return [SPECIAL_KEEP[c] for c in top.cards]
        if top.kind == "special_limit":
            return [SPECIAL_LIMIT[c] for c in held_specials(st)]
        if top.kind == "shiro_penalty":
            return penalty_options(st)
        if top.kind == "bushido_choose":
            return [CHOOSE[c] for c in st.bushido_deck]
        if top.kind == "ford":
            return [FORD_KEEP, FORD_BOTTOM]
    step = st.step
    acts: list[ActionBase] = []
    if step == "round_start":
        if st.jin_picks:
            if len(st.jin_picks) < 2:
                acts += [JIN_PICK[c] for c in p.hand
                         if not is_special(c) and c not in st.jin_picks]
            acts.append(JIN_CONFIRM)
            return acts
        acts.append(BEGIN)
        if p.ki >= 1 and "buy_card" not in st.used_round:
            acts.append(BUY_CARD)
        if st.weapon == "yari" and p.yari_left > 0 and "yari" not in st.used_round and p.hand:
            acts.append(REDRAW["yari"])
        if (st.campaign and p.campaign_redraw_left > 0 and "campaign" not in st.used_round
                and any(not is_special(c) for c in p.hand)):
            acts.append(REDRAW["campaign"])
        if bushido_effect(st) == "jin" and "jin" not in st.used_round:
            acts += [JIN_PICK[c] for c in p.hand if not is_special(c)]
    elif step == "exchange_open":
        if st.opponent == "versus3" and not st.target_locked:
            acts += [TARGET[f.no] for i, f in enumerate(st.foes)
                     if not f.dead and i != st.target]
        if not need_target(st):
            if (st.defence is None and "peek" not in st.used_exchange and p.ki >= 1
                    and st.weapon != "nodachi"):
                acts.append(PEEK)
            if st.surroundings == "cliff" and _place_ok(st, "cliff"):
                acts.append(EXPLOIT["cliff"])
            acts += [ACTIVATE[c] for c in p.hand]
    elif step == "second_card":
        acts = [ACTIVATE[c] for c in p.hand]
    elif step == "third_card":
        acts = [ACTIVATE[c] for c in p.hand]
        if (st.surroundings == "rice_paddies" and _place_ok(st, "rice_paddies")
                and st.defence is not None):
            acts.append(EXPLOIT["rice_paddies"])
    elif step == "attack":
        acts.append(STRIKE)
        eff = bushido_effect(st)
        if eff == "credit_s" and p.credit > 0 and p.s < (3 if p.cap_s else C.track_max):
            acts.append(SPEND_CREDIT["s"])
        if eff == "credit_t" and p.credit > 0 and p.t < (3 if p.cap_t else C.track_max):
            acts.append(SPEND_CREDIT["t"])
        if st.surroundings == "temple_steps" and _place_ok(st, "temple_steps"):
            acts.append(EXPLOIT["temple_steps"])
    elif step == "injury_die":
        return [ACTIVATE_DIE, DECLINE]
    elif step == "counter_prepare":
        acts.append(FACE)
        kusari = st.weapon == "kusarigama"
        if st.options.gisei and not kusari and "gisei" not in st.used_attacker and p.life >= 2:
            acts.append(GISEI)
        if not kusari and "ki_guard" not in st.used_attacker and p.ki >= 1:
            acts.append(KI_GUARD)
        if not kusari and st.surroundings == "bamboo_forest" and _place_ok(st, "bamboo_forest"):
            acts.append(EXPLOIT["bamboo_forest"])
        if st.surroundings == "river_ford" and _place_ok(st, "river_ford"):
            acts.append(EXPLOIT["river_ford"])
    elif step == "counter_revealed":
        return [EXPLOIT["ganryu_shore"], ACCEPT]
    elif step == "between_duels":
        return [CONTINUE]
    if step in ANYTIME_STEPS:
        acts += anytime(st)
    return acts


# -- why an action is refused ------------------------------------------------------------------

def reason(st: DuelState, a: ActionBase) -> str:
    p = st.player
    if st.result is not None:
        return "The game is over."
    if st.pending:
        return "Settle the pending choice first: " + PENDING_NAMES[st.pending[-1].kind] + "."
    k = a.kind
    if k == "exploit":
        place = a.place
        s = D.surroundings[place]
        if st.surroundings != place:
            return f"This duel is not fought at the {s.name}."
        if s.limit == "duel" and place in st.used_duel:
            return f"{s.name} can be exploited only once per duel."
        if s.limit == "round" and place in st.used_round:
            return f"{s.name} can be exploited only once per round."
        if p.ki < s.ki_cost:
            return "You have no Ki to spend."
        return f"{s.name} cannot be exploited at this moment."
    if k in ("peek", "buy_card", "ki_guard") and p.ki < 1:
        return "You have no Ki to spend."
    if k == "peek" and st.weapon == "nodachi":
        return "The Nodachi cannot pay Ki to reveal the defence early."
    if k == "bushido_advance" and p.ki < C.bushido_ki_cost:
        return "Advancing the Bushido pawn costs 2 Ki."
    if k == "gisei" and p.life < 2:
        return "Gisei needs at least 2 Life."
    if k == "activate" and a.card not in p.hand:
        return f"{card_name(a.card)} is not in your hand."
    if k == "activate" and st.step not in ("exchange_open", "second_card", "third_card"):
        return "Cards are played only during an exchange."
    if k == "activate" and need_target(st):
        return "Mark a target before your first card."
    if k == "target":
        return "That enemy cannot be targeted now."
    return "That is not allowed at this moment."


# -- doing it ----------------------------------------------------------------------------------

def allowed(st: DuelState, a: ActionBase) -> bool:
    """``a in legal(st)``, settled without building the list for the commonest actions
    (playing a card, Begin, Strike, Face: nine in ten). Each shortcut restates the branch of
    ``legal`` that lists that action; the random-play property test checks they agree."""
    kind = type(a)
    if kind is Activate or kind is Begin or kind is Strike or kind is Face:
        if st.result is not None or st.pending:
            return False
        step = st.step
        if kind is Activate:
            if step == "exchange_open":
                return not need_target(st) and a.card in st.player.hand
            return (step == "second_card" or step == "third_card") and a.card in st.player.hand
        if kind is Begin:
            return step == "round_start" and not st.jin_picks
        return step == ("attack" if kind is Strike else "counter_prepare")
    acts = legal(st)
    # The listed instances are shared (see ACTIVATE), so a listed action is usually found by
    # identity; equality is the fallback for an action built elsewhere (a replay, a test).
    return any(x is a for x in acts) or a in acts


def apply(st: DuelState, a: ActionBase) -> None:
    if not allowed(st, a):
        raise IllegalAction(reason(st, a))
    HANDLERS[a.kind](st, a)
    run(st)


def _begin(st, a):
    st.step = "E0"


def _buy(st, a):
    st.player.ki -= 1
    st.used_round.append("buy_card")
    got = draw_actions(st, 1)
    st.player.hand.extend(got)
    st.say(f"You pay 1 Ki for one more card: {card_list(got) or 'none left'}.")


def _replace_actions(st: DuelState, cards: list[str]) -> list[str]:
    p = st.player
    for c in cards:
        p.hand.remove(c)
    got = draw_actions(st, len(cards))
    st.action_discard.extend(cards)
    p.hand.extend(got)
    return got


def _yari_redraw(st: DuelState) -> tuple[list[str], list[str]]:
    """Discard every card in hand, Special Action cards too, and draw 6 Action cards (drawn
    before the discard lands, as with the other redraws)."""
    p = st.player
    cards, p.hand = p.hand, []
    got = draw_actions(st, C.hand_size)
    for c in cards:
        (st.sa_discard if is_special(c) else st.action_discard).append(c)
    p.hand.extend(got)
    return cards, got


def _redraw(st, a):
    p = st.player
    if a.source == "yari":
        cards, got = _yari_redraw(st)
        p.yari_left -= 1
        st.used_round.append("yari")
        who = f"Yari redraw ({p.yari_left} left)"
    else:
        cards = [c for c in p.hand if not is_special(c)]
        got = _replace_actions(st, cards)
        p.campaign_redraw_left -= 1
        st.used_round.append("campaign")
        who = "Campaign redraw"
    st.say(f"{who}: you discard {card_list(cards)} and draw {card_list(got)}.")


def _jin_pick(st, a):
    st.jin_picks.append(a.card)


def _jin_confirm(st, a):
    picks = list(st.jin_picks)
    st.jin_picks = []
    st.used_round.append("jin")
    got = _replace_actions(st, picks)
    st.say(f"Jin: you swap {card_list(picks)} for {card_list(got) or 'nothing'}.")


def _target(st, a):
    st.target = a.n - 1
    st.say(f"You mark enemy {a.n}, the {st.foes[a.n - 1].name}, as your target.")


def _peek(st, a):
    st.player.ki -= 1
    st.used_exchange.append("peek")
    st.say("You pay 1 Ki to read the defence early.")
    reveal_defence(st)


def _exploit(st, a):
    p = st.player
    place = a.place
    s = D.surroundings[place]
    p.ki -= s.ki_cost
    (st.used_duel if s.limit == "duel" else st.used_round).append(place)
    if place == "cliff":
        roll = blue_die(st, "the Cliff")
        if roll <= 3:
            i = st.target if st.target is not None else 0
            st.say(f"You drive {st.foes[i].name} to the edge: he suffers Wound 1.")
            injure_foe(st, i, 1, 0, "The Cliff")
        else:
            lose(st, f"You fell from the cliff in round {st.round}.")
    elif place == "temple_steps":
        change_gauge(st, ds=2)
        st.say(f"Temple Steps: you pay {s.ki_cost} Ki; the high ground gives Strength +2 (Strength {p.s}).")
    elif place == "rice_paddies":
        old = st.defence.id
        st.defence_discard.append(old)
        st.defence = None
        st.say(f"Rice Paddies: you pay 1 Ki; the defence card {defence_label(old)} is discarded.")
        reveal_defence(st)
    elif place == "bamboo_forest":
        roll = blue_die(st, "the Bamboo Forest")
        if roll <= 4:
            change_gauge(st, dg=3)
            st.say(f"The bamboo shields you: Guard +3 (Guard {p.g}).")
        elif roll == 5:
            st.say("The bamboo does nothing.")
        else:
            st.say("The stalks cut you: you suffer Wound 2.")
            wound_player(st, 2, "Bamboo Forest")
    elif place == "river_ford":
        refill(st.counter_deck, st.counter_discard, st.rng)
        top = st.counter_deck[-1]
        st.reveal()
        st.say(f"River Ford: you pay 1 Ki and look at the top counterattack card "
               f"({counter_label(top)}).")
        st.pending.append(Pending(kind="ford", cards=[top]))
    elif place == "ganryu_shore":
        st.cancelled = True
        st.step = "C4"


def _play_text(cid: str) -> str:
    return f"You play {card_label(cid)}: gauge "


PLAY_TEXT = {cid: _play_text(cid) for cid in D.cards}  # the log line up to the new gauge


def _activate(st, a):
    p = st.player
    card = D.cards[a.card]
    p.hand.remove(a.card)
    p.played.append(a.card)
    st.exchange_cards.append(a.card)
    st.target_locked = True
    n = len(st.exchange_cards)
    change_gauge(st, card.s, card.t, card.g)
    st.say(f"{PLAY_TEXT[a.card]}{p.s}/{p.t}/{p.g}.")
    if card.effect == "kiai":
        gain_ki(st, 1, "Kiai")
    if card.effect == "iai" and n == C.cards_per_exchange:
        change_gauge(st, ds=3)
        st.say(f"Iai-giri as the 3rd card: Strength +3 (Strength {p.s}).")
    st.step = "second_card" if n == 1 else "E3" if n == 2 else "E5"


def _reward(st, a):
    st.pending.pop()
    if a.choice == "ki":
        gain_ki(st, 1, "Combo reward")
    elif a.choice == "special":
        n = 2 if bushido_effect(st) == "gi" else 1
        take_specials(st, n)
    else:
        bushido_step(st)


def _special_keep(st, a):
    top = st.pending.pop()
    other = [c for c in top.cards if c != a.card]
    for c in other:
        st.sa_deck.append(c)
    st.rng.shuffle(st.sa_deck)
    st.say(f"You keep {card_name(a.card)} and shuffle {card_list(other)} back into the deck.")
    add_special(st, a.card)
    continue_specials(st)


def _special_limit(st, a):
    st.pending.pop()
    st.player.hand.remove(a.card)
    st.sa_deck.append(a.card)
    st.rng.shuffle(st.sa_deck)
    st.say(f"You shuffle {card_name(a.card)} back into the Special Action deck.")
    continue_specials(st)


def _strike(st, a):
    st.step = "E8"


def _spend_credit(st, a):
    p = st.player
    p.credit -= 1
    if a.track == "s":
        change_gauge(st, ds=1)
    else:
        change_gauge(st, dt=1)
    name = D.bushido[p.bushido_card].virtue
    st.say(f"{name}: you spend 1 point ({p.credit} left); gauge {p.s}/{p.t}/{p.g}.")
    if p.credit == 0:
        p.bushido_spent = True
        st.say(f"{name} is used up and discarded.")


def _activate_die(st, a):
    p = st.player
    st.die_bonus = p.die
    st.say(f"You activate the Injury die at {p.die}: +{p.die} damage; it returns to 1.")
    p.die = C.die_start
    st.step = "E10"


def _decline(st, a):
    st.step = "E10"


def _penalty(st, a):
    p = st.player
    st.pending.pop()
    if a.option == "ki":
        lose_ki(st, 1)
        st.say(f"Shiro's penalty: you discard 1 Ki (Ki {p.ki}).")
    elif a.option == "life":
        pay_life(st, 1, "Shiro's penalty")
    elif a.option == "die":
        p.die -= 1
        st.say(f"Shiro's penalty: your Injury die drops to {p.die}.")
    else:
        c = a.card
        card = D.cards[c]
        st.removed.append(c)
        if c in p.played:
            p.played.remove(c)
            change_gauge(st, -max(0, card.s), -max(0, card.t), -max(0, card.g))
            st.say(f"Shiro's penalty: {card_name(c)} leaves the game and takes back its levels "
                   f"(gauge {p.s}/{p.t}/{p.g}).")
        else:
            p.hand.remove(c)
            st.say(f"Shiro's penalty: {card_name(c)} leaves the game from your hand.")
            if is_special(c):
                got = draw_action(st)
                if got is not None:
                    p.hand.append(got)
                    st.say(f"You draw {card_name(got)} to replace it.")


def _face(st, a):
    st.step = "C2"


def _gisei(st, a):
    p = st.player
    st.used_attacker.append("gisei")
    pay_life(st, 1, "Gisei")
    if done(st):
        return
    cid = st.gisei_deck.pop()
    st.reveal()
    st.last_gisei = cid
    g = D.gisei[cid].guard
    change_gauge(st, dg=g)
    st.gisei_deck.append(cid)
    st.rng.shuffle(st.gisei_deck)
    st.say(f"The Gisei card reads Guard {g:+d} (Guard {p.g}); it is shuffled back.")


def _ki_guard(st, a):
    p = st.player
    p.ki -= 1
    st.used_attacker.append("ki_guard")
    bonus = 3 if st.campaign and st.campaign.clan == "yagyu" else C.ki_guard
    change_gauge(st, dg=bonus)
    st.say(f"You spend 1 Ki on your Guard: +{bonus} (Guard {p.g}).")


def _ford_keep(st, a):
    st.pending.pop()
    st.say("You leave the counterattack card on top.")


def _ford_bottom(st, a):
    st.pending.pop()
    top = st.counter_deck.pop()
    st.counter_deck.insert(0, top)
    st.say("You put that card at the bottom of the counterattack deck.")


def _accept(st, a):
    st.step = "C4"


def _choose(st, a):
    top = st.pending.pop()
    st.bushido_deck.remove(a.card)
    st.bushido_out.extend(top.cards)
    st.reveal()
    win_bushido(st, a.card)


def _bushido_advance(st, a):
    st.player.ki -= C.bushido_ki_cost
    st.say(f"You spend {C.bushido_ki_cost} Ki on the Bushido slider.")
    bushido_step(st)


def _meiyo(st, a):
    p = st.player
    p.ki -= 1
    p.meiyo_ki += 1
    p.life = min(p.life_max, p.life + 1)
    st.say(f"Meiyo: 1 Ki onto the card ({p.meiyo_ki} on it), +1 Life (Life {p.life}).")
    if p.meiyo_ki >= 4:
        p.bushido_spent = True
        st.say("Meiyo holds 4 Ki: the card and its Ki are discarded.")


def _bokken(st, a):
    st.used_round.append("bokken")
    pay_life(st, 1, "Bokken")
    if not done(st):
        gain_ki(st, 1, "Bokken")


def _continue(st, a):
    next_duel(st)


HANDLERS = {
    "begin": _begin, "buy_card": _buy, "redraw": _redraw, "jin_pick": _jin_pick,
    "jin_confirm": _jin_confirm, "target": _target, "peek": _peek, "exploit": _exploit,
    "activate": _activate, "reward": _reward, "special_keep": _special_keep,
    "special_limit": _special_limit, "strike": _strike, "spend_credit": _spend_credit,
    "activate_die": _activate_die, "decline": _decline, "penalty": _penalty, "face": _face,
    "gisei": _gisei, "ki_guard": _ki_guard, "ford_keep": _ford_keep,
    "ford_bottom": _ford_bottom, "accept": _accept, "choose": _choose,
    "bushido_advance": _bushido_advance, "meiyo": _meiyo, "bokken_ki": _bokken,
    "continue": _continue,
}
