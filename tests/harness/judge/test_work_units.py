"""askbench.harness.judge.work_units: a reading charged in work units, and a budget linear in the frame."""

import pytest

from askbench.harness.judge.work_units import (
    WORK_PER_FACT,
    WORK_PER_ROW,
    ReadingTimeout,
    WorkMeter,
    frame_budget,
)


def test_a_meter_raises_once_its_budget_is_spent_and_not_before() -> None:
    meter = WorkMeter(10)
    meter.charge(6)
    meter.charge(4)
    with pytest.raises(ReadingTimeout) as raised:
        meter.charge(1)
    assert (raised.value.spent, raised.value.limit) == (11, 10)


def test_the_budget_is_linear_in_rows_and_facts() -> None:
    assert frame_budget(0, 0) == 0
    assert frame_budget(2000, 2001) == 2000 * WORK_PER_ROW + 2001 * WORK_PER_FACT
    assert frame_budget(4000, 4002) == 2 * frame_budget(2000, 2001)
