"""Each seat reads only its own lines of the log; the lines a seat may read are remembered
per log (a view is built after every action), and that memory must never hand one seat's
lines to another, nor survive a log that was replaced or cut back (an undo, a copy)."""

from rules.common import LogLine
from rules.common.models import visible_log


def _log():
    return [LogLine(text="Autumn begins."), LogLine(text="You draw Cherry ribbon.", seats=(0,)),
            LogLine(text="You draw Pine sun.", seats=(1,)), LogLine(text="Ann passes.")]


def _texts(lines):
    return [line.text for line in lines]


def test_each_seat_reads_the_public_lines_and_its_own():
    log = _log()
    assert _texts(visible_log(log, 0)) == ["Autumn begins.", "You draw Cherry ribbon.", "Ann passes."]
    assert _texts(visible_log(log, 1)) == ["Autumn begins.", "You draw Pine sun.", "Ann passes."]
    assert _texts(visible_log(log, None)) == ["Autumn begins.", "Ann passes."]
    # asked again, in the other order, after the first answers were remembered
    assert _texts(visible_log(log, None)) == ["Autumn begins.", "Ann passes."]
    assert _texts(visible_log(log, 1)) == ["Autumn begins.", "You draw Pine sun.", "Ann passes."]
    assert _texts(visible_log(log, 0)) == ["Autumn begins.", "You draw Cherry ribbon.", "Ann passes."]


def test_lines_added_later_are_read_and_a_private_one_only_by_its_seat():
    log = _log()
    visible_log(log, 0), visible_log(log, 1)
    log.append(LogLine(text="You bid Red Cousin (1).", seats=(1,)))
    log.append(LogLine(text="Bo has finished bidding."))
    assert _texts(visible_log(log, 0))[-1] == "Bo has finished bidding."
    assert "You bid Red Cousin (1)." not in _texts(visible_log(log, 0))
    assert _texts(visible_log(log, 1))[-2:] == ["You bid Red Cousin (1).", "Bo has finished bidding."]


def test_a_log_cut_back_and_grown_again_is_read_anew():
    log = _log()
    assert len(visible_log(log, 0)) == 3
    del log[1:]  # back to an earlier point (as an undo restores one) ...
    log += [LogLine(text="You draw Plum animal.", seats=(1,)), LogLine(text="Cleo passes."),
            LogLine(text="Dai passes.")]
    assert len(log) == 4  # as long as when it was last read
    assert _texts(visible_log(log, 0)) == ["Autumn begins.", "Cleo passes.", "Dai passes."]
    assert _texts(visible_log(log, 1)) == ["Autumn begins.", "You draw Plum animal.", "Cleo passes.",
                                           "Dai passes."]


def test_the_list_handed_out_is_the_callers_own():
    log = _log()
    mine = visible_log(log, 0)
    mine.append(LogLine(text="scribbled on a view"))
    mine[0] = LogLine(text="changed")
    assert _texts(visible_log(log, 0)) == ["Autumn begins.", "You draw Cherry ribbon.", "Ann passes."]
