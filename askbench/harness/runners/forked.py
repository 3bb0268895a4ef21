"""Items judged in worker processes forked from this one, results in the items' order.

The gate's work is the judge's Python, one fixture at a time, and a fixture
shares nothing with another: forked workers split it over the machine's
cores with nothing to hand over but the index of each item (the items, the
judge and everything loaded before the fork are the workers' already). A
worker takes every ``jobs``-th item, so families of costly fixtures are
shared out, and sends each result back as it is made, so progress is shown
as it comes.
"""

from __future__ import annotations

import multiprocessing
import os
import traceback
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from typing import TypeVar, cast

__all__ = ["WorkerFailed", "default_jobs", "judged_apart"]

Item = TypeVar("Item")
Result = TypeVar("Result")


class WorkerFailed(RuntimeError):
    """A worker raised while judging an item, or ended before it sent every result it owed."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index
        """Which item."""


def default_jobs() -> int:
    """One worker per processor this process may run on."""
    return max(1, len(os.sched_getaffinity(0)))


def judged_apart(
    items: Sequence[Item],
    jobs: int,
    judge: Callable[[Item], Result],
    done: Callable[[int, Item], None] | None = None,
    *,
    start: Callable[[Sequence[Item]], None] | None = None,
) -> list[Result]:
    """``judge`` of every item, in ``jobs`` forked workers; ``done(count, item)`` as each result arrives.

    ``start`` is called in each worker first, with the items that worker will judge."""
    context = multiprocessing.get_context("fork")
    readers: set[Connection] = set()
    workers = []
    for share in range(min(jobs, len(items))):
        reader, writer = context.Pipe(duplex=False)
        worker = context.Process(target=_work, args=(items, share, jobs, judge, start, writer))
        worker.start()
        writer.close()
        readers.add(reader)
        workers.append(worker)
    results: dict[int, Result] = {}
    try:
        while readers:
            for ready in wait(list(readers)):
                _receive(cast(Connection, ready), readers, results, items, done)
    finally:
        for worker in workers:
            worker.join(timeout=5)
            if worker.is_alive():
                worker.kill()
    missing = [index for index in range(len(items)) if index not in results]
    if missing:
        raise WorkerFailed(missing[0], f"a worker ended without judging item {missing[0]}")
    return [results[index] for index in range(len(items))]


def _receive(
    reader: Connection,
    readers: set[Connection],
    results: dict[int, Result],
    items: Sequence[Item],
    done: Callable[[int, Item], None] | None,
) -> None:
    try:
        index, result, failure = reader.recv()
    except EOFError:
        readers.discard(reader)
        reader.close()
        return
    if failure is not None:
        raise WorkerFailed(index, f"judging item {index} raised:\n{failure}")
    results[index] = result
    if done is not None:
        done(len(results), items[index])


def _work(
    items: Sequence[Item],
    share: int,
    jobs: int,
    judge: Callable[[Item], Result],
    start: Callable[[Sequence[Item]], None] | None,
    writer: Connection,
) -> None:
    if start is not None:
        start(items[share::jobs])
    for index in range(share, len(items), jobs):
        try:
            writer.send((index, judge(items[index]), None))
        except BaseException:  # noqa: BLE001 - sent to the parent, which raises it as its own
            writer.send((index, None, traceback.format_exc()))
            break
    writer.close()
