"""Items judged in forked workers: results in order, progress as they come, failures raised, none lost."""

import os

import pytest

from askbench.harness.runners.forked import WorkerFailed, default_jobs, judged_apart

started: list[str] = []


def square(item: int) -> int:
    return item * item


def test_every_result_comes_back_in_the_items_order():
    items = list(range(23))
    assert judged_apart(items, 3, square) == [item * item for item in items]


def test_progress_counts_each_result_once_as_it_arrives():
    seen: list[tuple[int, int]] = []
    judged_apart(list(range(7)), 2, square, lambda count, item: seen.append((count, item)))
    assert [count for count, _ in seen] == list(range(1, 8))
    assert sorted(item for _, item in seen) == list(range(7))


def test_each_worker_takes_every_jobs_th_item_and_starts_with_its_share():
    def pid_and_share(item: int) -> tuple[int, tuple[str, ...]]:
        return os.getpid(), tuple(started)

    def start(share: object) -> None:
        started.append(repr(list(share)))  # type: ignore[call-overload]

    results = judged_apart(list(range(6)), 2, pid_and_share, start=start)
    assert results[0][0] == results[2][0] == results[4][0] != results[1][0] == results[3][0]
    assert results[0][1] == ("[0, 2, 4]",) and results[1][1] == ("[1, 3, 5]",)
    assert all(result[0] != os.getpid() for result in results)
    assert started == []


def test_more_workers_than_items_judges_each_once():
    assert judged_apart([4, 5], 8, square) == [16, 25]


def test_an_item_that_raises_is_named_with_the_workers_traceback():
    def judge(item: int) -> int:
        if item == 5:
            raise ValueError("no five")
        return item

    with pytest.raises(WorkerFailed, match="no five") as raised:
        judged_apart(list(range(8)), 2, judge)
    assert raised.value.index == 5


def test_a_result_that_cannot_be_sent_is_a_failure_not_a_hang():
    def unsendable(item: int) -> object:
        return (lambda: item) if item == 3 else item

    with pytest.raises(WorkerFailed) as raised:
        judged_apart(list(range(5)), 2, unsendable)
    assert raised.value.index == 3


def test_a_worker_that_dies_leaves_its_items_missing_and_that_is_raised():
    def dies(item: int) -> int:
        if item == 2:
            os._exit(3)
        return item

    with pytest.raises(WorkerFailed, match="without judging item 2"):
        judged_apart(list(range(6)), 2, dies)


def test_the_default_is_one_worker_per_processor_this_process_may_use():
    assert default_jobs() == len(os.sched_getaffinity(0))
