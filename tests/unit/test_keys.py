"""Keys stay with what an action is, and an offered action is never left without a key
while a key is held only by actions that are not offered now."""

from __future__ import annotations

from screens.common.keys import ACTION_KEYS, KeyChart


def squares(start: int, n: int) -> list[dict]:
    return [{"kind": "place", "square": start + i} for i in range(n)]


def test_an_action_keeps_its_key_while_it_comes_back():
    chart = KeyChart(ACTION_KEYS)
    first = chart.assign([{"kind": "roll"}, {"kind": "spend_token", "who": "Kyuzo"}, {"kind": "pass"}])
    second = chart.assign([{"kind": "roll"}, {"kind": "pass"}])  # the token is spent
    assert second == [first[0], first[2]]
    third = chart.assign([{"kind": "pass"}, {"kind": "roll"}, {"kind": "spend_token", "who": "Kyuzo"}])
    assert third == [first[2], first[0], first[1]]


def test_keys_remembered_for_absent_actions_give_way_to_offered_ones():
    chart = KeyChart(ACTION_KEYS)
    for d in range(5):  # placement: more squares than there are keys, over a few decisions
        chart.assign(squares(100 * d, 20))
    activations = [{"kind": "activate", "who": name} for name in "ABCDEFGHIJK"]
    keys = chart.assign(activations)
    assert None not in keys and len(set(keys)) == len(keys)
    assert chart.assign(activations) == keys  # and they stay


def test_only_a_list_longer_than_the_keys_leaves_rows_without_one():
    chart = KeyChart(ACTION_KEYS)
    keys = chart.assign(squares(0, len(ACTION_KEYS) + 3))
    assert keys.count(None) == 3
