"""A rules-aware bot for the duel.

It orders its cards to meet the defence (before the reveal it averages over the defence
cards still in the deck), takes combos, spends Ki on Guard when the counterattack would
likely wound, and picks cheap penalties. It reads only the view it is given.
"""

from __future__ import annotations

from itertools import combinations, permutations

from .data import data
from .effects import C, is_special
from .models import DuelState
from .words import ICON_NAMES, card_name

D = data()

HIT_VALUE = {0: 0.0, 1: 1.4, 2: 2.8}
LIFE_PER_WOUND = {1: 1.0, 2: 2.1}  # the Injury deck's mean Life loss per wound level
SPECIAL_RANK = ["SA6", "SA4", "SA1", "SA7", "SA8", "SA2", "SA3", "SA5"]
BUSHIDO_RANK = ["K5", "K4", "K6", "K1", "K2", "K3"]


# Each action card as (Strength, Technique, Guard, is Iai-giri): read once, not per look-up.
_CARD = {cid: (c.s, c.t, c.g, c.effect == "iai") for cid, c in D.cards.items()}
_ICON = {cid: c.icon for cid, c in D.cards.items()}
_TOP = C.track_max


def _clamp(v: int, cap: bool) -> int:
    v = max(0, min(C.track_max, v))
    return min(v, 3) if cap else v


def _gauge_after(view: DuelState, cards: tuple[str, ...], start=None) -> tuple[int, int, int]:
    p = view.player
    s, t, g = start if start else (p.s, p.t, p.g)
    top_s = 3 if p.cap_s else _TOP
    top_t = 3 if p.cap_t else _TOP
    n0 = len(view.exchange_cards)
    for k, c in enumerate(cards):
        cs, ct, cg, iai = _CARD[c]
        # _clamp, inlined: 0 at the bottom, the track's top (3 when capped) above.
        s += cs
        s = 0 if s < 0 else (top_s if s > top_s else s)
        t += ct
        t = 0 if t < 0 else (top_t if t > top_t else t)
        g += cg
        g = 0 if g < 0 else (_TOP if g > _TOP else g)
        if iai and n0 + k + 1 == 3:
            s += 3
            s = top_s if s > top_s else s
    if view.weapon == "kusarigama":
        g = 0
    return s, t, g


def _target(view: DuelState):
    return view.foes[view.target if view.target is not None else 0]


def _thresholds(view: DuelState, did: str, assume_mark: bool = True) -> tuple[int, int]:
    d = D.defence[did]
    foe = _target(view)
    bonus = C.ex2_defence_bonus if view.exchange == 2 else 0
    if view.defence is not None and view.defence.id == did:
        bonus += view.defence.bonus
    elif assume_mark and d.ki_mark and foe.ki >= 1:
        bonus += 2 if foe.ability == "old_school" else 1
    return d.s + foe.defs + bonus, d.t + foe.deft + bonus


def _hits(view: DuelState, s: int, t: int, did: str) -> int:
    sn, tn = _thresholds(view, did)
    h = (s >= sn) + (t >= tn)
    if view.weapon == "nodachi" and s >= sn + 4 and t < tn:
        h = 2
    if view.weapon == "bokken":
        h = min(h, 1)
    return h


def _defence_pool(view: DuelState) -> list[str]:
    if view.defence is not None:
        return [view.defence.id]
    return list(view.defence_deck) or list(view.defence_discard) or list(D.defence)


def _counter_pool(view: DuelState) -> list[str]:
    return list(view.counter_deck) or list(view.counter_discard) or list(D.counters)


def _wound_chance(view: DuelState, g: int, foe) -> float:
    """Expected Life lost to this foe's next counterattack with Guard ``g``."""
    pool = _counter_pool(view)
    bad = 0.0
    for cid in pool:
        c = D.counters[cid]
        power = c.power + foe.atk + (C.ex2_power_bonus if view.exchange == 2 else 0)
        if c.ki_mark and foe.ki >= 1:
            power += 3 if foe.ability == "long_reach" else C.counter_ki_surge
        if power > g:
            bad += LIFE_PER_WOUND[c.wound]
    return bad / len(pool)


class _Risk:
    """Guard risk by Guard level, computed once per decision."""

    def __init__(self, view: DuelState) -> None:
        self.view = view
        self.foe = _target(view)
        self.cache: dict[int, float] = {}

    def __call__(self, g: int) -> float:
        if g not in self.cache:
            self.cache[g] = _wound_chance(self.view, g, self.foe)
        return self.cache[g]


def _combo(cards: tuple[str, ...]) -> str | None:
    if len(cards) != 3:
        return None
    rest = [i for c in cards if (i := _ICON[c]) != "wild"]
    return rest[0] if len(set(rest)) == 1 else None


def _score(view: DuelState, cards: tuple[str, ...], pool: list[str], risk: _Risk) -> float:
    """The worth of finishing the exchange with ``cards`` against a defence drawn from
    ``pool``: hits, the Guard's expected Life saved, a combo, the gauge carried over."""
    return _Scorer(view, risk).score(cards, [_thresholds(view, d) for d in pool])


class _Scorer:
    """``_score`` for one decision: what does not depend on the cards is read once, and a
    group of cards is scored against defences given by their thresholds. Same sums in the
    same order as written out in ``score``, so the same floats."""

    def __init__(self, view: DuelState, risk: _Risk) -> None:
        self.view = view
        self.risk = risk
        self.played = tuple(view.exchange_cards)
        self.ex1 = view.exchange == 1
        self.die = view.player.die is not None
        self.nodachi = view.weapon == "nodachi"
        self.bokken = view.weapon == "bokken"

    def hits(self, s: int, t: int, sn: int, tn: int) -> int:
        """``_hits`` with the thresholds given."""
        h = (s >= sn) + (t >= tn)
        if self.nodachi and s >= sn + 4 and t < tn:
            h = 2
        if self.bokken:
            h = min(h, 1)
        return h

    def _rest(self, cards: tuple[str, ...]) -> tuple[int, int, bool, float, float]:
        s, t, g = _gauge_after(self.view, cards)
        all_cards = self.played + cards
        risk = self.risk
        if self.ex1:  # the Guard also stands against exchange 2's stronger blow
            guard = -(risk(g) + 0.7 * risk(g - C.ex2_power_bonus))
        else:
            guard = -1.2 * risk(g)
        combo = _combo(all_cards)
        bonus = 0.0
        if combo == "V":
            bonus = 0.4 if self.die else 0.0
        elif combo:
            bonus = 0.8
        return s, t, "SA7" in all_cards, guard, bonus

    def _finish(self, hit: float, s: int, t: int, sa7: bool, guard: float, bonus: float) -> float:
        if sa7:
            hit = max(hit, HIT_VALUE[1])
        if self.ex1:
            hit += 0.05 * (s + t)  # the gauge carries into exchange 2
        return hit + guard + bonus

    def score(self, cards: tuple[str, ...], ths: list[tuple[int, int]]) -> float:
        s, t, sa7, guard, bonus = self._rest(cards)
        hit = sum(HIT_VALUE[self.hits(s, t, sn, tn)] for sn, tn in ths) / len(ths)
        return self._finish(hit, s, t, sa7, guard, bonus)

    def by_hits(self, cards: tuple[str, ...]) -> tuple[int, int, tuple[float, float, float]]:
        """The gauge after ``cards`` and their score against a single defence that they
        would miss, wound once, wound twice (``score`` with one defence, by hit count)."""
        s, t, sa7, guard, bonus = self._rest(cards)
        return s, t, tuple(self._finish(HIT_VALUE[h], s, t, sa7, guard, bonus) for h in (0, 1, 2))


def _best_cards(view: DuelState, hand: list[str], need: int) -> tuple[str, ...]:
    """The best ordered group of ``need`` cards to finish this exchange."""
    scorer = _Scorer(view, _Risk(view))
    ths = [_thresholds(view, d) for d in _defence_pool(view)]
    best, best_v = None, -1e9
    for combo in combinations(hand, need):
        # Iai-giri wants the last place; otherwise order only matters at the caps.
        orders = [combo] if need == 1 else sorted(set(permutations(combo)))[:6]
        for order in orders:
            v = scorer.score(order, ths)
            if v > best_v:
                best, best_v = order, v
    return best


_FIRST_PAIRS: dict[tuple, tuple[str, ...]] = {}


def _first_pair(view: DuelState, hand: list[str], need_first: int) -> tuple[str, ...]:
    """``_find_first_pair``, remembered by everything it reads: the search plays the same
    world out after each of its choices, and the rollouts meet the same hands again."""
    p = view.player
    foe = _target(view)
    d = view.defence
    key = (tuple(hand), need_first, tuple(_defence_pool(view)), tuple(_counter_pool(view)),
           None if d is None else (d.id, d.bonus), view.exchange, tuple(view.exchange_cards),
           view.weapon, p.s, p.t, p.g, p.cap_s, p.cap_t, p.die is None,
           foe.defs, foe.deft, foe.atk, foe.ki, foe.ability)
    found = _FIRST_PAIRS.get(key)
    if found is None:
        if len(_FIRST_PAIRS) >= 50_000:
            _FIRST_PAIRS.clear()
        found = _FIRST_PAIRS[key] = _find_first_pair(view, hand, need_first)
    return found


def _find_first_pair(view: DuelState, hand: list[str], need_first: int) -> tuple[str, ...]:
    """Before the reveal: the cards to play now, leaving the best 3rd card for after it
    (for each defence that can come, the best 3rd card against it)."""
    pool = _defence_pool(view)
    scorer = _Scorer(view, _Risk(view))
    hits = scorer.hits
    ths = [_thresholds(view, d) for d in pool]
    best, best_v = None, -1e9
    for combo in combinations(hand, need_first):
        rest = [c for c in hand if c not in combo]
        groups = _undominated([scorer.by_hits(combo + (r,)) for r in rest] or [scorer.by_hits(combo)])
        total = 0.0
        seen: dict[tuple[int, int], float] = {}
        for th in ths:
            top = seen.get(th)
            if top is None:
                sn, tn = th
                top = seen[th] = max(vals[hits(s, t, sn, tn)] for s, t, vals in groups)
            total += top
        v = total / len(pool)
        if v > best_v:
            best, best_v = combo, v
    return best


def _undominated(groups: list[tuple[int, int, tuple[float, float, float]]]) -> list:
    """The third cards worth looking at: a gauge that is no higher on either track and
    scores no more at any hit count than another never scores more against any defence
    (hits only grow with Strength and Technique, and a score with the hits), so the
    best against each defence is the same number without it."""
    keep = []
    for i, (s, t, vals) in enumerate(groups):
        for j, (s2, t2, vals2) in enumerate(groups):
            if j != i and s2 >= s and t2 >= t and vals2[0] >= vals[0] and vals2[1] >= vals[1] \
                    and vals2[2] >= vals[2] and ((s2, t2, vals2) != (s, t, vals) or j < i):
                break
        else:
            keep.append((s, t, vals))
    return keep


def _find(actions, kind, **fields):
    for a in actions:
        if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items()):
            return a
    return None


def samurai(game, view: DuelState, seat, actions, rng):
    """The bot's pick (it plays as ``advise`` suggests)."""
    return advise(view, actions)[0]


def advise(view: DuelState, actions) -> tuple[object, str]:
    """The bot's choice among ``actions`` and the reason its evaluation gives, in one line.
    It reads only ``view``: the decks' contents, never their order."""
    p = view.player
    kinds = {a.kind for a in actions}
    first = actions[0]
    # Mid-effect choices.
    if first.kind == "reward":
        for choice in ("bushido", "special", "ki"):
            if choice == "special" and sum(is_special(c) for c in p.hand) >= 2:
                continue
            a = _find(actions, "reward", choice=choice)
            if a:
                return a, REWARD_REASON[choice]
        return first, "the only reward left"
    if first.kind in ("special_keep", "special_limit"):
        ranked = sorted(actions, key=lambda a: SPECIAL_RANK.index(a.card))
        if first.kind == "special_keep":
            return ranked[0], "the strongest of the cards offered, by this bot's ranking"
        return ranked[-1], "the weakest of your Special Action cards, by this bot's ranking"
    if first.kind == "choose":
        return (min(actions, key=lambda a: BUSHIDO_RANK.index(a.card)),
                "the strongest virtue left in the deck, by this bot's ranking")
    if first.kind == "penalty":
        return _penalty(view, actions)
    if "ford_keep" in kinds:
        top = D.counters[view.pending[-1].cards[0]]  # the card the ford showed
        foe = view.foes[view.queue[0]] if view.queue else _target(view)
        power = top.power + foe.atk + (C.ex2_power_bonus if view.exchange == 2 else 0)
        if power > p.g:
            return (_find(actions, "ford_bottom"),
                    f"at Power {power} or more it would beat your Guard {p.g}")
        return _find(actions, "ford_keep"), f"your Guard {p.g} blocks its Power {power}"
    if "activate_die" in kinds:
        foe = _target(view)
        lethal = p.die + 1 >= foe.life + (foe.armour or 0)
        if lethal:
            return _find(actions, "activate_die"), f"+{p.die} damage can finish {foe.name}"
        if p.die >= 3:
            return _find(actions, "activate_die"), f"level {p.die} is worth spending now"
        return _find(actions, "decline"), f"level {p.die} is worth more after another Void combo"
    if "continue" in kinds:
        return _find(actions, "continue"), "the next duel awaits"
    if "accept" in kinds:
        ctr = view.counter
        if ctr and ctr.power > p.g and (ctr.wound == 2 or p.life <= 3):
            why = "a Wound 2" if ctr.wound == 2 else f"a wound at Life {p.life}"
            return (_find(actions, "exploit", place="ganryu_shore"),
                    f"Power {ctr.power} beats your Guard {p.g}: cancel {why}")
        if ctr and ctr.power > p.g:
            return _find(actions, "accept"), "a Wound 1: keep the shore for a worse blow"
        return _find(actions, "accept"), f"your Guard {p.g} blocks it"
    # Any-time habits.
    if "meiyo" in kinds and p.life <= p.life_max - 2 and p.ki >= 2:
        return _find(actions, "meiyo"), f"2 or more Life down (Life {p.life}) with Ki to spare"
    if "bokken_ki" in kinds and p.ki < 2 and p.life >= 5:
        return _find(actions, "bokken_ki"), f"Ki is low ({p.ki}) and Life high enough ({p.life})"
    if "jin_confirm" in kinds:
        return _find(actions, "jin_confirm"), "swap the cards marked"
    if "begin" in kinds:
        if "bushido_advance" in kinds and p.ki >= 4:
            return _find(actions, "bushido_advance"), f"Ki {p.ki}: 2 of it go toward a Bushido card"
        if "buy_card" in kinds and p.ki > 2:
            return _find(actions, "buy_card"), f"Ki {p.ki}: a 7th card widens your choice"
        return _find(actions, "begin"), "nothing here is worth your Ki now"
    if "target" in kinds and (view.target is None or view.foes[view.target].dead):
        living = [a for a in actions if a.kind == "target"]
        a = min(living, key=lambda a: view.foes[a.n - 1].life)
        return a, f"enemy {a.n} has the least Life ({view.foes[a.n - 1].life})"
    if "strike" in kinds:
        return _attack(view, actions)
    if "face" in kinds:
        return _counter_prepare(view, actions)
    if "activate" in kinds:
        return _play_card(view, actions)
    return first, "the first choice offered"


REWARD_REASON = {
    "bushido": "a step toward a Bushido card, which lasts the whole game",
    "special": "a Special Action card: you hold fewer than 2",
    "ki": "Ki pays for Guard, a 7th card or an early look",
}


def _play_card(view: DuelState, actions):
    p = view.player
    hand = [a.card for a in actions if a.kind == "activate"]
    n = len(view.exchange_cards)
    if n == 0 and view.defence is None:
        # The Cliff is never exploited: half its rolls lose the duel.
        if _find(actions, "peek") and p.ki >= 3:
            return (_find(actions, "peek"),
                    f"Ki {p.ki}: with the defence seen first, all three cards can meet it")
    if view.defence is not None:
        if n == 2 and _find(actions, "exploit", place="rice_paddies") and p.ki >= 2:
            best = _best_cards(view, hand, 1)
            s, t, _ = _gauge_after(view, best)
            if _hits(view, s, t, view.defence.id) == 0:
                return (_find(actions, "exploit", place="rice_paddies"),
                        "no card in hand hits this defence: try the next one")
        order = _best_cards(view, hand, min(3 - n, len(hand)))
        s, t, g = _gauge_after(view, order)
        hits = _hits(view, s, t, view.defence.id)
        result = ("a miss", "Wound 1", "Wound 2")[hits]
        combo = _combo(tuple(view.exchange_cards) + order)
        extra = f", a {ICON_NAMES[combo]} combo" if combo else ""
        rest = f" then {' '.join(_names(order[1:]))}" if len(order) > 1 else ""
        why = f"{_names(order[:1])[0]}{rest}: {result} against this defence{extra}, Guard {g}"
        return _find(actions, "activate", card=order[0]), why
    need_first = max(1, min(2 - n, len(hand)))
    order = _first_pair(view, hand, need_first)
    pool = _defence_pool(view)
    start = " and ".join(_names(order))
    why = (f"the best start over the {len(pool)} defence cards that can come: {start}, "
           "keeping the best third card for after the reveal")
    return _find(actions, "activate", card=order[0]), why


def _names(cards) -> list[str]:
    return [card_name(c) for c in cards]


def _attack(view: DuelState, actions):
    p = view.player
    if view.defence is None:
        return _find(actions, "strike"), "strike"
    sn, tn = _thresholds(view, view.defence.id)
    if _find(actions, "spend_credit", track="s") and sn - p.s >= 1 and sn - p.s <= p.credit:
        return (_find(actions, "spend_credit", track="s"),
                f"Strength is {sn - p.s} short and credit covers it")
    if _find(actions, "spend_credit", track="t") and tn - p.t >= 1 and tn - p.t <= p.credit:
        return (_find(actions, "spend_credit", track="t"),
                f"Technique is {tn - p.t} short and credit covers it")
    if _find(actions, "exploit", place="temple_steps") and 0 < sn - p.s <= 2:
        return (_find(actions, "exploit", place="temple_steps"),
                f"Strength is {sn - p.s} short: the high ground gives +2")
    hits = _hits(view, p.s, p.t, view.defence.id)
    return _find(actions, "strike"), f"it scores {('a miss', 'Wound 1', 'Wound 2')[hits]} now"


def _counter_prepare(view: DuelState, actions):
    p = view.player
    foe = view.foes[view.queue[0]] if view.queue else _target(view)
    if view.weapon == "kusarigama" and view.t_third - view.t_open >= 5:
        return _find(actions, "face"), "the Kusarigama blocks this exchange's counterattacks"
    risk = _wound_chance(view, p.g, foe)
    if _find(actions, "ki_guard"):
        bonus = 3 if view.campaign and view.campaign.clan == "yagyu" else C.ki_guard
        safer = _wound_chance(view, p.g + bonus, foe)
        if risk - safer >= (0.2 if p.ki >= 3 else 0.35):
            return (_find(actions, "ki_guard"),
                    f"Guard +{bonus} cuts the Life you can expect to lose from {risk:.1f} to {safer:.1f}")
    if _find(actions, "exploit", place="river_ford") and p.ki >= 2 and risk >= 0.5:
        return (_find(actions, "exploit", place="river_ford"),
                f"expected Life lost {risk:.1f}: worth 1 Ki to see the card first")
    if _find(actions, "exploit", place="bamboo_forest") and risk >= 0.6:
        return (_find(actions, "exploit", place="bamboo_forest"),
                f"expected Life lost {risk:.1f}: Guard +3 on 1-4 is worth the risk")
    if _find(actions, "gisei") and p.life >= 4:
        gain = risk - _wound_chance(view, p.g + 3, foe)
        if gain * (2.5 if view.options.blood else 1.0) >= 0.7:
            return (_find(actions, "gisei"),
                    f"about Guard +3 saves {gain:.1f} Life on average, for 1 Life")
    return (_find(actions, "face"),
            f"expected Life lost {risk:.1f} with Guard {p.g}: nothing here is worth paying for")


def _card_worth(cid: str) -> int:
    c = D.cards[cid]
    return max(0, c.s) + max(0, c.t) + max(0, c.g)


def _penalty(view: DuelState, actions):
    """The cheapest of Shiro's penalties: a spare card, then Ki or the die, then the rest."""
    p = view.player
    in_exchange = view.step in ("exchange_open", "second_card", "third_card")
    needed = (3 - len(view.exchange_cards) if in_exchange or view.step == "attack" else 0)
    if view.exchange == 1 and view.step not in ("N2", "N3", "N4", "N5", "R0"):
        needed += 3
    hand = [a for a in actions if a.option == "card" and a.card in p.hand]
    if len(p.hand) > needed and hand:
        return (min(hand, key=lambda a: (is_special(a.card), _card_worth(a.card))),
                f"a spare card: this round needs only {needed} of your {len(p.hand)}")
    if p.ki >= 3 and _find(actions, "penalty", option="ki"):
        return _find(actions, "penalty", option="ki"), f"Ki {p.ki} can spare 1"
    if _find(actions, "penalty", option="die") and p.die <= 3:
        return _find(actions, "penalty", option="die"), f"the die at {p.die} loses little"
    for opt in ("ki", "die"):
        a = _find(actions, "penalty", option=opt)
        if a:
            return a, "cheaper than Life or a card"
    if p.life > 3:
        return _find(actions, "penalty", option="life"), f"Life {p.life} can spare 1"
    cards = [a for a in actions if a.option == "card"]
    if cards:
        return min(cards, key=lambda a: _card_worth(a.card)), "the card worth least: Life is low"
    return _find(actions, "penalty", option="life"), "the only penalty left"
