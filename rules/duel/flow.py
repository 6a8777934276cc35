"""Setup, the round as a state machine (spec section 4.2) and the campaign ladder.

The round is one table, ``DECISIONS`` and ``STEPS`` below (at the end of this file): each step
by name, what it does or offers, and which steps may follow. ``run`` performs the automatic
steps (draws, reveals, rolls, the opponent's side) until the next decision. Each automatic step
names the next step first (it sets ``st.step``), so an effect that pushes a pending decision
(Shiro's penalty, a Special Action choice) resumes in the right place; no step calls the next.
A won duel is scored in effects.py (``win_duel``): the step becomes "between_duels" or "over".
"""

from __future__ import annotations

from rules.common import Rng, refill
from rules.common.flow import END, Phase, runners, table

from .data import data
from .effects import (
    C,
    blue_die,
    bushido_effect,
    bushido_open,
    can_gain_ki,
    change_gauge,
    clamp_gauge,
    damage_foe,
    damage_player,
    done,
    draw_actions,
    injure_foe,
    is_special,
    lose,
    specials_available,
    take_specials,
    target_foe,
    versus3,
    wound_player,
)
from . import preview
from .models import (
    Campaign,
    Counter,
    CounterNote,
    DuelOptions,
    DuelState,
    Foe,
    Pending,
    Player,
    Revealed,
    StrikeNote,
)
from .words import card_list, defence_label

D = data()

BASE_OPPONENTS = ["arima", "yoshioka", "shishido", "gonnosuke", "kojiro"]
EXP_OPPONENTS = ["shiro", "versus3"]
BASE_WEAPONS = ["katana", "bokken", "kusarigama", "nodachi"]
EXP_WEAPONS = ["yari", "wakizashi"]
BASE_PLACES = ["temple_steps", "river_ford", "rice_paddies", "ganryu_shore"]
EXP_PLACES = ["bamboo_forest", "cliff"]
LADDER = ["arima", "yoshioka", "shishido", "gonnosuke", "kojiro"]

# -- setup -----------------------------------------------------------------------------------

def _pick(rng: Rng, base: list[str], exp: list[str], with_exp: bool) -> str:
    return rng.choice(base + exp if with_exp else base)


def new_state(options: DuelOptions, seed: int) -> DuelState:
    rng = Rng(seed=seed)
    exp = options.random_includes_expansion
    opponent = options.opponent
    if options.mode == "duel" and opponent == "random":
        opponent = _pick(rng, BASE_OPPONENTS, EXP_OPPONENTS, exp)
    weapon = options.weapon
    if weapon == "random":
        weapon = _pick(rng, BASE_WEAPONS, EXP_WEAPONS, exp)
    campaign = None
    if options.mode == "campaign":
        ladder = LADDER + (["shiro"] if options.campaign_finale == "shiro" else [])
        events = [e for e in D.events if e != "EV7" or options.bandits_event]
        rng.shuffle(events)
        campaign = Campaign(ladder=ladder, clan=options.clan, event_deck=events)
        opponent = ladder[0]
    life = C.player_life - (1 if weapon == "yari" else 0)
    ki = C.player_ki - (1 if weapon == "yari" else 0)
    player = Player(life=life, life_max=life, ki=ki, ki_start=ki,
                    armour=C.yoroi_resistance if options.yoroi == "player" else None)
    st = DuelState(rng=rng, options=options, opponent=opponent, weapon=weapon,
                   surroundings="none", player=player, foes=[], campaign=campaign)
    if options.blood:
        st.blood_deck = rng.shuffled(list(D.blood))
    if options.bushido:
        st.bushido_deck = rng.shuffled(list(D.bushido))
    wname = D.weapons[weapon].name
    if options.weapon == "random":
        st.say(f"The weapon is drawn at random: the {wname}.")
    if options.mode == "duel" and options.opponent == "random":
        st.say(f"The opponent is drawn at random: {_opponent_name(opponent)}.")
    st.say(f"You take up the {wname}: {D.weapons[weapon].advantage}.")
    start_duel(st, opponent)
    run(st)
    return st


def _opponent_name(opponent: str) -> str:
    return "1 Versus 3" if opponent == "versus3" else D.opponents[opponent].name


def _make_foes(st: DuelState, opponent: str) -> list[Foe]:
    if opponent == "versus3":
        fighters = list(D.versus3.enemies)
        nos = [1, 2, 3]
    else:
        fighters = [D.opponents[opponent]]
        nos = [0]
    foes = []
    effects = st.campaign.effects if st.campaign else []
    for f, no in zip(fighters, nos):
        life = f.life + (1 if "EV6" in effects else 0)
        ki = f.ki + (1 if "EV4" in effects else 0)
        foes.append(Foe(id=f.id, no=no, name=f.name, life=life, life_start=life, ki=ki,
                        ki_start=ki, defs=f.defs, deft=f.deft, atk=f.atk, ability=f.ability,
                        side="A" if f.id == "shiro" else None))
    if st.options.yoroi == "opponent":
        foes[-1].armour = C.yoroi_resistance
    return foes


def start_duel(st: DuelState, opponent: str) -> None:
    """Set up one duel (the whole game, or one step of the campaign ladder)."""
    opts = st.options
    p = st.player
    st.opponent = opponent
    place = opts.surroundings
    if place == "random":
        place = _pick(st.rng, BASE_PLACES, EXP_PLACES, opts.random_includes_expansion)
        st.say(f"The surroundings are drawn at random: {D.surroundings[place].name}.")
    st.surroundings = place
    st.foes = _make_foes(st, opponent)
    # Restore the player (campaign) and rebuild the decks; removed cards stay removed.
    camp = st.campaign
    effects = camp.effects if camp else []
    p.life = p.life_max
    p.ki = p.ki_start
    if camp and camp.clan == "shinmen":
        p.ki += 1
    if "EV2" in effects:
        p.ki += 1
    p.ki = min(C.ki_max, p.ki)
    p.die = C.die_start if not p.no_combos else None
    p.hand = [c for c in p.hand if is_special(c)]
    p.played = []
    p.bleed = 0
    p.yari_left = 3 if st.weapon == "yari" else 0
    p.campaign_redraw_left = 1 if camp else 0
    out = set(st.removed) | set(p.hand)
    st.action_deck = st.rng.shuffled([c for c in D.action_ids if c not in out])
    st.action_discard = []
    st.sa_deck = st.rng.shuffled([c for c in D.special_ids if c not in out])
    st.sa_discard = []
    st.defence_deck = st.rng.shuffled(list(D.defence))
    st.defence_discard = []
    st.counter_deck = st.rng.shuffled(list(D.counters))
    st.counter_discard = []
    st.injury_deck = st.rng.shuffled(list(D.injuries))
    st.gisei_deck = st.rng.shuffled(list(D.gisei)) if opts.gisei else []
    st.round = 0
    st.exchange = 1
    st.target = None
    st.target_locked = False
    st.used_round, st.used_exchange, st.used_duel, st.used_attacker = [], [], [], []
    st.exchange_cards = []
    st.defence = None
    st.counter = None
    st.strikes, st.counters = [], []
    st.queue = []
    st.attack_result = None
    st.jin_picks = []
    st.pending = []
    st.specials_to_take = 0
    st.step = "R0"
    st.reveal()
    names = " and ".join(f.name for f in st.foes) if len(st.foes) == 1 else "three enemies"
    where = D.surroundings[place].name
    if camp:
        st.say(f"Campaign duel {st.duel_no}: you face {names}. Surroundings: {where}.")
    else:
        st.say(f"You face {names}. Surroundings: {where}.")
    for f in st.foes:
        armour = f", armour {f.armour}" if f.armour else ""
        st.say(f"{f.name}: Life {f.life}, Ki {f.ki}{armour}.")
    if camp and camp.clan == "hosokawa":
        take_specials(st, 1)
    if "EV1" in effects:
        damage_player(st, 2, "Ambush on the road")


# -- the run loop ----------------------------------------------------------------------------

def need_target(st: DuelState) -> bool:
    return versus3(st) and (st.target is None or st.foes[st.target].dead)


def has_activatable(st: DuelState) -> bool:
    return bool(st.player.hand)


def run(st: DuelState) -> None:
    while st.result is None and not st.pending:
        step = st.step
        if step in CARD_STEPS:
            if not has_activatable(st) and not (step == "exchange_open" and need_target(st)):
                st.say("No card is left to activate.")
                st.step = CARD_STEPS[step]
                continue
            return
        if step == "counter_prepare":
            while st.queue and st.foes[st.queue[0]].dead:
                st.queue.pop(0)
            if not st.queue:
                end_exchange(st)
                continue
            return
        if step == "counter_revealed":
            if st.surroundings == "ganryu_shore" and "ganryu_shore" not in st.used_duel:
                return
            st.step = "C4"
            continue
        if step in DECISION_STEPS:
            return
        AUTO[step](st)


# -- R0: round start ---------------------------------------------------------------------

def round_start(st: DuelState) -> None:
    p = st.player
    st.step = "round_start"
    st.round += 1
    st.exchange = 1
    w = D.weapons[st.weapon]
    p.s, p.t, p.g = w.s, w.t, w.g
    clamp_gauge(st)
    st.used_round = []
    st.jin_picks = []
    drawn = draw_actions(st, max(0, C.hand_size - len(p.hand)))
    p.hand.extend(drawn)
    st.say(f"Round {st.round} begins. Gauge {p.s}/{p.t}/{p.g}. You draw {card_list(drawn) or 'nothing'}.")


# -- the exchange ------------------------------------------------------------------------

def exchange_open(st: DuelState) -> None:
    st.step = "exchange_open"
    st.exchange_cards = []
    st.used_exchange = []
    st.attack_result = None
    st.die_bonus = 0
    st.target_locked = False
    st.cancelled = False
    st.t_open = st.player.t
    # Keep the notes of the exchange just before this one, for the table.
    before = (st.round, 1) if st.exchange == 2 else (st.round - 1, 2)
    st.strikes = [n for n in st.strikes if (n.round, n.exchange) == before]
    st.counters = [n for n in st.counters if (n.round, n.exchange) == before]
    st.say(f"Round {st.round}, exchange {st.exchange} opens.")
    camp = st.campaign
    if camp and "EV5" in camp.effects and st.round == 1 and st.exchange == 1 and not versus3(st):
        st.say("Spy's report: the defence is revealed before your first card.")
        reveal_defence(st)


def thresholds(st: DuelState) -> tuple[int, int]:
    need = preview.thresholds(st)
    assert need is not None, "the defence is revealed before the strike"
    return need


def reveal_defence(st: DuelState) -> None:
    refill(st.defence_deck, st.defence_discard, st.rng)
    cid = st.defence_deck.pop()
    st.reveal()
    card = D.defence[cid]
    foe = target_foe(st)
    st.defence = Revealed(id=cid)
    st.target_locked = True
    mark = ""
    if card.ki_mark and foe.ki >= 1:
        foe.ki -= 1
        st.defence.bonus = 2 if foe.ability == "old_school" else C.defence_ki_mark
        mark = f"; {foe.name} pays 1 Ki for their mark (+{st.defence.bonus})"
    s, t = thresholds(st)
    st.say(f"{foe.name}'s defence card {defence_label(cid)}{mark}: you need Strength {s} "
           f"and Technique {t}.")


def reveal_step(st: DuelState) -> None:
    st.step = "third_card"
    if st.defence is None:
        reveal_defence(st)


def combo_type(cards: list[str]) -> str | None:
    if len(cards) != C.cards_per_exchange:
        return None
    icons = [D.cards[c].icon for c in cards]
    rest = [i for i in icons if i != "wild"]
    if len(set(rest)) == 1:
        return rest[0]
    return None


def reward_options(st: DuelState) -> list[str]:
    opts = []
    if can_gain_ki(st):
        opts.append("ki")
    if specials_available(st):
        opts.append("special")
    if bushido_open(st):
        opts.append("bushido")
    return opts


def combo_check(st: DuelState) -> None:
    p = st.player
    st.step = "attack"
    st.t_third = p.t
    kind = combo_type(st.exchange_cards)
    if kind is None:
        return
    names = {"F": "Fire", "W": "Water", "E": "Earth", "V": "Void"}
    if kind == "V":
        # Broken rib (B1 Wound 2) removes the die, so Void combos (and only they) do nothing.
        if p.die is None:
            st.say("A Void combo, but Broken rib: Void combos do nothing.")
            return
        step = 2 if bushido_effect(st) == "yu" else 1
        p.die = min(C.die_max, p.die + step)
        st.say(f"Void combo: your Injury die rises to {p.die}.")
        return
    if reward_options(st):
        st.say(f"{names[kind]} combo: choose a reward.")
        st.pending.append(Pending(kind="combo_reward"))
    else:
        st.say(f"{names[kind]} combo, but no reward is left to take.")


RESULT_TEXT = {"miss": "a miss", "W1": "Wound 1", "W2": "Wound 2"}


def hit_test(st: DuelState) -> None:
    p = st.player
    need = thresholds(st)
    s_need, t_need = need
    result, notes = preview.strike_result(st, need)
    st.attack_result = result
    st.strikes.append(StrikeNote(duel=st.duel_no, round=st.round, exchange=st.exchange,
                                 defence=st.defence.id, need_s=s_need, need_t=t_need, s=p.s,
                                 t=p.t, result=result))
    text = RESULT_TEXT[result]
    extra = f" ({'; '.join(notes)})" if notes else ""
    st.say(f"Your strike: Strength {p.s} against {s_need}, Technique {p.t} against {t_need}: "
           f"{text}{extra}.")
    if result != "miss" and p.die is not None and p.die >= C.die_activation_min:
        st.step = "injury_die"
    else:
        st.step = "E10"


def damage_step(st: DuelState) -> None:
    st.step = "E12"
    result = st.attack_result
    i = st.target if st.target is not None else 0
    if st.defence is not None:
        st.defence_discard.append(st.defence.id)
        st.defence = None
    if result in ("W1", "W2"):
        injure_foe(st, i, 1 if result == "W1" else 2, st.die_bonus, "Your attack")
    st.die_bonus = 0


def queue_step(st: DuelState) -> None:
    if versus3(st):
        roll = blue_die(st, "the random counterattack card")
        listed = D.versus3.counter_table[str(roll)]
        st.queue = [n - 1 for n in listed if not st.foes[n - 1].dead]
        if st.queue:
            st.say("Counterattacks from enemy " + ", ".join(str(i + 1) for i in st.queue) + ".")
        else:
            st.say("No living enemy counterattacks.")
    else:
        st.queue = [0] if not st.foes[0].dead else []
    st.used_attacker = []
    if st.queue:
        st.step = "counter_prepare"
    else:
        end_exchange(st)


def end_exchange(st: DuelState) -> None:
    if st.exchange == 1:
        st.exchange = 2
        st.step = "E0"
    else:
        st.step = "N1"


# -- the counterattack ---------------------------------------------------------------------

def reveal_counter(st: DuelState) -> None:
    st.step = "counter_revealed"
    i = st.queue[0]
    foe = st.foes[i]
    refill(st.counter_deck, st.counter_discard, st.rng)
    cid = st.counter_deck.pop()
    st.reveal()
    card = D.counters[cid]
    power = card.power + foe.atk + (C.ex2_power_bonus if st.exchange == 2 else 0)
    parts = [f"{card.power}"]
    if foe.atk:
        parts.append(f"{foe.atk:+d} attack")
    if st.exchange == 2:
        parts.append(f"+{C.ex2_power_bonus} exchange 2")
    surge = False
    if card.ki_mark and foe.ki >= 1:
        foe.ki -= 1
        bonus = 3 if foe.ability == "long_reach" else C.counter_ki_surge
        power += bonus
        surge = True
        parts.append(f"+{bonus} Ki surge")
    if foe.ability == "hot_headed" and st.attack_result == "miss":
        power += 1
        parts.append("+1 hot-headed")
    wound = card.wound
    if foe.ability == "swallow_cut" and st.attack_result == "miss":
        wound = 2
    st.counter = Counter(id=cid, foe=i, power=power, wound=wound, surge=surge)
    st.cancelled = False
    ki = " with a Ki mark" if card.ki_mark else ""
    st.say(f"{foe.name}'s counterattack card{ki}: Power {power} ({' '.join(parts)}), "
           f"Wound {wound}.")


def resolve_counter(st: DuelState) -> None:
    p = st.player
    verdict = preview.counter_result(st)
    ctr = st.counter
    foe = st.foes[ctr.foe]
    st.counter_discard.append(ctr.id)
    st.counter = None
    st.queue.pop(0)
    st.used_attacker = []
    st.step = "counter_prepare"

    def note(result: str) -> None:
        st.counters.append(CounterNote(duel=st.duel_no, round=st.round, exchange=st.exchange,
                                       foe=ctr.foe, card=ctr.id, power=ctr.power, guard=p.g,
                                       result=result))

    if st.cancelled:
        note("cancelled")
        st.say(f"{foe.name}'s counterattack is cancelled: the sun is in his eyes.")
        return
    rose = st.t_third - st.t_open
    blocked = verdict == "blocked"
    if blocked and st.weapon == "kusarigama" and rose >= 5:
        st.say(f"Kusarigama: your Technique rose by {rose} this exchange; "
               f"{foe.name}'s counterattack is blocked.")
    elif blocked:
        st.say(f"{foe.name}'s counterattack {ctr.power} against your Guard {p.g}: blocked.")
    if blocked:
        note("blocked")
        if "SA8" in st.exchange_cards and "SA8" in st.player.played:  # not if Shiro took it
            damage_foe(st, ctr.foe, 1, "Riposte")
        return
    note(f"W{ctr.wound}")
    st.say(f"{foe.name}'s counterattack {ctr.power} against your Guard {p.g}: "
           f"you suffer Wound {ctr.wound}.")
    wound_player(st, ctr.wound, f"{foe.name}'s counterattack")
    if not done(st) and foe.ability == "chain_snare":
        change_gauge(st, dt=-2)
        st.say(f"Chain snare: your Technique drops to {p.t}.")


# -- N: end of round ---------------------------------------------------------------------

def end_cards(st: DuelState) -> None:
    p = st.player
    st.step = "N2"
    for c in p.hand[:]:
        if not is_special(c):
            p.hand.remove(c)
            st.action_discard.append(c)
    for c in p.played:
        (st.sa_discard if is_special(c) else st.action_discard).append(c)
    p.played = []
    st.say(f"Round {st.round} ends.")


def end_bleed_foes(st: DuelState) -> None:
    st.step = "N3"
    for i, foe in enumerate(st.foes):
        if foe.bleed and not foe.dead:
            n, foe.bleed = foe.bleed, 0
            damage_foe(st, i, n, "Bleeding")
            if done(st):
                return


def end_bleed_you(st: DuelState) -> None:
    p = st.player
    st.step = "N4"
    if p.bleed:
        n, p.bleed = p.bleed, 0
        damage_player(st, n, "Bleeding")
    if p.gash and not done(st):
        damage_player(st, 1, "Deep gash")


def end_wakizashi(st: DuelState) -> None:
    st.step = "N5"
    if st.weapon == "wakizashi" and st.round == C.wakizashi_round:
        st.say(f"Wakizashi: at the end of round {st.round} you suffer Wound 1.")
        wound_player(st, 1, "Wakizashi")


def end_cap(st: DuelState) -> None:
    st.step = "R0"
    if st.round >= C.round_cap:
        lose(st, f"The duel is exhausted after {st.round} rounds.")


# -- campaign ----------------------------------------------------------------------------

def campaign_duels(camp: Campaign) -> int:
    """The duels of this campaign: the ladder, and the bandits once their event is drawn."""
    return len(camp.ladder) + (1 if "EV7" in camp.events_drawn else 0)


def next_duel(st: DuelState) -> None:
    camp = st.campaign
    st.duel_no += 1
    if camp.bandits_next:
        camp.bandits_next = False
        camp.in_bandits = True
        start_duel(st, "versus3")
    else:
        start_duel(st, camp.ladder[camp.index])


# -- the table ---------------------------------------------------------------------------

# The decisions of a round, by step: the choices themselves are listed by decisions.legal, and
# the action taken names the next step (decisions.py).
DECISIONS = table(
    Phase("round_start", None, "buy and redraw cards, Jin picks, then begin the round", ("E0",)),
    Phase("exchange_open", None, "choose a target, activate the first card",
          ("second_card", "E3", "E5", "between_duels", END)),
    Phase("second_card", None, "activate the second card", ("E3", "E5", "between_duels", END)),
    Phase("third_card", None, "activate the third card", ("E5", "between_duels", END)),
    Phase("attack", None, "strike (a reward for a combination first)", ("E8", "between_duels", END)),
    Phase("injury_die", None, "roll the blue die for the injury, or not", ("E10",)),
    Phase("counter_prepare", None, "spend Ki, Gisei, penalties before the counterattack",
          ("C2", "C4", "E0", "N1")),
    Phase("counter_revealed", None, "the river ford: keep or put back the counterattack", ("C4",)),
    Phase("between_duels", None, "campaign: go on to the next duel", ("R0",)),
    outside=("E0", "E3", "E5", "E8", "E10", "C2", "C4", "N1", "R0"),
)

# The steps the rules take by themselves, in the order of a round.
STEPS = table(
    Phase("R0", round_start, "a new round: fill the hand, the round cap", ("round_start", END)),
    Phase("E0", exchange_open, "an exchange opens: the defence card is revealed", ("exchange_open",)),
    Phase("E3", reveal_step, "two cards are played: the third is due", ("third_card",)),
    Phase("E5", combo_check, "the combination is checked, the reward offered", ("attack",)),
    Phase("E8", hit_test, "the strike against the defence", ("injury_die", "E10")),
    Phase("E10", damage_step, "the wounds of the strike", ("E12", "between_duels", END)),
    Phase("E12", queue_step, "who counterattacks", ("counter_prepare", "E0", "N1")),
    Phase("C2", reveal_counter, "the counterattack card is revealed", ("counter_revealed", "C4")),
    Phase("C4", resolve_counter, "the counterattack lands (with no one left to counterattack, "
          "the exchange ends)", ("counter_prepare", "E0", "N1", "between_duels", END)),
    Phase("N1", end_cards, "the end of the round: played cards go", ("N2",)),
    Phase("N2", end_bleed_foes, "bleeding foes", ("N3", "between_duels", END)),
    Phase("N3", end_bleed_you, "bleeding you", ("N4", END)),
    Phase("N4", end_wakizashi, "the wakizashi", ("N5",)),
    Phase("N5", end_cap, "the round ends", ("R0",)),
    outside=tuple(DECISIONS),
)

# The card steps: with no card left to activate, the step after (the exchange goes on).
CARD_STEPS = {"exchange_open": "second_card", "second_card": "E3", "third_card": "E5"}
DECISION_STEPS = set(DECISIONS)
AUTO = runners(STEPS)
