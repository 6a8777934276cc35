"""Setup (spec 3): samurai, village, the raider stack, reserve, pool, first player."""

from __future__ import annotations

from rules.common import Rng

from . import data
from .model import Samurai, SpiritOptions, SpiritState, build, effect
from .village import plural
from .words import family


def new_state(options: SpiritOptions, seed: int) -> SpiritState:
    rng = Rng(seed=seed)
    n = options.n
    row = data.difficulty(options.difficulty)
    # 1. samurai
    if options.samurai:
        chosen = list(options.samurai)
    else:
        chosen = rng.shuffled(list(data.names()))[:n]
    # 2. village
    backs = rng.shuffled([f.id for f in data.village().farms])  # face down onto slots 1-6
    cap = n + row.barricades_plus
    # 3. plunderers
    plunderers = rng.shuffled(data.ids_of("plunderer"))
    k = row.plunderers_per_samurai * n
    dealt, undealt = plunderers[:k], plunderers[k:]
    # 4. family guarantee
    if options.two_player_rules:
        def fam(c: str) -> bool:
            return data.card(c).icon == "family"
        swapped = 0
        while sum(map(fam, dealt)) < 2:
            out = max(i for i, c in enumerate(dealt) if not fam(c))
            inn = min(i for i, c in enumerate(undealt) if fam(c))
            dealt[out], undealt[inn] = undealt[inn], dealt[out]
            swapped += 1
        rng.shuffle(dealt)
    # 5. lieutenants and bosses
    m = n - row.extra_cards_minus
    lts = rng.shuffled(data.ids_of("lieutenant"))
    bosses = rng.shuffled(data.ids_of("boss"))
    reserve = lts[:m] + bosses[:m]
    box = undealt + lts[m:] + bosses[m:]
    # 6. pool
    pool = [x for x in data.names() if x not in chosen] if options.two_player_rules else []
    # 7. first player
    first = rng.below(n)
    # Built from values valid by construction: validating them again cost more than the rest.
    state = build(
        SpiritState, rng=rng, options=options, n=n, dealt=k, extra=m,
        samurai=[build(Samurai, name=x) for x in chosen], barricades=cap, cap=cap,
        farms=list(range(1, len(backs) + 1)), backs=backs,
        families=list(data.village().families), raiders=dealt, reserve=reserve, box=box,
        pool=pool, first_seat=first, active=first,
    )
    state.say(f"Samurai Spirit, {options.difficulty} difficulty: " + ", ".join(
        f"seat {i + 1} {x}" for i, x in enumerate(chosen)) + ".")
    state.say(f"The village: {cap} barricades, {len(backs)} farmsteads,"
              f" families {', '.join(map(family, state.families))}.")
    state.say(f"The raider stack holds {k} plunderers; {plural(m, 'lieutenant')} and"
              f" {plural(m, 'boss', 'bosses')} wait face down for rounds 2 and 3.")
    if options.two_player_rules:
        state.say(f"Two-player rules: at least 2 family cards among the dealt plunderers"
                  f" ({swapped} swapped in to make sure); pool tokens: {', '.join(pool)}.")
    state.say(f"{chosen[first]} is picked at random to start.")
    state.effects.append(effect(kind="START_TURN", seat=first))
    return state
