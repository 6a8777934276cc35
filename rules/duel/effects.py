"""Effects shared by every step: the gauge, Ki, damage and armour, injuries, Shiro's card,
Special Action cards and the Bushido slider (spec section 5)."""

from __future__ import annotations

from rules.common import refill

from .data import data
from .models import DuelState, Foe, Pending
from .words import card_name

D = data()
C = D.c


# -- small readers -------------------------------------------------------------------------

def done(st: DuelState) -> bool:
    """True once the current duel is decided (the game may go on in a campaign)."""
    return st.result is not None or st.step == "between_duels"


def is_special(cid: str) -> bool:
    return cid.startswith("SA")


def held_specials(st: DuelState) -> list[str]:
    return [c for c in st.player.hand if is_special(c)]


def versus3(st: DuelState) -> bool:
    return st.opponent == "versus3"


def target_foe(st: DuelState) -> Foe:
    return st.foes[st.target if st.target is not None else 0]


def die_level(st: DuelState) -> int:
    """X for Thigh injury and Loss of balance: the level, 1 when the die is gone."""
    d = st.player.die
    return 1 if d is None else max(1, min(6, d))


# -- dice and decks ----------------------------------------------------------------------

def blue_die(st: DuelState, why: str) -> int:
    value = st.rng.roll(6)
    st.last_blue = f"{value} ({why})"
    st.say(f"Blue die for {why}: {value}.")
    return value


def draw_action(st: DuelState) -> str | None:
    refill(st.action_deck, st.action_discard, st.rng)
    if not st.action_deck:
        return None
    st.reveal()
    return st.action_deck.pop()


def draw_actions(st: DuelState, n: int) -> list[str]:
    """``draw_action`` ``n`` times (fewer if both piles run dry)."""
    got = []
    deck = st.action_deck
    for _ in range(n):
        if not deck:
            refill(deck, st.action_discard, st.rng)
            if not deck:
                break
        st.reveal()
        got.append(deck.pop())
    return got


def shuffle_into(st: DuelState, deck: list[str], card: str) -> None:
    deck.append(card)
    st.rng.shuffle(deck)


# -- gauge and Ki ------------------------------------------------------------------------

def change_gauge(st: DuelState, ds: int = 0, dt: int = 0, dg: int = 0) -> None:
    """Move the three levels, each held to its track (0-10), the Blood caps (3) and the
    Kusarigama lock (Guard 0). The clamps never mix tracks, so the order of moves is moot."""
    p = st.player
    lo, hi = C.track_min, C.track_max
    s, t, g = p.s + ds, p.t + dt, p.g + dg
    s = lo if s < lo else hi if s > hi else s
    t = lo if t < lo else hi if t > hi else t
    g = lo if g < lo else hi if g > hi else g
    if p.cap_s and s > 3:
        s = 3
    if p.cap_t and t > 3:
        t = 3
    if g and st.weapon == "kusarigama":
        g = 0
    if s != p.s:
        p.s = s
    if t != p.t:
        p.t = t
    if g != p.g:
        p.g = g


def clamp_gauge(st: DuelState) -> None:
    change_gauge(st)


def gauge_text(st: DuelState) -> str:
    p = st.player
    return f"{p.s}/{p.t}/{p.g}"


def can_gain_ki(st: DuelState) -> bool:
    return not st.player.no_ki_gain


def gain_ki(st: DuelState, n: int, why: str) -> int:
    p = st.player
    if p.no_ki_gain:
        st.say(f"{why}: no Ki can be gained (Eye injury).")
        return 0
    before = p.ki
    p.ki = min(C.ki_max, p.ki + n)
    st.say(f"{why}: you gain {p.ki - before} Ki (Ki {p.ki}).")
    return p.ki - before


def lose_ki(st: DuelState, n: int) -> int:
    p = st.player
    lost = min(p.ki, n)
    p.ki -= lost
    return lost


# -- win and loss ------------------------------------------------------------------------

def lose(st: DuelState, text: str) -> None:
    if done(st):
        return
    st.result = "loss"
    if st.campaign is not None:
        won = st.campaign.score
        text = f"{text} Campaign over: {won} {'duel' if won == 1 else 'duels'} won."
    st.explanation = text
    st.step = "over"
    st.pending.clear()
    st.say(text)


def win_duel(st: DuelState, text: str) -> None:
    """The foe (or the third enemy) falls."""
    if done(st):
        return
    st.say(text)
    camp = st.campaign
    if camp is None:
        st.result = "win"
        st.explanation = text
        st.step = "over"
        st.pending.clear()
        return
    # Campaign: score it; the next duel (or the end of the ladder) follows from its step.
    campaign_duel_won(st, text)


def campaign_duel_won(st: DuelState, text: str) -> None:
    """Campaign: score the duel won; the step becomes "between_duels" (or "over" at the top of
    the ladder), and the event of the road is drawn."""
    camp = st.campaign
    st.pending.clear()
    st.specials_to_take = 0
    st.queue = []
    st.counter = None
    st.defence = None
    camp.score += 1
    camp.effects = []
    # ``text`` (the fall) is already in the log: only the score is added to it.
    if camp.in_bandits:
        camp.in_bandits = False
        score = f"The bandits are beaten (score {camp.score})."
        camp.last_result = f"{text} {score}"
        st.step = "between_duels"
        st.say(score)
        return
    camp.index += 1
    if camp.index >= len(camp.ladder):
        st.result = "win"
        score = f"The whole ladder falls: {camp.score} duels won."
        st.explanation = f"{text} {score}"
        st.step = "over"
        st.say(score)
        return
    st.step = "between_duels"
    score = f"Score {camp.score}."
    camp.last_result = f"{text} {score}"
    st.say(score)
    if camp.event_deck:
        ev = camp.event_deck.pop()
        st.reveal()
        camp.events_drawn.append(ev)
        e = D.events[ev]
        st.say(f"Event: {e.name}: {e.text}.")
        if ev == "EV7":
            camp.bandits_next = True
        else:
            camp.effects = [ev]
        if ev == "EV3":
            take_specials(st, 1)


# -- damage and armour ---------------------------------------------------------------------

def _armour_takes(st: DuelState, armour: int | None, n: int, whose: str) -> tuple[int | None, int]:
    """Yoroi takes damage first; returns (armour left or None, damage left for Life)."""
    if armour is None or n <= 0:
        return armour, n
    absorbed = min(armour, n)
    armour -= absorbed
    st.say(f"{whose} armour absorbs {absorbed} ({armour} left).")
    if armour == 0:
        st.say(f"{whose} armour is spent and leaves the game.")
        return None, n - absorbed
    if blue_die(st, f"{whose} armour") == 6:
        st.say(f"{whose} armour breaks and leaves the game.")
        return None, n - absorbed
    return armour, n - absorbed


def damage_player(st: DuelState, n: int, why: str) -> None:
    """One damage event on you (never a cost)."""
    if n <= 0 or done(st):
        return
    p = st.player
    p.armour, rest = _armour_takes(st, p.armour, n, "Your")
    if rest:
        p.life = max(0, p.life - rest)
        st.say(f"{why}: you lose {rest} Life (Life {p.life}).")
    if p.life <= 0:
        lose(st, f"You fall in round {st.round} ({why}).")


def pay_life(st: DuelState, n: int, why: str) -> None:
    """A Life cost: armour never pays it."""
    p = st.player
    p.life = max(0, p.life - n)
    st.say(f"{why}: you pay {n} Life (Life {p.life}).")
    if p.life <= 0:
        lose(st, f"You give your last Life in round {st.round} ({why}).")


def damage_foe(st: DuelState, i: int, n: int, why: str, flip: bool = True) -> None:
    """One damage event on a foe; Shiro's card flips after it unless he died."""
    if done(st):
        return
    foe = st.foes[i]
    if n > 0:
        foe.armour, rest = _armour_takes(st, foe.armour, n, f"{foe.name}'s")
        if rest:
            foe.life = max(0, foe.life - rest)
            st.say(f"{why}: {foe.name} loses {rest} Life (Life {foe.life}).")
    if foe.life <= 0:
        foe_dies(st, i)
        return
    if flip:
        shiro_flip(st, i)


def foe_dies(st: DuelState, i: int) -> None:
    foe = st.foes[i]
    foe.dead = True
    foe.bleed = 0
    if not versus3(st):
        win_duel(st, f"{foe.name} falls in round {st.round}.")
        return
    st.say(f"Enemy {foe.no}, the {foe.name}, is dead: his card is turned over.")
    if st.target == i:
        st.target = None
    if all(f.dead for f in st.foes):
        win_duel(st, f"All three enemies fall in round {st.round}.")


def shiro_flip(st: DuelState, i: int) -> None:
    foe = st.foes[i]
    if foe.side is None or foe.dead:
        return
    foe.side = "B" if foe.side == "A" else "A"
    if foe.side == "B":
        st.say("Shiro's card turns to side B: choose one penalty.")
        st.pending.append(Pending(kind="shiro_penalty"))
    else:
        st.say("Shiro's card turns back to side A.")


# -- injuries ----------------------------------------------------------------------------

def draw_injury(st: DuelState) -> str:
    cid = st.injury_deck.pop()
    st.reveal()
    st.last_injury = cid
    return cid


def injure_foe(st: DuelState, i: int, level: int, extra: int, why: str) -> None:
    """A wound inflicted on a foe: die bonus + base Injury card + Katana, one damage event.
    The resolved card is shuffled back into the deck."""
    cid = draw_injury(st)
    _injure_foe(st, i, level, extra, why, cid)
    shuffle_into(st, st.injury_deck, cid)


def _injure_foe(st: DuelState, i: int, level: int, extra: int, why: str, cid: str) -> None:
    foe = st.foes[i]
    card = D.injuries[cid]
    line = card.line(level)
    st.say(f"Injury card {card.name}, Wound {level}: {line.text}.")
    life = extra + line.life
    ki = line.ki
    if line.ki_or_life:
        if foe.ki >= 1:
            ki += 1
        else:
            life += 1
    if level == 2 and st.weapon == "katana":
        life += 1
        st.say("Katana: the Wound 2 costs 1 extra Life.")
    damage_foe(st, i, life, why, flip=False)
    if done(st) or foe.dead:
        return
    if ki:
        lost = min(foe.ki, ki)
        foe.ki -= lost
        if lost:
            st.say(f"{foe.name} loses {lost} Ki (Ki {foe.ki}).")
    if line.bleed:
        foe.bleed += line.bleed
        st.say(f"{foe.name} bleeds: {foe.bleed} more Life at the round's end.")
    if line.stagger and st.player.die is not None:
        st.player.die = min(C.die_max, st.player.die + 1)
        st.say(f"{foe.name} staggers: your Injury die rises to {st.player.die}.")
    shiro_flip(st, i)


def wound_player(st: DuelState, level: int, why: str) -> None:
    """You suffer a wound: a Blood card with Blood, otherwise a base Injury card."""
    if done(st):
        return
    st.player.wounds_suffered += 1
    if st.options.blood:
        _blood_wound(st, level, why)
    else:
        _base_wound(st, level, why)


def _base_wound(st: DuelState, level: int, why: str) -> None:
    cid = draw_injury(st)
    _base_wound_card(st, level, why, cid)
    shuffle_into(st, st.injury_deck, cid)


def _base_wound_card(st: DuelState, level: int, why: str, cid: str) -> None:
    p = st.player
    card = D.injuries[cid]
    line = card.line(level)
    st.say(f"You draw the Injury card {card.name}, Wound {level}: {line.text}.")
    life = line.life
    ki = line.ki
    if line.ki_or_life:
        if p.ki >= 1:
            ki += 1
        else:
            life += 1
    damage_player(st, life, why)
    if done(st):
        return
    if ki:
        lost = lose_ki(st, ki)
        if lost:
            st.say(f"You lose {lost} Ki (Ki {p.ki}).")
    if line.bleed:
        p.bleed += line.bleed
        st.say(f"You bleed: {p.bleed} more Life at the round's end.")
    if line.stagger and p.die is not None:
        p.die = max(1, p.die - 1)
        st.say(f"You stagger: your Injury die drops to {p.die}.")


def _blood_wound(st: DuelState, level: int, why: str) -> None:
    p = st.player
    cid = st.blood_deck.pop()
    st.reveal()
    p.blood_kept.append(cid)
    p.blood_levels.append(level)
    st.last_injury = cid
    line = D.blood[cid].line(level)
    st.say(f"You draw a Blood card, Wound {level}: {line.name}, {line.text}.")
    e = line.effect
    if e == "cap_s":
        p.cap_s = True
        clamp_gauge(st)
    elif e == "cap_t":
        p.cap_t = True
        clamp_gauge(st)
    elif e == "remove_die":
        p.die = None
        p.no_combos = True
    elif e == "gash":
        p.gash = True
    elif e == "die_minus_3":
        if p.die is not None:
            p.die = max(1, p.die - 3)
            st.say(f"Your Injury die drops to {p.die}.")
    elif e == "no_ki_gain":
        p.no_ki_gain = True
    elif e == "life_x":
        damage_player(st, die_level(st), f"{line.name}")
    elif e == "ki_x":
        lost = lose_ki(st, die_level(st))
        st.say(f"You lose {lost} Ki (Ki {p.ki}).")
    elif e == "beheaded":
        lose(st, f"Beheaded (Blood) in round {st.round}.")
        return
    if not done(st) and not st.blood_deck:
        lose(st, f"Blood deck exhausted in round {st.round}.")


# -- Special Action cards -------------------------------------------------------------------

def take_specials(st: DuelState, n: int) -> None:
    st.specials_to_take += n
    continue_specials(st)


def _draw_special(st: DuelState) -> str | None:
    refill(st.sa_deck, st.sa_discard, st.rng)
    if not st.sa_deck:
        return None
    st.reveal()
    return st.sa_deck.pop()


def specials_available(st: DuelState) -> bool:
    return bool(st.sa_deck or st.sa_discard)


def continue_specials(st: DuelState) -> None:
    while st.specials_to_take > 0 and not any(
        x.kind in ("special_keep", "special_limit") for x in st.pending
    ):
        st.specials_to_take -= 1
        first = _draw_special(st)
        if first is None:
            st.specials_to_take = 0
            st.say("No Special Action card is left to take.")
            break
        if st.weapon == "wakizashi":
            second = _draw_special(st)
            if second is not None:
                st.say(f"Wakizashi: you draw {card_name(first)} and {card_name(second)}; "
                       "keep one.")
                st.pending.append(Pending(kind="special_keep", cards=[first, second]))
                break
        add_special(st, first)


def add_special(st: DuelState, cid: str) -> None:
    card = D.cards[cid]
    st.player.hand.append(cid)
    st.say(f"You take the Special Action card {card.name}.")
    held = held_specials(st)
    if len(held) > C.special_hand_max:
        st.say("You hold 4 Special Action cards: shuffle one back into its deck.")
        st.pending.append(Pending(kind="special_limit", cards=held))


# -- Bushido -------------------------------------------------------------------------------

def bushido_open(st: DuelState) -> bool:
    p = st.player
    return (st.options.bushido and p.bushido_card is None and p.bushido_pos < C.bushido_kanji
            and not (st.pending and any(x.kind == "bushido_choose" for x in st.pending)))


def bushido_step(st: DuelState) -> None:
    p = st.player
    p.bushido_pos += 1
    st.say(f"The Bushido pawn moves to kanji {p.bushido_pos}.")
    if p.bushido_pos < C.bushido_kanji:
        return
    cid = st.bushido_deck.pop()
    st.reveal()
    card = D.bushido[cid]
    st.say(f"You draw the Bushido card {card.virtue} ({card.meaning}).")
    if card.effect == "chugi":
        st.say("Chūgi: choose any card left in the Bushido deck.")
        st.pending.append(Pending(kind="bushido_choose", cards=[cid]))
        return
    win_bushido(st, cid)


def win_bushido(st: DuelState, cid: str) -> None:
    p = st.player
    card = D.bushido[cid]
    p.bushido_card = cid
    st.bushido_out.extend(st.bushido_deck)
    st.bushido_deck.clear()
    if card.effect in ("credit_s", "credit_t"):
        p.credit = 5
    st.say(f"{card.virtue} is yours: {card.text}. The Bushido deck leaves the game.")


def bushido_effect(st: DuelState) -> str | None:
    p = st.player
    if p.bushido_card is None or p.bushido_spent:
        return None
    return D.bushido[p.bushido_card].effect
